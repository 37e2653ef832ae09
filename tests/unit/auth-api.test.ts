import { describe, expect, it } from 'vitest'
import { createAuthApi } from '../../src/api/auth'
import { ApiError, type ApiClient } from '../../src/api/client'
import { createMemoryStorage, createSessionStore } from '../../src/api/session'

function recordingClient(fail = false) {
  const calls: Array<{ path: string; body: unknown; auth?: boolean }> = []
  const client = {
    post: async (path: string, body: unknown, _schema: unknown, options?: { auth?: boolean }) => {
      calls.push({ path, body, auth: options?.auth })
      if (fail) throw new ApiError(0, 'Network error')
      return { success: true, message: 'Signed out' }
    },
  } as unknown as ApiClient
  return { client, calls }
}

describe('authApi.signOut', () => {
  it('revokes the refresh token on the server, then clears the stored tokens', async () => {
    const store = createSessionStore(createMemoryStorage())
    store.setTokens({ accessToken: 'a', refreshToken: 'r1' })
    const { client, calls } = recordingClient()
    await createAuthApi(client, store).signOut()
    expect(calls).toEqual([{ path: '/api/auth/logout', body: { refreshToken: 'r1' }, auth: false }])
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
