/**
 * Refresh-token grace (RFC 9700 §4.14.2): the same rotation answered twice within
 * REFRESH_REUSE_GRACE_MS with the same successor, stored only encrypted; reuse outside the grace
 * revokes the family and is audited as `auth.refresh_reuse`. On PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { auditLog, refreshTokens } from '../../server/db/schema'
import { sha256 } from '../../server/services/otp'
import { REFRESH_REUSE_GRACE_MS } from '../../server/services/refresh-tokens'
import { authHelpers } from './auth-helpers'
import { call, describeEachDatabase } from './harness'

const INVALID_REFRESH = { status: 401, body: { success: false, message: 'Invalid refresh token' } }

describeEachDatabase('auth: refresh grace', (get) => {
  const { newAdmin, signInAs, refresh } = authHelpers(get)
  const db = () => get().database.db
  const rowOf = async (token: string) =>
    (
      await db()
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)))
    )[0]
  const familyOf = async (token: string) =>
    db()
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await rowOf(token)).familyId))
  const reuseAudits = (userId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.refresh_reuse'), eq(auditLog.entityId, userId)))

  it('answers a repeat within the grace with the same successor, which keeps working', async () => {
    const admin = await newAdmin()
    const { refreshToken } = await signInAs(admin.email)
    const first = await refresh(refreshToken)
    get().advance(REFRESH_REUSE_GRACE_MS - 1000)
    const repeat = await refresh(refreshToken)
    expect(repeat.status).toBe(200)
    expect(repeat.body.tokens.refreshToken).toBe(first.body.tokens.refreshToken)
    const profile = await call(get(), 'GET', '/api/auth/profile', undefined, repeat.body.tokens.accessToken)
    expect(profile.status).toBe(200)
    expect((await refresh(repeat.body.tokens.refreshToken)).status).toBe(200)
    expect(await reuseAudits(admin.id)).toHaveLength(0)
  })

  it('never stores the successor in plain text', async () => {
    const admin = await newAdmin()
    const { refreshToken } = await signInAs(admin.email)
    const successor = (await refresh(refreshToken)).body.tokens.refreshToken as string
    const rows = await familyOf(refreshToken)
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(successor)
    expect(stored).not.toContain(refreshToken)
    expect((await rowOf(refreshToken)).successorSealed).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/)
  })

  it('treats a repeat after the grace as reuse: 401, family revoked, audited', async () => {
    const admin = await newAdmin()
    const { refreshToken } = await signInAs(admin.email)
    const successor = (await refresh(refreshToken)).body.tokens.refreshToken as string
    get().advance(REFRESH_REUSE_GRACE_MS + 1000)
    expect(
      await call(get(), 'POST', '/api/auth/refresh', { refreshToken }, undefined, { 'x-forwarded-for': '10.9.9.9' }),
    ).toEqual(INVALID_REFRESH)
    expect((await familyOf(refreshToken)).every((row) => row.revokedAt !== null)).toBe(true)
    expect(await refresh(successor)).toEqual(INVALID_REFRESH)
    const [entry] = await reuseAudits(admin.id)
    expect(entry).toMatchObject({ actorId: null, entityType: 'user', entityId: admin.id })
    expect(entry.after).toMatchObject({ familyId: (await rowOf(refreshToken)).familyId })
    expect(JSON.stringify(entry)).not.toContain(refreshToken)
  })

  it('treats a repeat within the grace as reuse once the successor was used', async () => {
    const admin = await newAdmin()
    const { refreshToken } = await signInAs(admin.email)
    const successor = (await refresh(refreshToken)).body.tokens.refreshToken as string
    expect((await refresh(successor)).status).toBe(200)
    expect(await refresh(refreshToken)).toEqual(INVALID_REFRESH)
    expect((await familyOf(refreshToken)).every((row) => row.revokedAt !== null)).toBe(true)
    expect(await reuseAudits(admin.id)).toHaveLength(1)
  })

  it('carries the session id and sign-in time into every refreshed access token', async () => {
    const admin = await newAdmin()
    const signedIn = await signInAs(admin.email)
    get().advance(60_000)
    const next = (await refresh(signedIn.refreshToken)).body.tokens
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>
    const [before, after] = [claims(signedIn.accessToken), claims(next.accessToken)]
    expect(after.sid).toBe((await rowOf(signedIn.refreshToken)).familyId)
    expect(after.sid).toBe(before.sid)
    expect(after.auth_time).toBe(before.auth_time)
    expect(after.iat).toBe((before.iat as number) + 60)
  })
})
