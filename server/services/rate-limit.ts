/**
 * OTP send limits (issue 2), counted from the otp_challenges rows themselves so that every server
 * instance on one database agrees: at most 5 sends per e-mail and 20 per client IP in any
 * 15-minute window. Rows for unknown e-mails count too, so the limit reveals nothing.
 *
 * No separate 60-second gap between two sends: SPEC.md 4 lets 'Back to email' clear the client's
 * resend countdown, so an admin may legitimately ask again at once; 5 per 15 minutes already caps
 * the mail an attacker can trigger. Two sends racing past the count may exceed a limit by one.
 */
import type { Db } from '../db/client'
import { otpSendUsage } from '../db/queries/auth.queries'
import { tooManyRequests } from '../http/errors'

export const OTP_WINDOW_MS = 15 * 60 * 1000
export const OTP_MAX_PER_EMAIL = 5
export const OTP_MAX_PER_IP = 20

/**
 * Throws 429 'Too many OTP requests. Please try again in N minutes.' when `email` or `ip` has
 * reached its limit; N (whole minutes, at least 1) is when the oldest counted send leaves the
 * window. `now` is the injected clock.
 */
export async function assertOtpSendAllowed(db: Db, email: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - OTP_WINDOW_MS)
  const [byEmail, byIp] = await Promise.all([
    otpSendUsage(db, { email }, since),
    otpSendUsage(db, { ip }, since),
  ])
  const blocked = [
    byEmail.n >= OTP_MAX_PER_EMAIL ? byEmail.oldest : null,
    byIp.n >= OTP_MAX_PER_IP ? byIp.oldest : null,
  ].filter((oldest): oldest is Date => oldest !== null)
  if (blocked.length === 0) return
  const freeAt = Math.max(...blocked.map((oldest) => new Date(oldest).getTime() + OTP_WINDOW_MS))
  const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000))
  throw tooManyRequests(`Too many OTP requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`)
}
