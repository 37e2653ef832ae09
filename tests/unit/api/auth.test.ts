import { describe, expect, it } from 'vitest'
import { createAuthApi } from '../../../src/api/auth'
import { ApiError, type ApiClient } from '../../../src/api/client'
import { createMemoryStorage, createSessionStore } from '../../../src/api/session'

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
