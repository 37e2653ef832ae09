/**
 * Refresh tokens (issue 2): opaque 32-byte tokens, stored as SHA-256, valid 30 days, rotated on
 * every use. All tokens descending from one sign-in share a family; presenting a token that was
 * already rotated is treated as theft and revokes the whole family (OAuth 2.0 Security BCP,
 * RFC 9700 §4.14.2, "refresh token rotation").
 */
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../db/client'
import {
  claimRotation, findRefreshToken, insertRefreshToken, revokeFamily,
} from '../db/queries/auth.queries'
import { findUserById } from '../db/queries/users.queries'
import { unauthorized } from '../http/errors'
import { audit, type AuditEntry } from '../db/queries/audit.queries'
import { randomToken, sha256 } from './otp'

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000

/** Store a new refresh token for `userId` (a new family unless `familyId` is given); returns it. */
export async function issueRefreshToken(
  db: Pick<Db, 'insert'>, userId: string, now: Date, familyId: string = uuidv7(),
): Promise<string> {
  const { token, hash } = randomToken()
  await insertRefreshToken(db, {
    userId, familyId, tokenHash: hash, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  })
  return token
}

/** A sign-in: a new refresh-token family for `userId` and its audit row, in one transaction. */
export async function startSession(db: Db, userId: string, now: Date, entry: AuditEntry): Promise<string> {
  return db.transaction(async (tx) => {
    const refreshToken = await issueRefreshToken(tx, userId, now)
    await audit(tx, entry)
    return refreshToken
  })
}

/**
 * Rotate `token`: mark it used and issue its successor in the same family. Returns the user id and
 * the new refresh token. Throws 401 'Invalid refresh token' when it is unknown, expired, revoked,
 * already rotated (then the whole family is revoked: reuse means a copy leaked) or its user is no
 * longer an active admin (then the family is revoked too).
 */
export async function rotateRefreshToken(db: Db, token: string, now: Date): Promise<{ userId: string; refreshToken: string }> {
  const invalid = () => unauthorized('Invalid refresh token')
  const row = await findRefreshToken(db, sha256(token))
  if (!row) throw invalid()
  if (row.rotatedAt) {
    await revokeFamily(db, row.familyId, now)
    throw invalid()
  }
  if (row.revokedAt || row.expiresAt.getTime() <= now.getTime()) throw invalid()
  const user = await findUserById(db, row.userId)
  if (!user?.isActive || !user.isAdmin) {
    await revokeFamily(db, row.familyId, now)
    throw invalid()
  }
  const refreshToken = await db.transaction(async (tx) => {
    // Only one concurrent rotation of the same token can win; the loser counts as reuse.
    return (await claimRotation(tx, row.id, now)) ? issueRefreshToken(tx, row.userId, now, row.familyId) : null
  })
  if (!refreshToken) {
    // Outside the transaction: a throw inside it would roll the revocation back.
    await revokeFamily(db, row.familyId, now)
    throw invalid()
  }
  return { userId: row.userId, refreshToken }
}

/** Revoke the family of `token` if it exists (sign-out); unknown tokens are ignored. */
export async function revokeRefreshToken(db: Db, token: string, now: Date): Promise<void> {
  const row = await findRefreshToken(db, sha256(token))
  if (row) await revokeFamily(db, row.familyId, now)
}
