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
  /**
   * A JSON request to the app with the token (extra headers win): its status, its x-cache header
   * (hit or miss) and its parsed body.
   */
  request: (method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<CachedResponse>
}

/** What `ListeningCacheApp.request` answers. */
export interface CachedResponse {
  status: number
  cache: string | null
  body: any
}

/**
 * Runs `check` until it passes, every 20 ms, at most about 2 s (a notification from another
 * connection arrives within milliseconds); the last failure is thrown.
 */
export async function eventually(check: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await check()
    } catch (error) {
      if (i >= 100) throw error
      await new Promise((r) => setTimeout(r, 20))
    }
  }
}

/**
 * Registers (inside a describeEachDatabase) the beforeAll that builds the app on `get()`'s database
 * with a listening TableVersions, signs in with `signIn` and opens the outside connection, and the
 * afterAll that closes the connection and the versions.
 */
export function listeningCacheApp(
  get: () => TestContext,
  signIn: (ctx: TestContext) => Promise<string>,
): ListeningCacheApp {
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
      state.outsideWrite = async (text, params) => void (await other.query(text, params))
      closeOutside = () => other.end()
    } else {
      state.outsideWrite = async (text, params) => void (await ctx.database.pglite!.query(text, params))
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
    get ctx() {
      return ready('ctx')
    },
    get versions() {
      return ready('versions')
    },
    get app() {
      return ready('app')
    },
    get token() {
      return ready('token')
    },
    get outsideWrite() {
      return ready('outsideWrite')
    },
    async request(method, url, body, headers = {}) {
      const all: Record<string, string> = { authorization: `Bearer ${ready('token')}`, ...headers }
      if (body !== undefined) all['content-type'] = 'application/json'
      const res = await ready('app').request(url, {
        method,
        headers: all,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, cache: res.headers.get('x-cache'), body: await res.json() }
    },
  }
}
