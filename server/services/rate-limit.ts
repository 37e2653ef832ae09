/**
 * OTP send limits (decision 026; figures in server/domain/otp-limits.ts), counted from the
 * otp_challenges rows themselves so that every server instance on one database agrees: per client
 * IP, per (IP, e-mail) and per e-mail. Rows for unknown e-mails count too, so a limit reveals
 * nothing about who is an admin (but at the address of an admin's own live session, see 026).
 *
 * No separate 60-second gap between two sends: SPEC.md 4 lets 'Back to email' clear the client's
 * resend countdown, so an admin may legitimately ask again at once. Two sends racing past a count
 * may both be stored.
 */
import type { Db } from '../db/client'
import { adminHasSessionFrom } from '../db/queries/auth.queries'
import { otpSendUsage } from '../db/queries/otp.queries'
import { OTP_SEND_LIMITS, otpSendRefusal } from '../domain/otp-limits'
import { tooManyRequests } from '../http/errors'

/**
 * Throws 429 'Too many OTP requests. Please try again in N minutes.' when `ip`, `ip` for `email`,
 * or `email` has reached its limit (not `email` when its admin has a live session from `ip`); N
 * (whole minutes, at least 1) is when the oldest counted send leaves its window. `now` is the
 * injected clock.
 */
export async function assertOtpSendAllowed(db: Db, email: string, ip: string, now: Date): Promise<void> {
  const since = (key: keyof typeof OTP_SEND_LIMITS) => new Date(now.getTime() - OTP_SEND_LIMITS[key].windowMs)
  const [byIp, byIpEmail, byEmail, ownersAddress] = await Promise.all([
    otpSendUsage(db, { ip }, since('ip')),
    otpSendUsage(db, { ip, email }, since('ipEmail')),
    otpSendUsage(db, { email }, since('email')),
    adminHasSessionFrom(db, email, ip, now),
  ])
  const refusal = otpSendRefusal({ ip: byIp, ipEmail: byIpEmail, email: byEmail }, now, ownersAddress)
  if (refusal) throw tooManyRequests(refusal)
}
