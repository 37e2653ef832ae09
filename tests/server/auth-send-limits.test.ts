/**
 * Who may stop a sign-in (decision 026), through the real app on PGlite and PostgreSQL: sends
 * from one address for someone else's e-mail neither block the owner at another address nor void
 * the code the owner holds; the per-address (20 in 15 minutes), per-(address, e-mail) (5 in 15
 * minutes) and per-e-mail (30 an hour, lifted for the admin at the address of a live session of
 * theirs) send limits answer 429 with the wait; and past 30 tries on one e-mail's codes in an
 * hour each code takes one try, so guessing stays bounded while the owner's first try signs in.
 */
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { auditLog, otpChallenges } from '../../server/db/schema'
import { authHelpers, wrongCode } from './auth-helpers'
import { call, describeEachDatabase, lastCode } from './harness'

const MINUTE = 60 * 1000
const tooMany = (minutes: number) => ({
  status: 429,
  body: {
    success: false,
    message: `Too many OTP requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  },
})

describeEachDatabase('auth: OTP send limits and lock-out', (get) => {
  const { freshIp, newAdmin, sendOtp, verify, mailsTo } = authHelpers(get)

  it('lets the owner at another address sign in after six sends for the e-mail from one address', async () => {
    const admin = await newAdmin()
    const attacker = freshIp()
    for (let i = 0; i < 5; i++) expect((await sendOtp(admin.email, attacker)).status).toBe(200)
    expect(await sendOtp(admin.email, attacker)).toEqual(tooMany(15))
    const owner = await sendOtp(admin.email, freshIp())
    expect(owner.status).toBe(200)
    const code = lastCode(get(), admin.email)
    // More codes asked for from elsewhere do not void the one the owner holds.
    for (let i = 0; i < 3; i++) expect((await sendOtp(admin.email)).status).toBe(200)
    const signedIn = await verify(admin.email, code, owner.body.sessionToken)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.admin._id).toBe(admin.id)
    const audits = await get().database.db.select().from(auditLog).where(eq(auditLog.entityId, admin.id))
    expect(audits.map((a) => a.action)).toEqual(['auth.sign_in'])
  })

  it('limits one address to 5 sends per e-mail in 15 minutes, naming the wait', async () => {
    const admin = await newAdmin()
    const ip = freshIp()
    for (let i = 0; i < 5; i++) expect((await sendOtp(admin.email, ip)).status).toBe(200)
    expect(await sendOtp(admin.email, ip)).toEqual(tooMany(15))
    expect(mailsTo(admin.email)).toHaveLength(5)
    get().advance(5 * MINUTE)
    expect(await sendOtp(admin.email, ip)).toEqual(tooMany(10))
    // The same address for another e-mail, and another address for this one, are not limited.
    expect((await sendOtp('someone-else@example.com', ip)).status).toBe(200)
    expect((await sendOtp(admin.email)).status).toBe(200)
    // Unknown e-mails are limited the same way, so the limit reveals nothing either.
    const ghost = freshIp()
    for (let i = 0; i < 5; i++) await sendOtp('ghost@example.com', ghost)
    expect(await sendOtp('ghost@example.com', ghost)).toEqual(tooMany(15))
    get().advance(10 * MINUTE + 1000)
    expect((await sendOtp(admin.email, ip)).status).toBe(200)
  })

  it('limits sends to 20 per client IP in 15 minutes', async () => {
    const ip = freshIp()
    for (let i = 0; i < 20; i++) expect((await sendOtp(`ip${i}@example.com`, ip)).status).toBe(200)
    expect(await sendOtp('ip-next@example.com', ip)).toEqual(tooMany(15))
    expect((await sendOtp('ip-next@example.com')).status).toBe(200)
  })

  it('limits sends to 30 per e-mail in an hour from all addresses together, admin or not', async () => {
    const admin = await newAdmin()
    for (const email of [admin.email, 'nobody-30@example.com']) {
      for (let i = 0; i < 30; i++) expect((await sendOtp(email)).status, `send ${i + 1}`).toBe(200)
      expect(await sendOtp(email)).toEqual(tooMany(60))
    }
    expect(mailsTo(admin.email)).toHaveLength(30)
    get().advance(45 * MINUTE)
    expect(await sendOtp(admin.email)).toEqual(tooMany(15))
    get().advance(15 * MINUTE + 1000)
    expect((await sendOtp(admin.email)).status).toBe(200)
  })

  it('lets the owner ask from the address of a live session of theirs past the per-e-mail ceiling, and only them', async () => {
    const admin = await newAdmin()
    const home = freshIp()
    const signInFrom = async (ip: string) => {
      const sent = await sendOtp(admin.email, ip)
      expect(sent.status).toBe(200)
      return call(
        get(),
        'POST',
        '/api/auth/verify-otp',
        { email: admin.email, otp: lastCode(get(), admin.email), sessionToken: sent.body.sessionToken },
        undefined,
        { 'x-forwarded-for': ip },
      )
    }
    expect((await signInFrom(home)).status).toBe(200)
    for (let i = 0; i < 29; i++) expect((await sendOtp(admin.email)).status).toBe(200)
    expect(await sendOtp(admin.email)).toEqual(tooMany(60))
    expect((await signInFrom(home)).status).toBe(200)
    // The address lifts the ceiling for its own admin only, and the per-address limits still hold there.
    for (let i = 0; i < 30; i++) await sendOtp('nobody-home@example.com')
    expect(await sendOtp('nobody-home@example.com', home)).toEqual(tooMany(60))
    for (let i = 0; i < 3; i++) expect((await sendOtp(admin.email, home)).status).toBe(200)
    expect(await sendOtp(admin.email, home)).toEqual(tooMany(15))
  })

  it("after 30 tries on an e-mail's codes in an hour gives each code one try: the owner's first still signs in", async () => {
    const admin = await newAdmin()
    // An attacker burns six codes with five wrong guesses each, from six addresses.
    for (let i = 0; i < 6; i++) {
      const sent = await sendOtp(admin.email)
      const code = lastCode(get(), admin.email)
      for (let t = 0; t < 5; t++)
        expect((await verify(admin.email, wrongCode(code), sent.body.sessionToken)).status).toBe(400)
    }
    const slipped = await sendOtp(admin.email)
    const slippedCode = lastCode(get(), admin.email)
    expect((await verify(admin.email, wrongCode(slippedCode), slipped.body.sessionToken)).status).toBe(400)
    expect(await verify(admin.email, slippedCode, slipped.body.sessionToken)).toEqual({
      status: 400,
      body: { success: false, message: 'Invalid or expired OTP' },
    })
    const owner = await sendOtp(admin.email)
    expect((await verify(admin.email, lastCode(get(), admin.email), owner.body.sessionToken)).status).toBe(200)
    // An hour after those tries a code has its five tries again.
    get().advance(61 * MINUTE)
    const later = await sendOtp(admin.email)
    const laterCode = lastCode(get(), admin.email)
    for (let t = 0; t < 4; t++)
      expect((await verify(admin.email, wrongCode(laterCode), later.body.sessionToken)).status).toBe(400)
    expect((await verify(admin.email, laterCode, later.body.sessionToken)).status).toBe(200)
  })

  it('holds the per-e-mail bound when tries on several codes race past the 30th', async () => {
    const admin = await newAdmin()
    const codes = async (n: number) => {
      const sent = []
      for (let i = 0; i < n; i++)
        sent.push({
          token: (await sendOtp(admin.email)).body.sessionToken as string,
          code: lastCode(get(), admin.email),
        })
      return sent
    }
    const guess = (sent: { token: string; code: string }[], each: number) =>
      Promise.all(
        sent.flatMap(({ token, code }) =>
          Array.from({ length: each }, () => verify(admin.email, wrongCode(code), token)),
        ),
      )
    const [first, ...rest] = await codes(6)
    await guess(rest, 5)
    await guess([first], 4)
    // 29 tries so far: the 30th is allowed, then each of the 6 new codes takes one try.
    await guess(await codes(6), 5)
    const rows = await get()
      .database.db.select({ attempts: otpChallenges.attempts })
      .from(otpChallenges)
      .where(eq(otpChallenges.email, admin.email))
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(35)
  })
})
