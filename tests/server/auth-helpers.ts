/**
 * Helpers for the auth suites: sends from distinct client IPs (so the per-IP limits only bite
 * where a test wants it), fresh users per test (so the per-e-mail send and try limits never leak
 * between tests), and sign-in as a fresh admin.
 */
import { users } from '../../server/db/schema'
import { call, signIn, type TestContext } from './harness'

export function authHelpers(get: () => TestContext) {
  let ipCounter = 0
  let userCounter = 0
  const freshIp = () => {
    ipCounter += 1
    return `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`
  }
  const addUser = async (values: Partial<typeof users.$inferInsert> = {}) => {
    userCounter += 1
    const email = values.email ?? `person${userCounter}-${Date.now()}@example.com`
    const [row] = await get()
      .database.db.insert(users)
      .values({ name: `Person ${userCounter}`, ...values, email })
      .returning()
    return row
  }
  return {
    freshIp,
    addUser,
    /** An active admin nobody has signed in as yet. */
    newAdmin: () => addUser({ isAdmin: true }),
    sendOtp: (email: string, ip = freshIp()) =>
      call(get(), 'POST', '/api/auth/send-otp', { email }, undefined, { 'x-forwarded-for': ip }),
    verify: (email: string, otp: string, sessionToken: string) =>
      call(get(), 'POST', '/api/auth/verify-otp', { email, otp, sessionToken }),
    refresh: (refreshToken: string) => call(get(), 'POST', '/api/auth/refresh', { refreshToken }),
    /** Real OTP sign-in as `email` from a fresh IP; returns the token pair. */
    signInAs: (email: string) => signIn(get(), email, freshIp()),
    /** Mails sent to `email` so far. */
    mailsTo: (email: string) => get().mails.filter((m) => m.to === email),
  }
}

/** A 6-digit code that differs from `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
