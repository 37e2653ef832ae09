/**
 * Sign-in code limits (decision 026), pure: the figures, when a send must wait, and how many tries
 * a code gets. Sends are counted per client address over every e-mail (one address spraying many
 * inboxes), per address and e-mail (one address at one inbox), and per e-mail over every address
 * (a ceiling on mail to one inbox, set above what one address may send, and lifted for the admin
 * at the address of a live session of theirs), so sends from elsewhere do not stop the owner.
 * Guessing is bounded per code (5 tries) and per e-mail: past 30 tries on its codes in an hour,
 * each code takes one try, which the owner, holding the mailed code, needs.
 */
const MINUTE = 60_000

/** At most `max` sends in any `windowMs` (ms) per client IP, per (IP, e-mail) and per e-mail. */
export const OTP_SEND_LIMITS = {
  ip: { max: 20, windowMs: 15 * MINUTE },
  ipEmail: { max: 5, windowMs: 15 * MINUTE },
  email: { max: 30, windowMs: 60 * MINUTE },
} as const

export type OtpSendKey = keyof typeof OTP_SEND_LIMITS
/** Sends counted for one key inside its window: how many, and when the oldest was made (null: none). */
export type OtpSendUsage = { n: number; oldest: Date | null }

/** Tries one code allows; the last wrong one burns it. */
export const OTP_MAX_ATTEMPTS = 5
/** Past this many tries on the codes one e-mail was sent in the last OTP_TRIES_WINDOW_MS, a code allows one try. */
export const OTP_TRIES_PER_EMAIL = 30
export const OTP_TRIES_WINDOW_MS = 60 * MINUTE

/**
 * The 429 text when a send must wait, else null: 'Too many OTP requests. Please try again in N
 * minutes.', N whole minutes (at least 1) until the oldest send of every full key leaves its window.
 * `ownersAddress`: the e-mail's admin has a live session from this address, which an attacker
 * elsewhere cannot make, so the per-e-mail ceiling does not apply (the per-address limits do).
 */
export function otpSendRefusal(
  usage: Record<OtpSendKey, OtpSendUsage>,
  now: Date,
  ownersAddress = false,
): string | null {
  const keys = (Object.keys(OTP_SEND_LIMITS) as OtpSendKey[]).filter((key) => !(ownersAddress && key === 'email'))
  const freeAt = keys.flatMap((key) => {
    const { n, oldest } = usage[key]
    return n >= OTP_SEND_LIMITS[key].max && oldest ? [oldest.getTime() + OTP_SEND_LIMITS[key].windowMs] : []
  })
  if (freeAt.length === 0) return null
  const minutes = Math.max(1, Math.ceil((Math.max(...freeAt) - now.getTime()) / MINUTE))
  return `Too many OTP requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/** Tries a code allows when the e-mail's codes of the last OTP_TRIES_WINDOW_MS were tried `recentTries` times. */
export function otpTriesAllowed(recentTries: number): number {
  return recentTries >= OTP_TRIES_PER_EMAIL ? 1 : OTP_MAX_ATTEMPTS
}
