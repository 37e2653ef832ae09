/**
 * Auth calls (SPEC.md 7 "Authentication and profile"). Sign-in routes are public (no bearer, no
 * refresh); a successful verify stores the token pair. Errors are ApiErrors with the server message.
 */
import { api, ApiError, type ApiClient } from './client'
import { session as defaultSession, type SessionStore } from './session'
import {
  MessageResponseSchema,
  ProfileResponseSchema,
  SendOtpResponseSchema,
  VerifyOtpResponseSchema,
  type Admin,
} from './schemas/auth'

/** The auth calls the machine needs; built over a client and a session so tests can swap both. */
export function createAuthApi(client: ApiClient = api, store: SessionStore = defaultSession) {
  return {
    /** POST /api/auth/send-otp → the sessionToken to send back with the code. */
    async sendOtp(email: string): Promise<{ sessionToken: string; message: string }> {
      const res = await client.post('/api/auth/send-otp', { email }, SendOtpResponseSchema, { auth: false })
      return { sessionToken: res.sessionToken, message: res.message }
    },
    /** POST /api/auth/verify-otp; stores the tokens and returns the admin. */
    async verifyOtp(input: { email: string; otp: string; sessionToken: string }): Promise<Admin> {
      const res = await client.post('/api/auth/verify-otp', input, VerifyOtpResponseSchema, { auth: false })
      store.setTokens(res.tokens)
      return res.admin
    },
    /** GET /api/auth/profile with the stored token; null when there is no stored session. Throws the ApiError; a 403 forgets the stored session. */
    async restoreSession(): Promise<Admin | null> {
      if (!store.getAccessToken() && !store.getRefreshToken()) return null
      try {
        const res = await client.get('/api/auth/profile', ProfileResponseSchema)
        return res.admin
      } catch (error) {
        // No longer an active admin: the stored session must not show the console on the next load.
        if (error instanceof ApiError && error.status === 403) store.clear()
        throw error
      }
    },
    /** The admin of the stored session as last remembered (no request), or null. */
    cachedAdmin: (): Admin | null => store.getAdmin(),
    /**
     * Keeps `admin` beside the stored tokens for the next load's shell (read back by cachedAdmin
     * only while tokens are stored). Its one caller is the auth machine's `rememberAdmin` action.
     */
    rememberAdmin: (admin: Admin): void => store.setAdmin(admin),
    /**
     * Clears the stored tokens first, so a reload or a new tab right after signing out cannot
     * restore the session, then revokes the refresh token family on the server (POST
     * /api/auth/logout, keepalive so a navigation does not cancel it). A failed revoke still
     * signs out locally; the unrevoked refresh token then only expires.
     */
    async signOut(): Promise<void> {
      const refreshToken = store.getRefreshToken()
      store.clear()
      try {
        if (refreshToken) {
          await client.post('/api/auth/logout', { refreshToken }, MessageResponseSchema, {
            auth: false,
            keepalive: true,
          })
        }
      } catch {
        // Signed out locally either way.
      }
    },
    /** Subscribes to "refresh failed" so the machine can sign out. */
    onSessionExpired: (listener: () => void) => store.onExpired(listener),
  }
}

export const authApi = createAuthApi()
