/**
 * Failed sign-in codes are audited (`auth.otp_failed`) with their reason, the user id or
 * a keyed e-mail digest and the client IP, and never the code; a right code is audited as a
 * sign-in only.
 */
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { auditLog } from '../../../server/db/schema'
import { emailDigest } from '../../../server/services/otp'
import { authHelpers, wrongCode } from '../auth-helpers'
import { describeEachDatabase, lastCode } from '../harness'

const MINUTE = 60 * 1000

describeEachDatabase('audit: failed OTPs', (get) => {
  const { addUser, newAdmin, sendOtp, verify } = authHelpers(get)
  const failures = (entityId: string) =>
    get()
      .database.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.otp_failed'), eq(auditLog.entityId, entityId)))
      .orderBy(auditLog.id)
  const reasons = async (entityId: string) =>
    (await failures(entityId)).map((r) => [
      (r.after as { reason: string }).reason,
      (r.after as { attempts: number }).attempts,
    ])

  it('records a wrong code with the user, the IP and the try number, never the code', async () => {
    const admin = await newAdmin()
    const sent = await sendOtp(admin.email)
    const code = lastCode(get(), admin.email)
    expect((await verify(admin.email, wrongCode(code), sent.body.sessionToken)).status).toBe(400)
    const [row] = await failures(admin.id)
    expect(row).toMatchObject({
      actorId: null,
      entityType: 'user',
      entityId: admin.id,
      ip: '10.0.0.1',
      after: { reason: 'wrong_code', attempts: 1, emailDigest: emailDigest(get().deps.jwtSecret, admin.email) },
    })
    expect(JSON.stringify(row)).not.toContain(wrongCode(code))
    expect(JSON.stringify(row)).not.toContain(admin.email)
    expect((await verify(admin.email, code, sent.body.sessionToken)).status).toBe(200)
    expect(await failures(admin.id)).toHaveLength(1)
  })

  it('records too many attempts once the 5 tries are used up, and a code used twice', async () => {
    const admin = await newAdmin()
    const sent = await sendOtp(admin.email)
    const code = lastCode(get(), admin.email)
    for (let i = 0; i < 6; i++) await verify(admin.email, wrongCode(code), sent.body.sessionToken)
    expect(await reasons(admin.id)).toEqual([
      ['wrong_code', 1],
      ['wrong_code', 2],
      ['wrong_code', 3],
      ['wrong_code', 4],
      ['wrong_code', 5],
      ['too_many_attempts', 5],
    ])

    const other = await newAdmin()
    const again = await sendOtp(other.email)
    const right = lastCode(get(), other.email)
    expect((await verify(other.email, right, again.body.sessionToken)).status).toBe(200)
    expect((await verify(other.email, right, again.body.sessionToken)).status).toBe(400)
    expect(await reasons(other.id)).toEqual([['already_used', 1]])
  })

  it('records an expired code', async () => {
    const admin = await newAdmin()
    const sent = await sendOtp(admin.email)
    get().advance(10 * MINUTE + 1000)
    expect((await verify(admin.email, lastCode(get(), admin.email), sent.body.sessionToken)).status).toBe(400)
    expect(await reasons(admin.id)).toEqual([['expired', 0]])
  })

  it('names an unknown session or a non-admin by the e-mail digest only', async () => {
    const user = await addUser()
    const digest = emailDigest(get().deps.jwtSecret, user.email)
    expect((await verify(user.email, '123456', 'x'.repeat(43))).status).toBe(400)
    const sent = await sendOtp(user.email)
    expect((await verify(user.email, '123456', sent.body.sessionToken)).status).toBe(400)
    // Another address's live session: refused as unknown, without naming its owner.
    const admin = await newAdmin()
    const adminSent = await sendOtp(admin.email)
    expect((await verify(user.email, '123456', adminSent.body.sessionToken)).status).toBe(400)
    const rows = await failures(digest)
    expect(rows.map((r) => [r.entityType, r.actorId, (r.after as { reason: string }).reason])).toEqual([
      ['email', null, 'unknown_session'],
      ['email', null, 'wrong_code'],
      ['email', null, 'unknown_session'],
    ])
    expect(JSON.stringify(rows)).not.toContain(user.email)
    expect(await failures(admin.id)).toEqual([])
  })
})
