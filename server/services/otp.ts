/**
 * One-time sign-in codes (SPEC.md 4, 9). A challenge row in otp_challenges holds:
 * the 6-digit code from a CSPRNG, stored only as HMAC-SHA256 keyed with the server secret and
 * bound to the session token; the session token (32 random bytes, base64url) stored as SHA-256.
 * A code is valid 10 minutes, single use, compared in constant time, and burnt by the 5th wrong
 * try; a new code leaves the earlier ones valid. Past 30 tries on one e-mail's codes in an hour a
 * code allows one try (domain/otp-limits.ts, decision 026). Every try is claimed atomically in SQL
 * under the e-mail's advisory lock, so parallel guesses cannot exceed either bound.
 * Every failed try is audited (`auth.otp_failed`) with its reason, the user id or a keyed
 * hash of the e-mail, and the client IP; never the code.
 */
import crypto from 'node:crypto'
import type { Db } from '../db/client'
import { audit } from '../db/queries/audit.queries'
import {
  claimOtpAttempt,
  consumeOtpChallengeRow,
  findOtpChallenge,
  insertOtpChallenge,
  lockOtpTries,
  otpTriesSince,
  type OtpChallengeRow,
} from '../db/queries/otp.queries'
import { OTP_MAX_ATTEMPTS, OTP_TRIES_WINDOW_MS, otpTriesAllowed } from '../domain/otp-limits'

export const OTP_TTL_MS = 10 * 60 * 1000

/** A uniformly random 6-digit code, leading zeros kept ('004211'). */
export function generateOtp(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/** HMAC-SHA256(secret, `${binding}:${code}`) as hex; the binding ties a code to its session. */
export function hashOtp(secret: Uint8Array, binding: string, code: string): string {
  return crypto.createHmac('sha256', secret).update(`${binding}:${code}`).digest('hex')
}

/** Constant-time comparison of two hex digests (false when the lengths differ). */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

/** An opaque random token (32 bytes, base64url) and its SHA-256 hex digest for storage. */
export function randomToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url')
  return { token, hash: sha256(token) }
}

/** SHA-256 hex digest of a string. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex')
}

/**
 * Store a new challenge for `email` and return its session token and code. `userId` is null for
 * an e-mail that may not sign in: the row still exists (it counts for rate limits and the answer
 * looks the same) but can never be verified.
 */
export async function createOtpChallenge(
  db: Db,
  secret: Uint8Array,
  input: { email: string; userId: string | null; ip: string; now: Date },
): Promise<{ sessionToken: string; code: string }> {
  const session = randomToken()
  const code = generateOtp()
  await insertOtpChallenge(db, {
    email: input.email,
    userId: input.userId,
    sessionTokenHash: session.hash,
    codeHash: hashOtp(secret, session.hash, code),
    ip: input.ip,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + OTP_TTL_MS),
  })
  return { sessionToken: session.token, code }
}

/** Why a try failed, as written to the audit log. */
export type OtpFailure = 'unknown_session' | 'already_used' | 'expired' | 'too_many_attempts' | 'wrong_code'

/**
 * HMAC-SHA256(secret, `email:${email}`) as hex: names an e-mail in the audit log so that tries on
 * one address can be linked, without storing it or a digest a dictionary of addresses reverses.
 */
export function emailDigest(secret: Uint8Array, email: string): string {
  return crypto.createHmac('sha256', secret).update(`email:${email}`).digest('hex')
}

/** Why `challenge` (found by its session token, maybe for another e-mail) refused a try at `now`. */
function refusalOf(challenge: OtpChallengeRow | undefined, email: string, now: Date): OtpFailure {
  if (!challenge || challenge.email !== email) return 'unknown_session'
  if (challenge.consumedAt) return challenge.attempts >= OTP_MAX_ATTEMPTS ? 'too_many_attempts' : 'already_used'
  if (challenge.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'too_many_attempts'
}

/**
 * Audit row of a failed try (no actor: nobody is signed in): the user id when the challenge names one, else the keyed e-mail
 * digest; the reason, the tries used and the IP. The code itself is never written.
 */
async function auditFailure(
  db: Db,
  secret: Uint8Array,
  input: { email: string; ip?: string | null },
  reason: OtpFailure,
  challenge?: Pick<OtpChallengeRow, 'userId' | 'attempts'>,
) {
  const userId = challenge?.userId ?? null
  await audit(db, {
    actorId: null,
    action: 'auth.otp_failed',
    entityType: userId ? 'user' : 'email',
    entityId: userId ?? emailDigest(secret, input.email),
    after: { reason, attempts: challenge?.attempts ?? null, emailDigest: emailDigest(secret, input.email) },
    ip: input.ip ?? null,
  })
}

/**
 * Claim one try on the live challenge of (`tokenHash`, `email`) if it has a try left: 5, or 1 once
 * the e-mail's codes of the last hour were tried 30 times. Counted and claimed under the e-mail's
 * advisory lock, so racing tries on several codes cannot all pass the count.
 */
function claimTry(db: Db, where: { tokenHash: string; email: string; now: Date }) {
  return db.transaction(async (tx) => {
    await lockOtpTries(tx, where.email)
    const recentTries = await otpTriesSince(tx, where.email, new Date(where.now.getTime() - OTP_TRIES_WINDOW_MS))
    return claimOtpAttempt(tx, { ...where, maxAttempts: otpTriesAllowed(recentTries) })
  })
}

/**
 * Try `otp` against the challenge of `sessionToken` for `email`. Returns the user id when the code
 * is right and the challenge was live (then it is consumed), else null: unknown session, other
 * e-mail, expired, consumed, out of tries, or a wrong code (which uses up a try). Every failure is
 * audited with `ip` (the client's).
 */
export async function consumeOtpChallenge(
  db: Db,
  secret: Uint8Array,
  input: { email: string; otp: string; sessionToken: string; now: Date; ip?: string | null },
): Promise<string | null> {
  const tokenHash = sha256(input.sessionToken)
  const challenge = await claimTry(db, { tokenHash, email: input.email, now: input.now })
  if (!challenge) {
    const found = await findOtpChallenge(db, tokenHash)
    const reason = refusalOf(found, input.email, input.now)
    // Another e-mail's challenge must not reveal whose it is.
    await auditFailure(db, secret, input, reason, reason === 'unknown_session' ? undefined : found)
    return null
  }
  if (!digestsEqual(hashOtp(secret, tokenHash, input.otp), challenge.codeHash)) {
    // The last wrong try burns the challenge.
    if (challenge.attempts >= OTP_MAX_ATTEMPTS) await consumeOtpChallengeRow(db, challenge.id, input.now)
    await auditFailure(db, secret, input, 'wrong_code', challenge)
    return null
  }
  // Single use: of two concurrent right answers only one consumes the challenge.
  if (await consumeOtpChallengeRow(db, challenge.id, input.now)) return challenge.userId
  await auditFailure(db, secret, input, 'already_used', challenge)
  return null
}
