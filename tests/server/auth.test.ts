/**
 * OTP sign-in through the real app, on PGlite and on PostgreSQL: send and verify, hashing,
 * the server log line, wrong codes and the 5-try burn, expiry, session binding, single use, and no
 * account enumeration. The send limits and lock-out: auth-send-limits.test.ts.
 */
import { eq } from 'drizzle-orm'
import { afterEach, expect, it, vi } from 'vitest'
import { auditLog, otpChallenges, users } from '../../server/db/schema'
import { OTP_SENT_MESSAGE } from '../../server/routes/auth.routes'
import { authHelpers, wrongCode } from './auth-helpers'
import { call, describeEachDatabase, lastCode } from './harness'

const MINUTE = 60 * 1000

describeEachDatabase('auth: OTP sign-in', (get) => {
  const { addUser, newAdmin, sendOtp, verify, mailsTo } = authHelpers(get)
  afterEach(() => void vi.restoreAllMocks())

  it('mails a 6-digit code and signs in with it', async () => {
    const admin = await newAdmin()
    const sent = await sendOtp(admin.email)
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({
      success: true,
      message: OTP_SENT_MESSAGE,
      sessionToken: expect.stringMatching(/^[\w-]{43}$/),
    })
    const [mail] = mailsTo(admin.email)
    expect(mail.subject).toBe('Your Admin Panel sign-in code')
    const code = lastCode(get(), admin.email)
    expect(mail.text).toContain(code)
    const verified = await verify(admin.email, code, sent.body.sessionToken)
    expect(verified.status).toBe(200)
    expect(verified.body).toEqual({
      success: true,
      admin: { _id: admin.id, name: admin.name, email: admin.email, phone: '', role: 'admin', hasPassword: false },
      tokens: { accessToken: expect.any(String), refreshToken: expect.stringMatching(/^[\w-]{43}$/) },
    })
    const profile = await call(get(), 'GET', '/api/auth/profile', undefined, verified.body.tokens.accessToken)
    expect(profile.body.admin._id).toBe(admin.id)
    const rows = await get().database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))
    expect(rows.map((r) => [r.action, r.ip])).toEqual([['auth.sign_in', '10.0.0.1']])
  })

  it('stores only hashes of the code and the session token', async () => {
    const admin = await newAdmin()
    const sent = await sendOtp(admin.email)
    const code = lastCode(get(), admin.email)
    const rows = await get().database.db.select().from(otpChallenges).where(eq(otpChallenges.email, admin.email))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(sent.body.sessionToken)
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0].codeHash).not.toContain(code)
  })

  it('prints the code on the server log only when mail goes to the outbox', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const env = get().deps.env
    const admin = await newAdmin()
    env.LOG_LEVEL = 'info' // the harness runs silent
    try {
      await sendOtp(admin.email)
      const code = lastCode(get(), admin.email)
      expect(log.mock.calls.flat().join('\n')).toMatch(new RegExp(`${admin.email}.*${code}`))
      log.mockClear()
      env.SMTP_URL = 'smtp://mail.example.com'
      await sendOtp(admin.email)
      expect(log).not.toHaveBeenCalled()
    } finally {
      env.LOG_LEVEL = 'silent'
      delete env.SMTP_URL
    }
    expect(mailsTo(admin.email)).toHaveLength(2)
  })

  it('refuses a wrong code and an unknown session with 400', async () => {
    const admin = await newAdmin()
    const sent = await sendOtp(admin.email)
    const code = lastCode(get(), admin.email)
    const wrong = await verify(admin.email, wrongCode(code), sent.body.sessionToken)
    expect(wrong).toEqual({ status: 400, body: { success: false, message: 'Invalid or expired OTP' } })
    expect((await verify(admin.email, code, 'no-such-session')).body.message).toBe('Invalid or expired OTP')
    expect((await verify(admin.email, code, sent.body.sessionToken)).status).toBe(200)
  })

  it('burns the code on the fifth wrong try: the right code then fails', async () => {
    const admin = await newAdmin()
    const sent = await sendOtp(admin.email)
    const code = lastCode(get(), admin.email)
    for (let i = 0; i < 5; i++)
      expect((await verify(admin.email, wrongCode(code), sent.body.sessionToken)).status).toBe(400)
    expect((await verify(admin.email, code, sent.body.sessionToken)).status).toBe(400)
    const [row] = await get().database.db.select().from(otpChallenges).where(eq(otpChallenges.email, admin.email))
    expect(row.attempts).toBe(5)
    expect(row.consumedAt).not.toBeNull()
  })

  it('accepts the right code after four wrong tries', async () => {
    const admin = await newAdmin()
    const sent = await sendOtp(admin.email)
    const code = lastCode(get(), admin.email)
    for (let i = 0; i < 4; i++) await verify(admin.email, wrongCode(code), sent.body.sessionToken)
    expect((await verify(admin.email, code, sent.body.sessionToken)).status).toBe(200)
  })

  it('allows no more than 5 comparisons under parallel guessing', async () => {
    const admin = await newAdmin()
    const sent = await sendOtp(admin.email)
    const code = lastCode(get(), admin.email)
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => verify(admin.email, wrongCode(code), sent.body.sessionToken)),
    )
    expect(guesses.every((g) => g.status === 400)).toBe(true)
    const [row] = await get().database.db.select().from(otpChallenges).where(eq(otpChallenges.email, admin.email))
    expect(row.attempts).toBe(5)
    expect((await verify(admin.email, code, sent.body.sessionToken)).status).toBe(400)
  })

  it('keeps a code valid for 10 minutes and no longer', async () => {
    const admin = await newAdmin()
    const early = await sendOtp(admin.email)
    const earlyCode = lastCode(get(), admin.email)
    const late = await sendOtp(admin.email)
    const lateCode = lastCode(get(), admin.email)
    get().advance(9 * MINUTE + 50_000)
    expect((await verify(admin.email, earlyCode, early.body.sessionToken)).status).toBe(200)
    get().advance(20_000)
    expect((await verify(admin.email, lateCode, late.body.sessionToken)).status).toBe(400)
  })

  it('binds a code to its session token and e-mail, and lets it be used once', async () => {
    const admin = await newAdmin()
    const other = await newAdmin()
    const first = await sendOtp(admin.email)
    const firstCode = lastCode(get(), admin.email)
    const second = await sendOtp(admin.email)
    expect((await verify(admin.email, firstCode, second.body.sessionToken)).status).toBe(400)
    expect((await verify(other.email, firstCode, first.body.sessionToken)).status).toBe(400)
    expect((await verify(admin.email, firstCode, first.body.sessionToken)).status).toBe(200)
    expect((await verify(admin.email, firstCode, first.body.sessionToken)).status).toBe(400)
  })

  it('answers unknown, non-admin and inactive e-mails exactly like an admin, and mails nothing', async () => {
    const admin = await newAdmin()
    const customer = await addUser()
    const inactive = await addUser({ isAdmin: true, isActive: false })
    const mailsBefore = get().mails.length
    const known = await sendOtp(admin.email)
    const others = [await sendOtp('nobody@example.com'), await sendOtp(customer.email), await sendOtp(inactive.email)]
    expect(get().mails.length).toBe(mailsBefore + 1)
    for (const answer of others) {
      expect(answer.status).toBe(200)
      expect({ ...answer.body, sessionToken: 'x' }).toEqual({ ...known.body, sessionToken: 'x' })
      expect(answer.body.sessionToken).toMatch(/^[\w-]{43}$/)
    }
    // A session that was never sent a code never verifies, whatever is guessed.
    for (const guess of ['000000', '123456']) {
      expect((await verify(customer.email, guess, others[1].body.sessionToken)).body.message).toBe(
        'Invalid or expired OTP',
      )
      expect((await verify(inactive.email, guess, others[2].body.sessionToken)).status).toBe(400)
    }
  })

  it('refuses an admin deactivated or demoted after the code was sent', async () => {
    const deactivated = await newAdmin()
    const demoted = await newAdmin()
    const sentA = await sendOtp(deactivated.email)
    const sentB = await sendOtp(demoted.email)
    await get().database.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id))
    await get().database.db.update(users).set({ isAdmin: false }).where(eq(users.id, demoted.id))
    expect((await verify(deactivated.email, lastCode(get(), deactivated.email), sentA.body.sessionToken)).status).toBe(
      400,
    )
    expect((await verify(demoted.email, lastCode(get(), demoted.email), sentB.body.sessionToken)).status).toBe(400)
  })

  it('validates the sign-in payloads', async () => {
    const bad = await call(get(), 'POST', '/api/auth/send-otp', { email: 'not-an-email' })
    expect(bad).toMatchObject({
      status: 400,
      body: { success: false, message: 'Please enter a valid email address' },
    })
    expect((await call(get(), 'POST', '/api/auth/send-otp', { email: 'a@example.com', extra: 1 })).status).toBe(400)
    expect((await call(get(), 'POST', '/api/auth/send-otp', {})).body.message).toBe('Email is required')
    const short = await call(get(), 'POST', '/api/auth/verify-otp', {
      email: 'a@example.com',
      otp: '123',
      sessionToken: 'x',
    })
    expect(short.status).toBe(400)
    expect(short.body.message).toMatch(/OTP must be 6 digits/)
    const noSession = await call(get(), 'POST', '/api/auth/verify-otp', { email: 'a@example.com', otp: '123456' })
    expect(noSession).toMatchObject({ status: 400, body: { message: 'Session token is required' } })
  })
})
