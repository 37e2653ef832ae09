/**
 * OTP challenges (SPEC.md 4): stored with the code and session token hashed, one row per
 * code sent (or refused to a non-admin, which looks the same), counted for the send limits and the
 * tries across one e-mail's codes. The rules are in server/domain/otp-limits.ts and
 * server/services/otp.ts; the purge of old rows in auth.queries.ts.
 */
import { and, count, eq, gt, isNull, lt, min, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { otpChallenges } from '../schema'

/** A row of otp_challenges. */
export type OtpChallengeRow = typeof otpChallenges.$inferSelect

/** Store a new OTP challenge. */
export async function insertOtpChallenge(db: Db, values: typeof otpChallenges.$inferInsert): Promise<void> {
  await db.insert(otpChallenges).values(values)
}

/**
 * Count one attempt on the live challenge of (`tokenHash`, `email`): not consumed, fewer than
 * `maxAttempts` tries, not expired at `now`. Returns the row after the count, or undefined.
 */
export async function claimOtpAttempt(
  db: Pick<Db, 'update'>,
  where: { tokenHash: string; email: string; maxAttempts: number; now: Date },
): Promise<OtpChallengeRow | undefined> {
  const [challenge] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(
      and(
        eq(otpChallenges.sessionTokenHash, where.tokenHash),
        eq(otpChallenges.email, where.email),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, where.maxAttempts),
        gt(otpChallenges.expiresAt, where.now),
      ),
    )
    .returning()
  return challenge
}

/** The challenge stored under session token digest `tokenHash`, or undefined (why a try failed). */
export async function findOtpChallenge(db: Db, tokenHash: string): Promise<OtpChallengeRow | undefined> {
  const [row] = await db.select().from(otpChallenges).where(eq(otpChallenges.sessionTokenHash, tokenHash)).limit(1)
  return row
}

/** Mark challenge `id` consumed at `now` unless it already is; true when this call consumed it. */
export async function consumeOtpChallengeRow(db: Db, id: string, now: Date): Promise<boolean> {
  const consumed = await db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
    .returning({ id: otpChallenges.id })
  return consumed.length === 1
}

/**
 * Sends created after `since` by client `ip`, for `email`, or by `ip` for `email` (both given):
 * how many, and when the oldest was made (null when none). Uses otp_ip_created_idx or
 * otp_email_created_idx.
 */
export async function otpSendUsage(
  db: Db,
  by: { email: string; ip?: string } | { ip: string; email?: string },
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(otpChallenges.createdAt) })
    .from(otpChallenges)
    .where(
      and(
        by.ip === undefined ? undefined : eq(otpChallenges.ip, by.ip),
        by.email === undefined ? undefined : eq(otpChallenges.email, by.email),
        gt(otpChallenges.createdAt, since),
      ),
    )
  return { n: row.n, oldest: row.oldest === null ? null : new Date(row.oldest) }
}

/**
 * Hold, until the transaction `tx` ends, the advisory lock of `email`'s tries, so that counting
 * them and claiming one are not interleaved with another try on the same e-mail.
 */
export async function lockOtpTries(tx: Pick<Db, 'execute'>, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`otp-tries:${email}`}))`)
}

/** Tries (right or wrong) made on the codes sent to `email` after `since`; otp_email_created_idx. */
export async function otpTriesSince(db: Pick<Db, 'select'>, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ tries: sql<number>`coalesce(sum(${otpChallenges.attempts}), 0)::int` })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.email, email), gt(otpChallenges.createdAt, since)))
  return Number(row.tries)
}
