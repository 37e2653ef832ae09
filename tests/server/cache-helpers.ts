/**
 * Shared setup of the table-version cache tests (decision 004; list-cache, orders-cache): an app
 * with a listening TableVersions, as `npm start` runs it, and a way to write past the app.
 */
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { createApp } from '../../server/app'
import { TableVersions } from '../../server/services/table-versions'
import type { TestContext } from './harness'

/** What `listeningCacheApp` prepares; filled in its beforeAll, so read it inside tests only. */
export interface ListeningCacheApp {
  ctx: TestContext
  /** Listening (LISTEN/NOTIFY on PostgreSQL), closed after the suite. */
  versions: TableVersions
  app: ReturnType<typeof createApp>
  /** An admin's access token from `signIn`. */
  token: string
  /** A write that does not go through this app: another connection (PostgreSQL) or raw PGlite. */
  outsideWrite: (text: string, params: unknown[]) => Promise<void>
}

/**
 * Registers (inside a describeEachDatabase) the beforeAll that builds the app on `get()`'s database
 * with a listening TableVersions, signs in with `signIn` and opens the outside connection, and the
 * afterAll that closes the connection and the versions.
 */
export function listeningCacheApp(get: () => TestContext, signIn: (ctx: TestContext) => Promise<string>): ListeningCacheApp {
  const state: Partial<ListeningCacheApp> = {}
  let closeOutside = async () => {}
  beforeAll(async () => {
    const ctx = get()
    const versions = new TableVersions(ctx.database.db)
    Object.assign(state, { ctx, versions })
    await versions.listen(ctx.database)
    state.app = createApp({ ...ctx.deps, versions })
    state.token = await signIn(ctx)
    if (ctx.database.pool) {
      const other = new pg.Client({ connectionString: ctx.database.pool.options.connectionString })
      await other.connect()
      state.outsideWrite = async (text, params) => void await other.query(text, params)
      closeOutside = () => other.end()
    } else {
      state.outsideWrite = async (text, params) => void await ctx.database.pglite!.query(text, params)
    }
  })
  afterAll(async () => {
    await closeOutside()
    await state.versions?.close()
  })
  const ready = <K extends keyof ListeningCacheApp>(key: K): ListeningCacheApp[K] => {
    const value = state[key]
    if (value === undefined) throw new Error(`listeningCacheApp: ${key} is read before its beforeAll ran`)
    return value as ListeningCacheApp[K]
  }
  return {
    get ctx() { return ready('ctx') },
    get versions() { return ready('versions') },
    get app() { return ready('app') },
    get token() { return ready('token') },
    get outsideWrite() { return ready('outsideWrite') },
  }
}
