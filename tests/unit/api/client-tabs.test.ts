/**
 * Two tabs refreshing at once: two API clients over one shared storage (as two
 * tabs share localStorage) both get a 401 together. Under the cross-tab lock only one of them sends
 * the refresh token; the other re-reads the stored token inside the lock and uses the fresh one.
 * The fake server rotates strictly (a second use of a refresh token is refused), so without the
 * coordination one tab would sign the admin out.
 */
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createApiClient, REFRESH_LOCK, type RefreshLocks } from '../../../src/api/client'
import { createMemoryStorage, createSessionStore } from '../../../src/api/session'

const ItemSchema = v.object({ success: v.literal(true), item: v.string() })
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** An in-memory Web Locks: callbacks for one name run one after the other, as navigator.locks does. */
function fakeLocks(): RefreshLocks & { names: string[] } {
  const tails = new Map<string, Promise<unknown>>()
  const names: string[] = []
  return {
    names,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      names.push(name)
      const run = (tails.get(name) ?? Promise.resolve()).then(callback, callback)
      tails.set(
        name,
        run.catch(() => undefined),
      )
      return run
    },
  }
}

/** A strict rotating server: refresh token rN → (aN+1, rN+1); any second use of rN is refused. */
function strictServer() {
  let generation = 0
  const used = new Set<string>()
  const refreshes: string[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(new URL(String(input), 'http://t'), init)
    const path = new URL(req.url).pathname
    if (path === '/api/auth/refresh') {
      const { refreshToken } = (await req.json()) as { refreshToken: string }
      refreshes.push(refreshToken)
      await new Promise((r) => setTimeout(r, 5))
      if (refreshToken !== `r${generation}` || used.has(refreshToken)) {
        return json(401, { success: false, message: 'Invalid refresh token' })
      }
      used.add(refreshToken)
      generation += 1
      return json(200, { success: true, tokens: { accessToken: `a${generation}`, refreshToken: `r${generation}` } })
    }
    if (req.headers.get('authorization') !== `Bearer a${generation}` || generation === 0) {
      return json(401, { success: false, message: 'Invalid or expired access token' })
    }
    return json(200, { success: true, item: path })
  }) as typeof globalThis.fetch
  return { fetch, refreshes }
}

function twoTabs(locks: RefreshLocks | null) {
  const server = strictServer()
  const storage = createMemoryStorage()
  const tabs = [0, 1].map(() => {
    const session = createSessionStore(storage)
    let expired = 0
    session.onExpired(() => (expired += 1))
    return {
      session,
      client: createApiClient({ fetch: server.fetch, session, baseURL: 'http://t', locks }),
      expired: () => expired,
    }
  })
  tabs[0].session.setTokens({ accessToken: 'a0', refreshToken: 'r0' })
  return { server, tabs, storage }
}

describe('api client: tabs take turns refreshing', () => {
  it('two tabs with the same expired token send one refresh; both calls succeed, nobody is signed out', async () => {
    const locks = fakeLocks()
    const { server, tabs } = twoTabs(locks)
    const results = await Promise.all(tabs.map((tab, i) => tab.client.get(`/api/tab${i}`, ItemSchema)))
    expect(results.map((r) => r.item)).toEqual(['/api/tab0', '/api/tab1'])
    expect(server.refreshes).toEqual(['r0'])
    expect(tabs.map((t) => t.expired())).toEqual([0, 0])
    expect(tabs[1].session.getRefreshToken()).toBe('r1')
    expect(locks.names).toEqual([REFRESH_LOCK, REFRESH_LOCK])
  })

  it('a later expiry is refreshed again under the lock (the stored token is the rejected one)', async () => {
    const { server, tabs } = twoTabs(fakeLocks())
    await Promise.all(tabs.map((tab) => tab.client.get('/api/a', ItemSchema)))
    // The server moves on (the access token expired): the stored a1 is now refused, so a refresh is due.
    tabs[0].session.setTokens({ accessToken: 'stale', refreshToken: 'r1' })
    await Promise.all(tabs.map((tab) => tab.client.get('/api/b', ItemSchema)))
    expect(server.refreshes).toEqual(['r0', 'r1'])
    expect(tabs.map((t) => t.expired())).toEqual([0, 0])
  })

  it('without the lock the same two tabs send the refresh token twice and one tab is signed out', async () => {
    const { server, tabs } = twoTabs(null)
    const results = await Promise.allSettled(tabs.map((tab) => tab.client.get('/api/a', ItemSchema)))
    expect(server.refreshes).toEqual(['r0', 'r0'])
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1)
    expect(tabs.map((t) => t.expired()).reduce((a, b) => a + b)).toBe(1)
  })
})
