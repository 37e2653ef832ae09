import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import {
  BOOT_REQUESTS_KEY,
  MAX_BOOT_ADDRESSES,
  MAX_BOOT_URLS,
  createBootRequests,
  readRemembered,
  type PendingBootRequests,
} from '../../../src/api/boot-requests'
import { createApiClient } from '../../../src/api/client'
import { createMemoryStorage, createSessionStore } from '../../../src/api/session'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const bearer = (token: string): RequestInit => ({ headers: { Authorization: `Bearer ${token}` } })

/** What the inline script would leave: `urls` sent with `token`, each answering `{ url }`. */
function pendingFor(token: string, urls: string[]): PendingBootRequests {
  return {
    token,
    responses: Object.fromEntries(urls.map((u) => [u, Promise.resolve(json({ success: true, item: u }))])),
  }
}

describe('boot requests', () => {
  it('hands a sent response to a GET of the same URL with the same token, once', async () => {
    const pending = pendingFor('tok', ['/api/auth/profile'])
    const boot = createBootRequests(createMemoryStorage(), pending)
    const taken = boot.take('/api/auth/profile', bearer('tok'))
    expect(taken).toBeDefined()
    expect(await (await taken!).json()).toEqual({ success: true, item: '/api/auth/profile' })
    expect(pending.responses).toEqual({})
    expect(boot.take('/api/auth/profile', bearer('tok'))).toBeUndefined()
  })

  it('does not hand it to another token, another method, another URL, or when nothing was sent', () => {
    const pending = pendingFor('tok', ['/api/orders?limit=50'])
    const boot = createBootRequests(createMemoryStorage(), pending)
    expect(boot.take('/api/orders?limit=50', bearer('refreshed'))).toBeUndefined()
    expect(boot.take('/api/orders?limit=50', { ...bearer('tok'), method: 'POST' })).toBeUndefined()
    expect(boot.take('/api/orders?limit=20', bearer('tok'))).toBeUndefined()
    expect(boot.take('/api/orders?limit=50', {})).toBeUndefined()
    expect(Object.keys(pending.responses)).toEqual(['/api/orders?limit=50'])
    expect(
      createBootRequests(createMemoryStorage(), undefined).take('/api/orders?limit=50', bearer('tok')),
    ).toBeUndefined()
  })

  it('rejects a taken response with AbortError when the request is aborted first', async () => {
    let answer!: (r: Response) => void
    const pending: PendingBootRequests = { token: 't', responses: { '/api/x': new Promise((r) => (answer = r)) } }
    const boot = createBootRequests(createMemoryStorage(), pending)
    const controller = new AbortController()
    const taken = boot.take('/api/x', { ...bearer('t'), signal: controller.signal })!
    controller.abort()
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' })
    answer(json({}))
  })

  it("remembers an address's authenticated GETs until saved, each once, at most MAX_BOOT_URLS", () => {
    const storage = createMemoryStorage()
    const boot = createBootRequests(storage, undefined)
    boot.note('/api/auth/profile', bearer('t'))
    boot.note('/api/auth/profile', bearer('t'))
    boot.note('/api/auth/send-otp', { method: 'POST' })
    boot.note('/api/public', {})
    for (let i = 0; i < MAX_BOOT_URLS + 3; i++) boot.note(`/api/projects?page=${i}`, bearer('t'))
    boot.save('/projects?q=a')
    boot.note('/api/after-save', bearer('t'))
    boot.save('/projects?q=a')
    const urls = readRemembered(storage)['/projects?q=a']
    expect(urls).toHaveLength(MAX_BOOT_URLS)
    expect(urls[0]).toBe('/api/auth/profile')
    expect(urls).not.toContain('/api/after-save')
  })

  it('keeps the MAX_BOOT_ADDRESSES most recently loaded addresses, and reads anything malformed as none', () => {
    const storage = createMemoryStorage()
    for (let i = 0; i <= MAX_BOOT_ADDRESSES; i++) {
      const boot = createBootRequests(storage, undefined)
      boot.note(`/api/projects/${i}`, bearer('t'))
      boot.save(`/projects/${i}`)
    }
    const again = createBootRequests(storage, undefined)
    again.note('/api/projects/1', bearer('t'))
    again.save('/projects/1')
    const addresses = Object.keys(readRemembered(storage))
    expect(addresses).toHaveLength(MAX_BOOT_ADDRESSES)
    expect(addresses).not.toContain('/projects/0')
    expect(addresses.at(-1)).toBe('/projects/1')

    storage.setItem(BOOT_REQUESTS_KEY, '[1,2]')
    expect(readRemembered(storage)).toEqual({})
    storage.setItem(BOOT_REQUESTS_KEY, JSON.stringify({ '/a': ['/api/a'], '/b': [1], '/c': 'x' }))
    expect(readRemembered(storage)).toEqual({ '/a': ['/api/a'] })
  })

  it('an address that asked for nothing is forgotten', () => {
    const storage = createMemoryStorage()
    storage.setItem(BOOT_REQUESTS_KEY, JSON.stringify({ '/settings': ['/api/old'] }))
    createBootRequests(storage, undefined).save('/settings')
    expect(readRemembered(storage)).toEqual({})
  })

  it('the session forgets the remembered addresses with the tokens', () => {
    const storage = createMemoryStorage()
    const session = createSessionStore(storage)
    session.setTokens({ accessToken: 'a', refreshToken: 'r' })
    storage.setItem(BOOT_REQUESTS_KEY, JSON.stringify({ '/orders?q=kumar': ['/api/orders?q=kumar'] }))
    session.clear()
    expect(storage.getItem(BOOT_REQUESTS_KEY)).toBeNull()
  })
})

describe('API client with boot requests', () => {
  const ItemSchema = v.object({ success: v.literal(true), item: v.string() })

  function setup(pending: PendingBootRequests) {
    const sent: string[] = []
    const storage = createMemoryStorage()
    const session = createSessionStore(storage)
    session.setTokens({ accessToken: 'stored', refreshToken: 'refresh' })
    const boot = createBootRequests(storage, pending)
    const client = createApiClient({
      session,
      locks: null,
      boot,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input)
        sent.push(url)
        if (url === '/api/auth/refresh') {
          return json({ success: true, tokens: { accessToken: 'fresh', refreshToken: 'refresh-2' } })
        }
        const auth = new Headers(init?.headers).get('authorization')
        return auth === 'Bearer fresh'
          ? json({ success: true, item: `network ${url}` })
          : json({ message: 'Expired' }, 401)
      }) as typeof fetch,
    })
    return { client, sent, boot, storage }
  }

  it('answers a GET from the response sent early, without a request of its own, and notes it', async () => {
    const { client, sent, boot, storage } = setup(pendingFor('stored', ['/api/orders?limit=50']))
    await expect(client.get('/api/orders', ItemSchema, { query: { limit: 50 } })).resolves.toEqual({
      success: true,
      item: '/api/orders?limit=50',
    })
    expect(sent).toEqual([])
    boot.save('/orders')
    expect(readRemembered(storage)).toEqual({ '/orders': ['/api/orders?limit=50'] })
  })

  it('an early response refused with 401 (an expired token) refreshes and retries over the network', async () => {
    const pending: PendingBootRequests = {
      token: 'stored',
      responses: { '/api/auth/profile': Promise.resolve(json({ message: 'Expired' }, 401)) },
    }
    const { client, sent } = setup(pending)
    await expect(client.get('/api/auth/profile', ItemSchema)).resolves.toEqual({
      success: true,
      item: 'network /api/auth/profile',
    })
    expect(sent).toEqual(['/api/auth/refresh', '/api/auth/profile'])
  })
})
