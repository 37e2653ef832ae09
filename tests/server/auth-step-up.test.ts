/**
 * Step-up: changing the own e-mail needs an OTP proof at most 15 minutes
 * old (`auth_time` in the access token); older sessions get 403 `code: 'step_up_required'`, and
 * POST /api/auth/step-up/send-otp + /verify renew auth_time without a new session. PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { STEP_UP_REQUIRED } from '../../src/api/schemas/step-up'
import { ErrorBodySchema } from '../../src/api/schemas/common'
import * as v from 'valibot'
import { auditLog, refreshTokens, users } from '../../server/db/schema'
import { stepUpMessage } from '../../server/domain/sensitive-actions'
import { signAccessToken } from '../../server/services/access-token'
import { authHelpers, wrongCode } from './auth-helpers'
import { call, describeEachDatabase, lastCode } from './harness'

const MINUTE = 60_000
const STEP_UP = { status: 403, body: { success: false, message: stepUpMessage('admin.email'), code: STEP_UP_REQUIRED } }
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>

describeEachDatabase('auth: step-up', (get) => {
  const { newAdmin, signInAs, refresh, mailsTo } = authHelpers(get)
  const db = () => get().database.db
  const profile = (token: string, email: string, name = 'Renamed') =>
    call(get(), 'PUT', '/api/auth/profile', { name, email }, token)
  const emailOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0].email
  /** Signed in `minutes` ago, with an access token refreshed now (auth_time stays the sign-in's). */
  const signedInAgo = async (minutes: number) => {
    const admin = await newAdmin()
    const tokens = await signInAs(admin.email)
    get().advance(minutes * MINUTE)
    const next = (await refresh(tokens.refreshToken)).body.tokens as { accessToken: string; refreshToken: string }
    return { admin, ...next }
  }

  it('lets a session signed in less than 15 minutes ago change the e-mail', async () => {
    const { admin, accessToken } = await signedInAgo(14)
    const res = await profile(accessToken, `new-${admin.email}`)
    expect(res.status).toBe(200)
    expect(await emailOf(admin.id)).toBe(`new-${admin.email}`)
  })

  it('asks an older session to confirm: 403 step_up_required, nothing changed; name changes need no step-up', async () => {
    const { admin, accessToken } = await signedInAgo(16)
    const res = await profile(accessToken, `new-${admin.email}`)
    expect(res).toEqual(STEP_UP)
    expect(v.is(ErrorBodySchema, res.body)).toBe(true)
    expect(await emailOf(admin.id)).toBe(admin.email)
    expect((await profile(accessToken, admin.email.toUpperCase(), 'Only the name')).status).toBe(200)
  })

  it('treats a token without auth_time (issued before step-up existed) as old', async () => {
    const admin = await newAdmin()
    const legacy = await signAccessToken(get().deps.jwtSecret, admin.id, get().deps.now())
    expect(await profile(legacy, `new-${admin.email}`)).toEqual(STEP_UP)
  })

  it('renews auth_time with a fresh code, keeps it across refreshes, and audits it', async () => {
    const { admin, accessToken, refreshToken } = await signedInAgo(30)
    const before = mailsTo(admin.email).length
    const sent = await call(get(), 'POST', '/api/auth/step-up/send-otp', undefined, accessToken)
    expect(sent).toEqual({
      status: 200,
      body: {
        success: true,
        message: `A confirmation code has been sent to ${admin.email}.`,
        sessionToken: expect.any(String),
      },
    })
    expect(mailsTo(admin.email)).toHaveLength(before + 1)
    const code = lastCode(get(), admin.email)
    const wrong = await call(
      get(),
      'POST',
      '/api/auth/step-up/verify',
      { otp: wrongCode(code), sessionToken: sent.body.sessionToken },
      accessToken,
    )
    expect(wrong).toEqual({ status: 400, body: { success: false, message: 'Invalid or expired OTP' } })
    // The app's clock runs on: auth_time is the second the verify ran in, between these two readings.
    const seconds = () => Math.floor(get().deps.now().getTime() / 1000)
    const verifyFrom = seconds()
    const ok = await call(
      get(),
      'POST',
      '/api/auth/step-up/verify',
      { otp: code, sessionToken: sent.body.sessionToken },
      accessToken,
    )
    const verifyTo = seconds()
    expect(ok).toEqual({ status: 200, body: { success: true, message: 'Confirmed', accessToken: expect.any(String) } })
    const fresh = ok.body.accessToken as string
    const renewed = claims(fresh).auth_time as number
    expect(renewed).toBeGreaterThanOrEqual(verifyFrom)
    expect(renewed).toBeLessThanOrEqual(verifyTo)
    expect(claims(fresh)).toMatchObject({ sub: admin.id, sid: claims(accessToken).sid })
    // Single use: the same code does not confirm twice.
    expect(
      (
        await call(
          get(),
          'POST',
          '/api/auth/step-up/verify',
          { otp: code, sessionToken: sent.body.sessionToken },
          accessToken,
        )
      ).status,
    ).toBe(400)
    expect((await profile(fresh, `new-${admin.email}`)).status).toBe(200)

    // Same session (no new refresh family), and a refresh keeps the renewed auth_time.
    get().advance(5 * MINUTE)
    const refreshed = (await refresh(refreshToken)).body.tokens.accessToken as string
    expect(claims(refreshed).auth_time).toBe(renewed)
    const families = await db()
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, admin.id))
    expect(families).toHaveLength(1)
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.step_up'), eq(auditLog.entityId, admin.id)))
    expect(audits).toHaveLength(1)
    expect(JSON.stringify(audits)).not.toContain(code)
  })

  it('accepts only a code sent to the signed-in admin', async () => {
    const other = await signedInAgo(0)
    const { accessToken } = await signedInAgo(30)
    const sent = await call(get(), 'POST', '/api/auth/step-up/send-otp', undefined, other.accessToken)
    const code = lastCode(get(), other.admin.email)
    const stolen = await call(
      get(),
      'POST',
      '/api/auth/step-up/verify',
      { otp: code, sessionToken: sent.body.sessionToken },
      accessToken,
    )
    expect(stolen.status).toBe(400)
    expect(
      (await call(get(), 'POST', '/api/auth/step-up/verify', { otp: '12', sessionToken: 'x' }, accessToken)).status,
    ).toBe(400)
    expect(
      (await call(get(), 'POST', '/api/auth/step-up/verify', { otp: code, sessionToken: 'x', extra: 1 }, accessToken))
        .status,
    ).toBe(400)
  })
})
