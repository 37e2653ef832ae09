/**
 * Sign-in tables (SPEC.md 4): refresh tokens (stored as SHA-256, grouped in families) and
 * the purge of both them and OTP challenges (whose queries are in otp.queries.ts). The rules over
 * them (rotation, sessions) are in server/services/refresh-tokens.ts and live-sessions.ts.
 */
import { and, desc, eq, gt, isNull, lt, min, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../client'
import { otpChallenges, refreshTokens, users } from '../schema'

/** Rows of refresh_tokens. */
export type RefreshTokenRow = typeof refreshTokens.$inferSelect

/** Store a refresh token (hash, family, expiry) with `db` (the database or a transaction). */
export async function insertRefreshToken(db: Pick<Db, 'insert'>, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values)
}

/** The refresh token stored under `tokenHash`, or undefined. */
export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1)
  return row
}

/**
 * Mark token `id` rotated at `now` if it is neither rotated nor revoked, keeping `successorSealed`
 * (its encrypted successor); true when this call won.
 */
export async function claimRotation(
  db: Pick<Db, 'update'>,
  id: string,
  now: Date,
  successorSealed: string,
): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: now, successorSealed })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id })
  return claimed.length === 1
}

/** Revoke every token of a family at `now` (sign-out everywhere that sign-in reached). */
export async function revokeFamily(db: Pick<Db, 'update'>, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

/** One live session row: the family's unrotated, unrevoked, unexpired token, and when the family began. */
export type LiveSessionRow = {
  familyId: string
  userAgent: string
  ip: string
  signedInAt: Date
  lastUsedAt: Date
}

/**
 * `userId`'s sessions at `now`: one row per family whose newest token is neither rotated, revoked
 * nor expired (the partial index refresh_user_live_idx), newest use first. `signedInAt` is the
 * `last_used_at` of the family's first token, i.e. its sign-in (refresh_family_idx).
 */
export async function listLiveSessions(db: Db, userId: string, now: Date): Promise<LiveSessionRow[]> {
  const family = alias(refreshTokens, 'family')
  const signedInAt = db
    .select({ at: min(family.lastUsedAt) })
    .from(family)
    .where(eq(family.familyId, refreshTokens.familyId))
  return db
    .select({
      familyId: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      ip: refreshTokens.ip,
      signedInAt: sql<Date>`(${signedInAt})`.mapWith(refreshTokens.lastUsedAt),
      lastUsedAt: refreshTokens.lastUsedAt,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(refreshTokens.lastUsedAt), desc(refreshTokens.familyId))
}

/**
 * Revoke `userId`'s families at `now`: the one named `familyId`, or with `except` every other one.
 * Returns the ids of the families that had a live token (a signed-out session), each once.
 */
export async function revokeUserFamilies(
  db: Pick<Db, 'update'>,
  userId: string,
  now: Date,
  which: { familyId: string } | { except: string | null },
): Promise<string[]> {
  const family =
    'familyId' in which
      ? eq(refreshTokens.familyId, which.familyId)
      : which.except
        ? ne(refreshTokens.familyId, which.except)
        : undefined
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), family))
    .returning({
      familyId: refreshTokens.familyId,
      rotatedAt: refreshTokens.rotatedAt,
      expiresAt: refreshTokens.expiresAt,
    })
  return [...new Set(rows.filter((r) => !r.rotatedAt && r.expiresAt > now).map((r) => r.familyId))]
}

/** Whether family `familyId` still has an unrevoked token (its access tokens are honoured); one refresh_family_idx lookup. */
export async function familyIsLive(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1)
  return row !== undefined
}

/**
 * Whether the active admin with `email` (lower case) has a live session (an unrotated, unrevoked
 * token unexpired at `now`) that signed in from `ip`. One statement whatever the e-mail, so its
 * time does not tell who is an admin; refresh_user_live_idx.
 */
export async function adminHasSessionFrom(db: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        sql`lower(${users.email}) = ${email}`,
        eq(users.isAdmin, true),
        eq(users.isActive, true),
        eq(refreshTokens.ip, ip),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Set `authTime` on every live token of a family (a step-up proved the OTP again). */
export async function setFamilyAuthTime(db: Pick<Db, 'update'>, familyId: string, authTime: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ authTime })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

/** OTP challenges are kept this long after creation (ms): past their 10-minute life and the 15-minute send window. */
export const OTP_CHALLENGE_RETENTION_MS = 24 * 60 * 60 * 1000

/** Refresh tokens are kept this long after they expire (ms), longer than an access token lives, so a family's last access tokens stay honoured to their end. */
export const REFRESH_TOKEN_RETENTION_MS = 60 * 60 * 1000

/**
 * Delete what no sign-in can use any more (the background purge, services/background-jobs.ts):
 * OTP challenges created more than OTP_CHALLENGE_RETENTION_MS before `now`, and refresh tokens
 * expired more than REFRESH_TOKEN_RETENTION_MS before `now` (an expired token is refused whether
 * or not its row exists, so reuse detection loses nothing). Returns how many rows of each went.
 */
export async function purgeExpiredSignIns(
  db: Db,
  now: Date,
): Promise<{ otpChallenges: number; refreshTokens: number }> {
  const otp = await db
    .delete(otpChallenges)
    .where(lt(otpChallenges.createdAt, new Date(now.getTime() - OTP_CHALLENGE_RETENTION_MS)))
    .returning({ id: otpChallenges.id })
  const tokens = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, new Date(now.getTime() - REFRESH_TOKEN_RETENTION_MS)))
    .returning({ id: refreshTokens.id })
  return { otpChallenges: otp.length, refreshTokens: tokens.length }
}
