import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ApiError, createApiClient, isNetworkError, NETWORK_ERROR } from '../../../src/api/client'
import { withReason } from '../../../src/api/error-text'
import { createMemoryStorage, createSessionStore } from '../../../src/api/session'

const ItemSchema = v.object({ success: v.literal(true), item: v.string() })

interface Call {
  url: string
  method: string
  auth: string | null
  body: unknown
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/**
 * A fake server: protected calls succeed only with the current access token; /api/auth/refresh
 * answers with `refresh()` after a tick, so concurrent 401s really overlap.
 */
function setup(
  refresh: () => Response = () =>
    json(200, { success: true, tokens: { accessToken: 'new-access', refreshToken: 'new-refresh' } }),
) {
  const calls: Call[] = []
  let validToken = 'new-access'
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(
      input instanceof URL || typeof input === 'string' ? new URL(String(input), 'http://t') : input,
      init,
    )
    const url = new URL(req.url).pathname
    const text = await req.text()
    calls.push({
      url,
      method: req.method,
      auth: req.headers.get('authorization'),
      body: text ? JSON.parse(text) : undefined,
    })
    if (url === '/api/auth/refresh') {
      await new Promise((r) => setTimeout(r, 5))
      return refresh()
    }
    if (url === '/api/boom') return json(500, { success: false, message: 'Database unavailable' })
    if (url === '/api/missing') return json(404, { success: false, message: 'Project not found' })
    // Answers long after the refresh triggered by a concurrent call has finished.
    if (url === '/api/slow') await new Promise((r) => setTimeout(r, 30))
    if (url === '/api/bad-shape') return json(200, { success: true, item: 42 })
    if (req.headers.get('authorization') !== `Bearer ${validToken}`) {
      return json(401, { success: false, message: 'Invalid or expired access token' })
    }
    return json(200, { success: true, item: url })
  }) as typeof globalThis.fetch
  const session = createSessionStore(createMemoryStorage())
  session.setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' })
  let expired = 0
  session.onExpired(() => (expired += 1))
  const client = createApiClient({ fetch, session, baseURL: 'http://t' })
  return { client, calls, session, expired: () => expired, setValidToken: (t: string) => (validToken = t) }
}

describe('api client: refresh once on 401', () => {
  it('concurrent 401s share exactly one refresh and all retry with the new token', async () => {
    const { client, calls, session } = setup()
    const results = await Promise.all(['/api/a', '/api/b', '/api/c', '/api/d'].map((p) => client.get(p, ItemSchema)))
    expect(results.map((r) => r.item)).toEqual(['/api/a', '/api/b', '/api/c', '/api/d'])
    const refreshes = calls.filter((c) => c.url === '/api/auth/refresh')
    expect(refreshes).toHaveLength(1)
    expect(refreshes[0].body).toEqual({ refreshToken: 'old-refresh' })
    const retries = calls.filter((c) => c.url !== '/api/auth/refresh' && c.auth === 'Bearer new-access')
    expect(retries.map((c) => c.url).sort()).toEqual(['/api/a', '/api/b', '/api/c', '/api/d'])
    expect(session.getAccessToken()).toBe('new-access')
    expect(session.getRefreshToken()).toBe('new-refresh')
  })

  it('a 401 arriving after another call already refreshed retries with the stored token, no second refresh', async () => {
    const { client, calls } = setup()
    const [fast, slow] = await Promise.all([client.get('/api/a', ItemSchema), client.get('/api/slow', ItemSchema)])
    expect([fast.item, slow.item]).toEqual(['/api/a', '/api/slow'])
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1)
    expect(calls.filter((c) => c.url === '/api/slow').map((c) => c.auth)).toEqual([
      'Bearer old-access',
      'Bearer new-access',
    ])
  })

  it('retries only once: a second 401 after refreshing becomes an ApiError', async () => {
    const { client, calls, setValidToken } = setup()
    setValidToken('never-valid')
    await expect(client.get('/api/a', ItemSchema)).rejects.toMatchObject({
      status: 401,
      message: 'Invalid or expired access token',
    })
    expect(calls.filter((c) => c.url === '/api/a')).toHaveLength(2)
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1)
  })

  it('refresh refused → tokens cleared, session expired once, every waiting call rejects', async () => {
    const ctx = setup(() => json(401, { success: false, message: 'Refresh token revoked' }))
    const outcomes = await Promise.allSettled([
      ctx.client.get('/api/a', ItemSchema),
      ctx.client.get('/api/b', ItemSchema),
    ])
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true)
    const reason = (outcomes[0] as PromiseRejectedResult).reason
    expect(reason).toBeInstanceOf(ApiError)
    expect(reason).toMatchObject({ status: 401, message: 'Refresh token revoked' })
    expect(ctx.calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1)
    expect(ctx.session.getAccessToken()).toBeNull()
    expect(ctx.session.getRefreshToken()).toBeNull()
    expect(ctx.expired()).toBe(1)
  })

  it('a 401 with no refresh token stored expires the session without calling refresh', async () => {
    const ctx = setup()
    ctx.session.clear()
    await expect(ctx.client.get('/api/a', ItemSchema)).rejects.toMatchObject({ status: 401 })
    expect(ctx.calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(0)
    expect(ctx.expired()).toBe(1)
  })
})

describe('api client: everything else passes through', () => {
  it('non-401 errors become ApiError with the server message, no refresh', async () => {
    const { client, calls } = setup()
    await expect(client.get('/api/boom', ItemSchema)).rejects.toMatchObject({
      status: 500,
      message: 'Database unavailable',
    })
    await expect(client.get('/api/missing', ItemSchema)).rejects.toMatchObject({
      status: 404,
      message: 'Project not found',
    })
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(0)
  })

  it('auth: false sends no bearer and does not refresh on 401', async () => {
    const { client, calls } = setup()
    await expect(client.post('/api/x', { a: 1 }, ItemSchema, { auth: false })).rejects.toMatchObject({ status: 401 })
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ auth: null, method: 'POST', body: { a: 1 } })
  })

  it('responses that do not match the schema are rejected', async () => {
    const { client } = setup()
    await expect(client.get('/api/bad-shape', ItemSchema)).rejects.toBeInstanceOf(ApiError)
  })

  it('a network failure is an ApiError with status 0', async () => {
    const session = createSessionStore(createMemoryStorage())
    const client = createApiClient({
      session,
      baseURL: 'http://t',
      fetch: async () => Promise.reject(new TypeError('fetch failed')),
    })
    await expect(client.get('/api/a', ItemSchema)).rejects.toMatchObject({ status: 0 })
  })

  it('a network failure says the server was not reached, and for a write that nothing was saved; answers and failures are reported', async () => {
    const session = createSessionStore(createMemoryStorage())
    session.setTokens({ accessToken: 'a', refreshToken: 'r' })
    const signals: string[] = []
    let up = false
    const client = createApiClient({
      session,
      baseURL: 'http://t',
      fetch: async () => {
        if (!up) throw new TypeError('fetch failed')
        return json(404, { success: false, message: 'Project not found' })
      },
      onConnection: (signal) => signals.push(signal),
    })
    const read = await client.get('/api/a', ItemSchema).catch((e: unknown) => e)
    expect(read).toMatchObject({
      status: 0,
      code: NETWORK_ERROR,
      message: 'Could not reach the server. Check the connection; the console retries when it is back.',
    })
    expect(isNetworkError(read)).toBe(true)
    const write = await client.put('/api/a', { title: 'x' }, ItemSchema).catch((e: unknown) => e)
    expect(write).toMatchObject({ status: 0, message: 'Could not reach the server. Your change was not saved.' })
    expect(withReason('Failed to update project', write)).toBe(
      'Failed to update project: Could not reach the server. Your change was not saved.',
    )
    up = true
    const refused = await client.get('/api/a', ItemSchema).catch((e: unknown) => e)
    expect(isNetworkError(refused)).toBe(false)
    expect(signals).toEqual(['failed', 'failed', 'answered'])
  })
})
