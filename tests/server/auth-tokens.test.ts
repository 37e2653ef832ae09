/**
 * Tokens through the real app, on PGlite and on PostgreSQL: refresh token rotation,
 * reuse detection revoking the family, expiry, demoted and inactive admins, logout, and the admin
 * guard on protected routes (no, garbage, foreign-key, expired token; non-admin).
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { refreshTokens, users } from '../../server/db/schema'
import { signAccessToken } from '../../server/services/access-token'
import { sha256 } from '../../server/services/otp'
import { authHelpers } from './auth-helpers'
import { call, describeEachDatabase } from './harness'

const DAY = 24 * 60 * 60 * 1000
const INVALID_REFRESH = { status: 401, body: { success: false, message: 'Invalid refresh token' } }

describeEachDatabase('auth: tokens', (get) => {
  const { addUser, newAdmin, signInAs, refresh } = authHelpers(get)
  const rowOf = async (token: string) =>
    (
      await get()
        .database.db.select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)))
    )[0]

  it('rotates the refresh token on every use and stores only its hash', async () => {
    const admin = await newAdmin()
    const first = await signInAs(admin.email)
    const second = await refresh(first.refreshToken)
    expect(second).toEqual({
      status: 200,
      body: {
        success: true,
        tokens: { accessToken: expect.any(String), refreshToken: expect.stringMatching(/^[\w-]{43}$/) },
      },
    })
    expect(second.body.tokens.refreshToken).not.toBe(first.refreshToken)
    const [oldRow, newRow] = [await rowOf(first.refreshToken), await rowOf(second.body.tokens.refreshToken)]
    expect(oldRow.rotatedAt).not.toBeNull()
    expect(newRow).toMatchObject({ familyId: oldRow.familyId, userId: admin.id, rotatedAt: null, revokedAt: null })
    const profile = await call(get(), 'GET', '/api/auth/profile', undefined, second.body.tokens.accessToken)
    expect(profile.body.admin._id).toBe(admin.id)
  })

  it('treats reuse of a rotated token as theft: 401 and the whole family is revoked', async () => {
    const admin = await newAdmin()
    const first = await signInAs(admin.email)
    const second = (await refresh(first.refreshToken)).body.tokens
    const third = (await refresh(second.refreshToken)).body.tokens
    expect(await refresh(first.refreshToken)).toEqual(INVALID_REFRESH)
    expect(await refresh(third.refreshToken)).toEqual(INVALID_REFRESH)
    const family = await get()
      .database.db.select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await rowOf(first.refreshToken)).familyId))
    expect(family).toHaveLength(3)
    expect(family.every((row) => row.revokedAt !== null)).toBe(true)
    // Another sign-in is another family and keeps working.
    const other = await signInAs(admin.email)
    expect((await refresh(other.refreshToken)).status).toBe(200)
  })

  it('answers two concurrent refreshes with the same token with the same successor (grace)', async () => {
    const admin = await newAdmin()
    const { refreshToken } = await signInAs(admin.email)
    const results = await Promise.all([refresh(refreshToken), refresh(refreshToken)])
    expect(results.map((r) => r.status)).toEqual([200, 200])
    expect(results[0].body.tokens.refreshToken).toBe(results[1].body.tokens.refreshToken)
    const family = await get()
      .database.db.select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await rowOf(refreshToken)).familyId))
    expect(family).toHaveLength(2)
  })

  it('expires refresh tokens after 30 days; each rotation starts 30 new days', async () => {
    const admin = await newAdmin()
    const { refreshToken } = await signInAs(admin.email)
    get().advance(29 * DAY)
    const renewed = await refresh(refreshToken)
    expect(renewed.status).toBe(200)
    get().advance(29 * DAY)
    const again = await refresh(renewed.body.tokens.refreshToken)
    expect(again.status).toBe(200)
    get().advance(30 * DAY + 1000)
    expect(await refresh(again.body.tokens.refreshToken)).toEqual(INVALID_REFRESH)
  })

  it('refuses refresh for a demoted or deactivated admin; the access token then gets 403', async () => {
    const demoted = await newAdmin()
    const deactivated = await newAdmin()
    const demotedTokens = await signInAs(demoted.email)
    const deactivatedTokens = await signInAs(deactivated.email)
    await get().database.db.update(users).set({ isAdmin: false }).where(eq(users.id, demoted.id))
    await get().database.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id))
    expect(await refresh(demotedTokens.refreshToken)).toEqual(INVALID_REFRESH)
    expect(await refresh(deactivatedTokens.refreshToken)).toEqual(INVALID_REFRESH)
    for (const token of [demotedTokens.accessToken, deactivatedTokens.accessToken]) {
      expect((await call(get(), 'GET', '/api/auth/profile', undefined, token)).status).toBe(403)
    }
    // Restoring the flag does not revive the refused session: its family was revoked.
    await get().database.db.update(users).set({ isAdmin: true }).where(eq(users.id, demoted.id))
    expect((await refresh(demotedTokens.refreshToken)).status).toBe(401)
  })

  it('answers unknown refresh tokens 401 and malformed bodies 400', async () => {
    expect(await refresh(crypto.randomBytes(32).toString('base64url'))).toEqual(INVALID_REFRESH)
    expect((await call(get(), 'POST', '/api/auth/refresh', {})).status).toBe(400)
    expect((await call(get(), 'POST', '/api/auth/refresh', { refreshToken: 'x', extra: true })).status).toBe(400)
  })

  it('revokes the family on logout', async () => {
    const admin = await newAdmin()
    const first = await signInAs(admin.email)
    const second = (await refresh(first.refreshToken)).body.tokens
    const out = await call(get(), 'POST', '/api/auth/logout', { refreshToken: second.refreshToken })
    expect(out).toEqual({ status: 200, body: { success: true, message: 'Signed out' } })
    expect(await refresh(second.refreshToken)).toEqual(INVALID_REFRESH)
  })

  it('guards protected routes: no token, garbage, another key, expired, non-admin', async () => {
    const noToken = await call(get(), 'GET', '/api/auth/profile')
    expect(noToken).toEqual({ status: 401, body: { success: false, message: 'Authentication required' } })
    expect((await call(get(), 'GET', '/api/auth/profile', undefined, 'garbage')).status).toBe(401)
    const admin = await newAdmin()
    const foreign = await signAccessToken(new Uint8Array(crypto.randomBytes(32)), admin.id, get().deps.now())
    expect((await call(get(), 'PUT', '/api/auth/change-password', { newPassword: 'abcdef' }, foreign)).status).toBe(401)
    const { accessToken } = await signInAs(admin.email)
    expect((await call(get(), 'GET', '/api/auth/profile', undefined, accessToken)).status).toBe(200)
    get().advance(16 * 60 * 1000)
    const expired = await call(get(), 'GET', '/api/auth/profile', undefined, accessToken)
    expect(expired).toEqual({ status: 401, body: { success: false, message: 'Invalid or expired access token' } })
    const customer = await addUser()
    const customerToken = await signAccessToken(get().deps.jwtSecret, customer.id, get().deps.now())
    const refused = await call(get(), 'PUT', '/api/auth/profile', { name: 'X', email: customer.email }, customerToken)
    expect(refused).toEqual({ status: 403, body: { success: false, message: 'Admin access required' } })
    expect((await call(get(), 'GET', '/api/health')).status).toBe(200)
  })
})
