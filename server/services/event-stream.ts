/**
 * One open GET /api/events stream (decision 044): the `retry:` advice, the replay after
 * `Last-Event-ID` (or a `resync` event when it cannot be complete), then every live event the
 * process's LiveEvents hands it, in order; a comment line every `heartbeatMs`, at which the access
 * token and its session are checked again: an expired token or a signed-out session ends the
 * stream, and the client reconnects with a fresh token (or stops, signed out). A reader that
 * falls more than `liveEvents.maxUnsentBytes` behind is ended too (it reconnects and replays), so a
 * stalled connection cannot hold the server's memory.
 */
import type { SSEStreamingApi } from 'hono/streaming'
import { EVENTS_RETRY_MS, REPLAY_LIMIT, type StreamEvent } from '../../src/api/schemas/live'
import { changesAfter } from '../db/queries/live-events.queries'
import { sseFrame } from '../domain/live-events'
import type { AppDeps } from '../deps'
import { verifyAccessToken } from './access-token'

export type EventStreamOptions = {
  /** The bearer access token the stream was opened with (checked again on every heartbeat). */
  token: string
  /** Its session (refresh-token family), null for a token made without one. */
  sid: string | null
  /** The client's `Last-Event-ID` (an audit id), absent on a first connect. */
  lastEventId?: string
}

/** Serve `stream` until the client goes, the token or session ends, or the server shuts down. */
export async function runEventStream(
  deps: Pick<AppDeps, 'db' | 'jwtSecret' | 'now' | 'verifiedTokens' | 'liveSessions' | 'liveEvents'>,
  stream: SSEStreamingApi,
  options: EventStreamOptions,
): Promise<void> {
  let end = () => {}
  const ended = new Promise<void>((resolve) => (end = resolve))
  stream.onAbort(() => end())
  // Bytes handed to the stream that its connection has not taken yet (a write settles once taken).
  let unsent = 0
  const write = (frames: string | Uint8Array) => {
    if (unsent > deps.liveEvents.maxUnsentBytes) return end()
    const bytes = typeof frames === 'string' ? Buffer.byteLength(frames) : frames.byteLength
    unsent += bytes
    stream.write(frames).then(
      () => void (unsent -= bytes),
      () => end(),
    )
  }
  // Live events wait while the replay is read, so none is sent before an older one. A change the
  // replay sent is not sent again when its notification reaches this process later (it committed
  // just before the reconnect): such a batch is encoded for this stream without it.
  let held: StreamEvent[] | null = []
  const replayed = new Set<string>()
  const notReplayed = (event: StreamEvent) => event.type !== 'change' || !replayed.has(event.id)
  const unsubscribe = deps.liveEvents.subscribe({
    events: (events, frames) => {
      if (held) held.push(...events)
      else if (!replayed.size || events.every(notReplayed)) write(frames)
      else {
        const fresh = events.filter(notReplayed)
        if (fresh.length) write(fresh.map(sseFrame).join(''))
      }
    },
    close: () => end(),
  })
  const stillAuthorised = async () =>
    (await verifyAccessToken(deps.jwtSecret, options.token, deps.now(), deps.verifiedTokens)) !== null &&
    (!options.sid || (await deps.liveSessions.isLive(options.sid)))
  const heartbeat = setInterval(() => {
    stillAuthorised().then(
      (yes) => (yes ? write(': heartbeat\n\n') : end()),
      () => end(),
    )
  }, deps.liveEvents.heartbeatMs)
  try {
    await stream.write(`retry: ${EVENTS_RETRY_MS}\n\n`)
    if (options.lastEventId !== undefined) {
      const replay = await changesAfter(deps.db, options.lastEventId, REPLAY_LIMIT)
      if (!replay.complete) write(sseFrame({ type: 'resync' }))
      else if (replay.events.length) {
        write(replay.events.map(sseFrame).join(''))
        for (const event of replay.events) replayed.add(event.id)
      }
    }
    const fresh = held.filter(notReplayed)
    if (fresh.length) write(fresh.map(sseFrame).join(''))
    held = null
    await ended
  } finally {
    clearInterval(heartbeat)
    unsubscribe()
  }
}
