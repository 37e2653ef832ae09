/**
 * Refresh tokens: opaque 32-byte tokens, stored as SHA-256, valid 30 days, rotated on
 * every use. All tokens descending from one sign-in share a family; presenting a token that was
 * already rotated is treated as theft and revokes the whole family (OAuth 2.0 Security BCP,
 * RFC 9700 §4.14.2, "refresh token rotation"), written to the audit log as `auth.refresh_reuse`.
 *
 * Grace (RFC 9700 §4.14.2 allows it): two tabs of one browser may send the same
 * refresh token at once. Within REFRESH_REUSE_GRACE_MS of the rotation the same token is answered
 * again with the same successor, so neither tab is signed out. The successor is kept encrypted
 * (JWE `dir` + A256GCM) under a key derived from the rotated token itself, which is never stored:
 * only who holds the rotated token can read its successor.
 *
 * Each family also carries `authTime`, the last OTP proof of its admin (sign-in or step-up),
 * copied to every successor and put into the access tokens as `auth_time`, and the browser
 * (`userAgent`) and `ip` of its sign-in; each token's `lastUsedAt` is when it was issued (a
 * family with a live token is a session, revocable from Settings).
 */
import crypto from 'node:crypto'
import { CompactEncrypt, compactDecrypt } from 'jose'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../db/client'
import {
  claimRotation,
  findRefreshToken,
  insertRefreshToken,
  revokeFamily,
  type RefreshTokenRow,
} from '../db/queries/auth.queries'
import { findUserById } from '../db/queries/users.queries'
import { unauthorized } from '../http/errors'
import { audit, type AuditEntry } from '../db/queries/audit.queries'
import type { SessionClaims } from './access-token'
import { randomToken, sha256 } from './otp'

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** How long after a rotation the same refresh token is answered again with the same successor. */
export const REFRESH_REUSE_GRACE_MS = 10_000

/** Longest User-Agent kept for a session (characters). */
export const USER_AGENT_MAX = 512

/** A rotation's result: whose session, the new refresh token and the session's claims. */
export type Rotation = { userId: string; refreshToken: string; session: SessionClaims }

/** Where a session was signed in from: the User-Agent header ('' when none) and the client IP ('' when unknown). */
export type SessionClient = { userAgent: string; ip: string }

/** What every token of a family carries. */
type Family = { familyId: string; authTime: Date | null } & SessionClient

/** Store a new refresh token for `userId` in `family` (issued, i.e. last used, at `now`); returns it. */
export async function issueRefreshToken(
  db: Pick<Db, 'insert'>,
  userId: string,
  now: Date,
  family: Family,
  token: { token: string; hash: string } = randomToken(),
): Promise<string> {
  await insertRefreshToken(db, {
    userId,
    familyId: family.familyId,
    authTime: family.authTime,
    tokenHash: token.hash,
    userAgent: family.userAgent.slice(0, USER_AGENT_MAX),
    ip: family.ip,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  })
  return token.token
}

/**
 * A sign-in at `now` from `client`: a new refresh-token family for `userId` (auth_time = now) and
 * its audit row, in one transaction. Returns the refresh token and the session claims for the
 * access token.
 */
export async function startSession(
  db: Db,
  userId: string,
  now: Date,
  entry: AuditEntry,
  client: SessionClient,
): Promise<{ refreshToken: string; session: SessionClaims }> {
  const familyId = uuidv7()
  const refreshToken = await db.transaction(async (tx) => {
    const token = await issueRefreshToken(tx, userId, now, { familyId, authTime: now, ...client })
    await audit(tx, entry)
    return token
  })
  return { refreshToken, session: { sid: familyId, authTime: now } }
}

/** AES-256 key for sealing the successor of `token`: SHA-256 over a label and the token. */
const sealKey = (token: string) => crypto.createHash('sha256').update(`refresh-successor:${token}`).digest()

/** `successor` encrypted for whoever holds `token` (compact JWE, dir + A256GCM). */
async function sealSuccessor(token: string, successor: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(successor))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(sealKey(token))
}

/** The successor sealed by sealSuccessor, or null when it cannot be opened. */
async function openSuccessor(token: string, sealed: string): Promise<string | null> {
  try {
    return new TextDecoder().decode((await compactDecrypt(sealed, sealKey(token))).plaintext)
  } catch {
    return null
  }
}

const invalid = () => unauthorized('Invalid refresh token')

/**
 * Rotate `token` at `now`: mark it used and issue its successor in the same family. Returns the
 * user id, the new refresh token and the session claims. Within REFRESH_REUSE_GRACE_MS of its
 * rotation a token is answered again with the same successor (while that one is still unused).
 * Throws 401 'Invalid refresh token' when it is unknown, expired, revoked, reused outside the grace
 * (then the whole family is revoked and `auth.refresh_reuse` audited, with `ip`), or its user is no
 * longer an active admin (then the family is revoked too).
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: Date,
  ip: string | null = null,
): Promise<Rotation> {
  const hash = sha256(token)
  const row = await findRefreshToken(db, hash)
  if (!row) throw invalid()
  if (row.rotatedAt) return answerAgain(db, token, row, now, ip)
  if (row.revokedAt || row.expiresAt.getTime() <= now.getTime()) throw invalid()
  const user = await findUserById(db, row.userId)
  if (!user?.isActive || !user.isAdmin) {
    await revokeFamily(db, row.familyId, now)
    throw invalid()
  }
  const successor = randomToken()
  const sealed = await sealSuccessor(token, successor.token)
  const family = { familyId: row.familyId, authTime: row.authTime, userAgent: row.userAgent, ip: row.ip }
  const refreshToken = await db.transaction(async (tx) =>
    // Only one concurrent rotation of the same token can win; the loser is answered as a repeat.
    (await claimRotation(tx, row.id, now, sealed)) ? issueRefreshToken(tx, row.userId, now, family, successor) : null,
  )
  if (!refreshToken) {
    const again = await findRefreshToken(db, hash)
    if (!again?.rotatedAt) throw invalid() // revoked meanwhile
    return answerAgain(db, token, again, now, ip)
  }
  return { userId: row.userId, refreshToken, session: { sid: row.familyId, authTime: row.authTime } }
}

/** A rotated token presented again: the same successor within the grace, else reuse. */
async function answerAgain(
  db: Db,
  token: string,
  row: RefreshTokenRow,
  now: Date,
  ip: string | null,
): Promise<Rotation> {
  const inGrace = row.rotatedAt !== null && now.getTime() - row.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS
  if (inGrace && !row.revokedAt && row.successorSealed) {
    const successor = await openSuccessor(token, row.successorSealed)
    const next = successor ? await findRefreshToken(db, sha256(successor)) : undefined
    if (successor && next && !next.rotatedAt && !next.revokedAt && next.expiresAt > now) {
      const user = await findUserById(db, next.userId)
      if (!user?.isActive || !user.isAdmin) {
        await revokeFamily(db, row.familyId, now)
        throw invalid()
      }
      return { userId: next.userId, refreshToken: successor, session: { sid: next.familyId, authTime: next.authTime } }
    }
  }
  // Reuse means a copy leaked: end the session everywhere, and say so in the audit log.
  await db.transaction(async (tx) => {
    await revokeFamily(tx, row.familyId, now)
    await audit(tx, {
      actorId: null,
      action: 'auth.refresh_reuse',
      entityType: 'user',
      entityId: row.userId,
      after: { familyId: row.familyId, rotatedAt: row.rotatedAt?.toISOString() ?? null },
      ip,
    })
  })
  throw invalid()
}

/** Revoke the family of `token` if it exists (sign-out) and return its id; unknown tokens are ignored (null). */
export async function revokeRefreshToken(db: Db, token: string, now: Date): Promise<string | null> {
  const row = await findRefreshToken(db, sha256(token))
  if (!row) return null
  await revokeFamily(db, row.familyId, now)
  return row.familyId
}
