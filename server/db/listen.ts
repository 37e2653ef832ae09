/**
 * One LISTEN subscription on `channel`: PGlite through its in-process `listen`, PostgreSQL on a
 * dedicated client (not one of the pool's, which would hand the connection to other queries),
 * re-opened RECONNECT_MS after it drops. The table versions (services/table-versions.ts) and the
 * live event stream (services/live-events.ts) each hold one per process.
 */
import pg from 'pg'
import type { Database } from './client'

/** Delay before re-opening a LISTEN connection that dropped, in ms. */
export const RECONNECT_MS = 1000

export type ListenHandlers = {
  /** Every notification's payload ('' when it had none). */
  onPayload: (payload: string) => void
  /** The subscription is up: notifications from here on arrive (once per (re)connect). */
  onUp?: () => void
  /** The PostgreSQL connection dropped: notifications in between are lost until the next `onUp`. */
  onDown?: () => void
}

/**
 * Subscribe to `channel` on `database` and answer the function that ends the subscription; a
 * database with neither PGlite nor a pool answers a no-op (nothing to listen on). `channel` is a
 * fixed identifier of this code, never input.
 */
export async function listenChannel(
  database: Database,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, (payload) => handlers.onPayload(payload ?? ''))
    handlers.onUp?.()
    return () => unlisten()
  }
  if (!database.pool) return async () => {}
  const { connectionString } = database.pool.options
  let stopped = false
  let stopCurrent: (() => Promise<void>) | undefined
  const retry = () => {
    if (!stopped) setTimeout(() => void connect(), RECONNECT_MS).unref()
  }
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString })
    let down = false
    const release = () => {
      client.removeAllListeners()
      client.on('error', () => {})
      return client.end().catch(() => {})
    }
    const lost = () => {
      if (down) return
      down = true
      handlers.onDown?.()
      void release()
      retry()
    }
    client.on('notification', (message) => handlers.onPayload(message.payload ?? ''))
    client.on('error', lost)
    client.on('end', lost)
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
    } catch {
      lost()
      return
    }
    if (stopped) {
      down = true
      await release()
      return
    }
    stopCurrent = async () => {
      down = true
      await release()
    }
    handlers.onUp?.()
  }
  await connect()
  return async () => {
    stopped = true
    await stopCurrent?.()
  }
}
