/**
 * Sessions through the real app, on PGlite and on PostgreSQL: GET /api/auth/sessions
 * (fields, order), DELETE /api/auth/sessions/{id} (own only, 404 otherwise, audited),
 * POST /api/auth/sessions/revoke-others (keeps the current one), the password change signing out
 * the other sessions, and requireAdmin refusing the access token of a signed-out session at once.
 */
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { revokeFamily } from '../../server/db/queries/auth.queries'
import { auditLog } from '../../server/db/schema'
import { SIGNED_OUT } from '../../server/middleware/require-admin'
import { signAccessToken } from '../../server/services/access-token'
import { LIVE_SESSION_RECHECK_MS } from '../../server/services/live-sessions'
import { authHelpers } from './auth-helpers'
import { call, describeEachDatabase, lastCode } from './harness'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const SIGNED_OUT_401 = { status: 401, body: { success: false, message: SIGNED_OUT } }

describeEachDatabase('auth: sessions', (get) => {
  const { newAdmin, refresh } = authHelpers(get)
  let ipCounter = 0
  /** A real OTP sign-in as `email` from a browser (`userAgent`) at a fresh IP; the token pair and that IP. */
  const signInFrom = async (email: string, userAgent: string) => {
    ipCounter += 1
    const ip = `10.13.0.${ipCounter}`
    const headers = { 'x-forwarded-for': ip, 'user-agent': userAgent }
    const sent = await call(get(), 'POST', '/api/auth/send-otp', { email }, undefined, headers)
    const verified = await call(
      get(),
      'POST',
      '/api/auth/verify-otp',
      { email, otp: lastCode(get(), email), sessionToken: sent.body.sessionToken },
      undefined,
      headers,
    )
    expect(verified.status).toBe(200)
    return { ...(verified.body.tokens as { accessToken: string; refreshToken: string }), ip }
  }
  const sessions = (token: string) => call(get(), 'GET', '/api/auth/sessions', undefined, token)
  const revoke = (id: string, token: string) => call(get(), 'DELETE', `/api/auth/sessions/${id}`, undefined, token)
  const revokeOthers = (token: string) => call(get(), 'POST', '/api/auth/sessions/revoke-others', undefined, token)
  const profile = (token: string) => call(get(), 'GET', '/api/auth/profile', undefined, token)
  const auditOf = async (userId: string, action: string) =>
    get()
      .database.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, action)))

  it('lists the live sessions: device, IP, signed in at, last used; the current one first, then by last use', async () => {
    const admin = await newAdmin()
    const signedIn = new Date(get().deps.now()).toISOString().slice(0, 15)
    const laptop = await signInFrom(admin.email, CHROME)
    const phone = await signInFrom(admin.email, SAFARI)
    const desktop = await signInFrom(admin.email, FIREFOX)
    get().advance(60_000)
    // The laptop's family rotates: one session still, its last use moves, its sign-in does not.
    const rotated = (await refresh(laptop.refreshToken)).body.tokens
    const list = await sessions(desktop.accessToken)
    expect(list.status).toBe(200)
    const rows = list.body.sessions as Array<Record<string, unknown>>
    expect(rows.map((s) => [s.device, s.ip, s.current])).toEqual([
      ['Firefox 128 on Windows', desktop.ip, true],
      ['Chrome 131 on Linux', laptop.ip, false],
      ['Safari 17 on iOS', phone.ip, false],
    ])
    expect(rows[1]).toMatchObject({ userAgent: CHROME })
    expect(String(rows[1].signedInAt).slice(0, 15)).toBe(signedIn)
    expect(Date.parse(String(rows[1].lastUsedAt)) - Date.parse(String(rows[1].signedInAt))).toBeGreaterThanOrEqual(
      60_000,
    )
    expect(rows[2].lastUsedAt).toBe(rows[2].signedInAt)
    expect(Object.keys(rows[0]).sort()).toEqual([
      '_id',
      'current',
      'device',
      'ip',
      'lastUsedAt',
      'signedInAt',
      'userAgent',
    ])
    // Seen from the laptop, the laptop is the current one.
    const fromLaptop = (await sessions(rotated.accessToken)).body.sessions as Array<{
      device: string
      current: boolean
    }>
    expect(fromLaptop[0]).toMatchObject({ device: 'Chrome 131 on Linux', current: true })
    // Another admin sees only their own.
    const other = await newAdmin()
    const mine = await signInFrom(other.email, '')
    expect((await sessions(mine.accessToken)).body.sessions).toEqual([
      expect.objectContaining({ device: 'Unknown browser', userAgent: '', current: true }),
    ])
  })

  it("revokes one of the admin's own sessions at once (its access token 401, its refresh token dead), audited", async () => {
    const admin = await newAdmin()
    const mine = await signInFrom(admin.email, CHROME)
    const theirs = await signInFrom(admin.email, FIREFOX)
    expect((await profile(theirs.accessToken)).status).toBe(200)
    const target = (await sessions(mine.accessToken)).body.sessions[1]._id as string
    expect(await revoke(target, mine.accessToken)).toEqual({
      status: 200,
      body: { success: true, message: 'Signed out 1 session', revoked: 1 },
    })
    expect(await profile(theirs.accessToken)).toEqual(SIGNED_OUT_401)
    expect((await refresh(theirs.refreshToken)).status).toBe(401)
    expect((await profile(mine.accessToken)).status).toBe(200)
    expect((await sessions(mine.accessToken)).body.sessions).toHaveLength(1)
    expect(await revoke(target, mine.accessToken)).toEqual({
      status: 404,
      body: { success: false, message: 'Session not found' },
    })
    const [row] = await auditOf(admin.id, 'auth.session_revoke')
    expect(row).toMatchObject({ entityType: 'user', entityId: admin.id, after: { familyId: target, current: false } })
  })

  it("answers 404 for another admin's session, an unknown id, and 400 for a malformed one", async () => {
    const admin = await newAdmin()
    const other = await newAdmin()
    const mine = await signInFrom(admin.email, CHROME)
    const theirs = await signInFrom(other.email, CHROME)
    const theirId = (await sessions(theirs.accessToken)).body.sessions[0]._id as string
    expect((await revoke(theirId, mine.accessToken)).status).toBe(404)
    expect((await profile(theirs.accessToken)).status).toBe(200)
    expect((await revoke('0190c5a4-0000-7000-8000-000000000000', mine.accessToken)).status).toBe(404)
    expect((await revoke('nope', mine.accessToken)).status).toBe(400)
  })

  it('revoking the current session signs this browser out', async () => {
    const admin = await newAdmin()
    const mine = await signInFrom(admin.email, CHROME)
    const id = (await sessions(mine.accessToken)).body.sessions[0]._id as string
    expect((await revoke(id, mine.accessToken)).status).toBe(200)
    expect(await profile(mine.accessToken)).toEqual(SIGNED_OUT_401)
    expect((await refresh(mine.refreshToken)).status).toBe(401)
  })

  it('sign out everywhere else keeps the current session and ends the others, audited', async () => {
    const admin = await newAdmin()
    const here = await signInFrom(admin.email, CHROME)
    const a = await signInFrom(admin.email, FIREFOX)
    const b = await signInFrom(admin.email, SAFARI)
    const other = await newAdmin()
    const bystander = await signInFrom(other.email, CHROME)
    expect(await revokeOthers(here.accessToken)).toEqual({
      status: 200,
      body: { success: true, message: 'Signed out 2 other sessions', revoked: 2 },
    })
    expect(await profile(a.accessToken)).toEqual(SIGNED_OUT_401)
    expect(await profile(b.accessToken)).toEqual(SIGNED_OUT_401)
    expect((await profile(here.accessToken)).status).toBe(200)
    expect((await profile(bystander.accessToken)).status).toBe(200)
    expect((await refresh(here.refreshToken)).status).toBe(200)
    expect((await sessions(here.accessToken)).body.sessions).toEqual([expect.objectContaining({ current: true })])
    expect((await revokeOthers(here.accessToken)).body).toMatchObject({
      revoked: 0,
      message: 'Signed out 0 other sessions',
    })
    expect((await auditOf(admin.id, 'auth.sessions_revoke_others')).map((r) => r.after)).toEqual([
      expect.objectContaining({ revoked: 2 }),
      expect.objectContaining({ revoked: 0 }),
    ])
  })

  it('a password change signs out the other sessions (401 on their next request); this one stays', async () => {
    const admin = await newAdmin()
    const here = await signInFrom(admin.email, CHROME)
    const there = await signInFrom(admin.email, FIREFOX)
    const change = (body: unknown) => call(get(), 'PUT', '/api/auth/change-password', body, here.accessToken)
    // The first password needs no current one.
    expect((await change({ newPassword: 'first-secret' })).status).toBe(200)
    expect(await profile(there.accessToken)).toEqual(SIGNED_OUT_401)
    expect((await refresh(there.refreshToken)).status).toBe(401)
    expect((await profile(here.accessToken)).body.admin).toMatchObject({ hasPassword: true })
    // A wrong current password changes nothing and signs nobody out.
    const again = await signInFrom(admin.email, SAFARI)
    expect(await change({ currentPassword: 'wrong-one', newPassword: 'second-secret' })).toEqual({
      status: 400,
      body: { success: false, message: 'Current password is incorrect' },
    })
    expect((await profile(again.accessToken)).status).toBe(200)
    expect((await change({ currentPassword: 'first-secret', newPassword: 'second-secret' })).status).toBe(200)
    expect(await profile(again.accessToken)).toEqual(SIGNED_OUT_401)
    expect((await sessions(here.accessToken)).body.sessions).toHaveLength(1)
  })

  it('refuses an e-mail of another user with 409', async () => {
    const admin = await newAdmin()
    const other = await newAdmin()
    const here = await signInFrom(admin.email, CHROME)
    const res = await call(get(), 'PUT', '/api/auth/profile', { name: 'A', email: other.email }, here.accessToken)
    expect(res).toEqual({
      status: 409,
      body: { success: false, message: 'This email is already used by another user' },
    })
  })

  it('sign-out (logout) ends the access token too', async () => {
    const admin = await newAdmin()
    const here = await signInFrom(admin.email, CHROME)
    expect((await call(get(), 'POST', '/api/auth/logout', { refreshToken: here.refreshToken })).status).toBe(200)
    expect(await profile(here.accessToken)).toEqual(SIGNED_OUT_401)
  })

  it('a signed token whose sid names no session (unknown family, not even a UUID) is 401, never a 500', async () => {
    const admin = await newAdmin()
    const now = get().deps.now()
    for (const sid of ['s-not-a-family', '01a20d8e-8a6f-7041-8da0-548e2c3552ae']) {
      const token = await signAccessToken(get().deps.jwtSecret, admin.id, now, { sid, authTime: now })
      expect(await profile(token)).toEqual(SIGNED_OUT_401)
    }
  })

  it('a revoke this process did not make (another server) applies within the recheck interval', async () => {
    const admin = await newAdmin()
    const here = await signInFrom(admin.email, CHROME)
    expect((await profile(here.accessToken)).status).toBe(200)
    const id = (await sessions(here.accessToken)).body.sessions[0]._id as string
    await revokeFamily(get().database.db, id, get().deps.now())
    expect((await profile(here.accessToken)).status).toBe(200)
    get().advance(LIVE_SESSION_RECHECK_MS)
    expect(await profile(here.accessToken)).toEqual(SIGNED_OUT_401)
  })
})
