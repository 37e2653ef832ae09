import { describe, expect, it } from 'vitest'
import { createAuthApi } from '../../../src/api/auth'
import { ApiError, type ApiClient } from '../../../src/api/client'
import { createMemoryStorage, createSessionStore } from '../../../src/api/session'
import { admin } from '../machines/auth.harness'

function recordingClient(fail = false, store?: ReturnType<typeof createSessionStore>) {
  const calls: Array<{
    path: string
    body: unknown
    auth?: boolean
    keepalive?: boolean
    storedWhileSending?: string | null
  }> = []
  const client = {
    post: async (path: string, body: unknown, _schema: unknown, options?: { auth?: boolean; keepalive?: boolean }) => {
      calls.push({
        path,
        body,
        auth: options?.auth,
        keepalive: options?.keepalive,
        ...(store ? { storedWhileSending: store.getRefreshToken() ?? null } : {}),
      })
      if (fail) throw new ApiError(0, 'Network error')
      return { success: true, message: 'Signed out' }
    },
  } as unknown as ApiClient
  return { client, calls }
}

describe('authApi.signOut', () => {
  it('clears the stored tokens before it revokes the refresh token on the server (keepalive)', async () => {
    const store = createSessionStore(createMemoryStorage())
    store.setTokens({ accessToken: 'a', refreshToken: 'r1' })
    const { client, calls } = recordingClient(false, store)
    await createAuthApi(client, store).signOut()
    expect(calls).toEqual([
      {
        path: '/api/auth/logout',
        body: { refreshToken: 'r1' },
        auth: false,
        keepalive: true,
        storedWhileSending: null,
      },
    ])
    expect(store.getRefreshToken()).toBeFalsy()
    expect(store.getAccessToken()).toBeFalsy()
  })

  it('still clears the tokens when the server cannot be reached', async () => {
    const store = createSessionStore(createMemoryStorage())
    store.setTokens({ accessToken: 'a', refreshToken: 'r1' })
    const { client, calls } = recordingClient(true)
    await createAuthApi(client, store).signOut()
    expect(calls).toHaveLength(1)
    expect(store.getRefreshToken()).toBeFalsy()
  })
})

describe('the stored profile', () => {
  it('is kept with the tokens, read back validated, and forgotten with them', () => {
    const storage = createMemoryStorage()
    const store = createSessionStore(storage)
    store.setAdmin(admin)
    expect(store.getAdmin()).toBeNull() // no tokens: no session to show
    store.setTokens({ accessToken: 'a', refreshToken: 'r' })
    expect(store.getAdmin()).toEqual(admin)
    storage.setItem('admin', '{"name":')
    expect(store.getAdmin()).toBeNull()
    storage.setItem('admin', JSON.stringify({ name: 'no id' }))
    expect(store.getAdmin()).toBeNull()
    store.setAdmin(admin)
    store.clear()
    expect(storage.getItem('admin')).toBeNull()
    store.setTokens({ accessToken: 'a', refreshToken: 'r' })
    store.setAdmin(admin)
    store.expire()
    expect(store.getAdmin()).toBeNull()
  })

  it('is written by rememberAdmin alone, and read without a request', async () => {
    const store = createSessionStore(createMemoryStorage())
    const renamed = { ...admin, name: 'Asha R.' }
    const client = {
      post: async () => ({ success: true, admin, tokens: { accessToken: 'a', refreshToken: 'r' } }),
      get: async () => ({ success: true, admin: renamed }),
    } as unknown as ApiClient
    const auth = createAuthApi(client, store)
    expect(auth.cachedAdmin()).toBeNull()
    // Sign-in and the profile check answer the admin; the signed-in auth actor remembers it.
    expect(await auth.verifyOtp({ email: admin.email, otp: '123456', sessionToken: 's' })).toEqual(admin)
    expect(auth.cachedAdmin()).toBeNull()
    auth.rememberAdmin(admin)
    expect(auth.cachedAdmin()).toEqual(admin)
    expect(await auth.restoreSession()).toEqual(renamed)
    expect(auth.cachedAdmin()).toEqual(admin)
    auth.rememberAdmin(renamed)
    expect(auth.cachedAdmin()).toEqual(renamed)
  })
})

describe('authApi.restoreSession', () => {
  it('forgets the stored session when the server says the admin is no longer one (403), not on other failures', async () => {
    for (const [status, kept] of [
      [403, false],
      [500, true],
    ] as const) {
      const store = createSessionStore(createMemoryStorage())
      store.setTokens({ accessToken: 'a', refreshToken: 'r' })
      const client = {
        get: async () => {
          throw new ApiError(status, 'No')
        },
      } as unknown as ApiClient
      await expect(createAuthApi(client, store).restoreSession()).rejects.toThrow('No')
      expect(!!store.getRefreshToken(), String(status)).toBe(kept)
    }
  })
})
