/**
 * PUT /api/users/{id} on PGlite and PostgreSQL: each group's strict schema refusing
 * foreign fields, partial nested merges, bounds and formats, agent onboarding, the e-mail
 * conflict, step-up for isAdmin changes and bank details, audit before/after rows.
 */
import { expect, it } from 'vitest'
import { STEP_UP_REQUIRED } from '../../src/api/schemas/step-up'
import { findBankDetails } from '../../server/db/queries/users.queries'
import { call, describeEachDatabase } from './harness'
import { usersHelpers } from './users-helpers'

describeEachDatabase('users: PUT /{id} groups', (get) => {
  const h = usersHelpers(get)
  const admin = h.signedInAdmin()

  it('refuses a field of another group with 400 by name and stores nothing', async () => {
    const user = await h.addUser()
    const cases: [unknown, string][] = [
      [{ bankDetails: { bankName: 'SBI' }, isAdmin: true }, 'Unknown field: isAdmin'],
      [{ address: { city: 'Pune' }, name: 'X' }, 'Unknown field: name'],
      [{ name: 'X', isAdmin: true }, 'Unknown field: name'],
      [{ defaultDiscountPercent: 10, isAdmin: true }, 'Unknown field: isAdmin'],
      [{ preferences: { newsletter: true, isAdmin: true } }, 'Unknown field: isAdmin'],
      [{ socialMedia: { instagram: 'x' }, preferences: { newsletter: true } }, 'Unknown field: preferences'],
    ]
    for (const [body, message] of cases) {
      const res = await h.put(admin.token, user.id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errors.join('\n')).toContain(message)
    }
    const after = await h.row(user.id)
    expect(after).toMatchObject({ isAdmin: false, name: user.name, bankDetails: {}, updatedAt: user.updatedAt })
    expect(after.address).toEqual(user.address)
  })

  it("updates basic details; '' clears optional text; a taken e-mail is 409; year is checked", async () => {
    const user = await h.addUser({ college: 'IIT', phone: '111' })
    const other = await h.addUser()
    const res = await h.put(admin.token, user.id, { name: 'Meera', college: '', year: 'Graduate', email: 'Meera@X.in' })
    expect(res.body).toMatchObject({
      success: true,
      message: 'User updated successfully',
      user: { name: 'Meera', college: '', year: 'Graduate', phone: '111', email: 'meera@x.in' },
    })
    expect((await h.row(user.id)).college).toBeNull()
    expect(await h.put(admin.token, user.id, { email: other.email.toUpperCase() })).toEqual({
      status: 409,
      body: { success: false, message: 'A user with this email already exists' },
    })
    expect((await h.put(admin.token, user.id, { year: '5th Year' })).status).toBe(400)
    expect((await h.put(admin.token, user.id, {})).status).toBe(400)
  })

  it("merges address, social media and preferences: omitted keys stay, '' clears, country '' is India", async () => {
    const user = await h.addUser({
      address: { street: 'MG Road', city: 'Kochi', country: 'Nepal' },
      socialMedia: { instagram: 'a', youtube: 'b' },
    })
    await h.put(admin.token, user.id, { address: { city: 'Pune', country: '' } })
    expect((await h.row(user.id)).address).toEqual({ street: 'MG Road', city: 'Pune', country: 'India' })
    await h.put(admin.token, user.id, { socialMedia: { instagram: '', twitter: 't' } })
    expect((await h.row(user.id)).socialMedia).toEqual({ youtube: 'b', twitter: 't' })
    const res = await h.put(admin.token, user.id, { preferences: { newsletter: true } })
    expect(res.body.user.preferences).toEqual({ newsletter: true, notifications: true, marketingEmails: false })
  })

  it('stores rates as basis points with their bounds', async () => {
    const user = await h.addUser()
    expect((await h.put(admin.token, user.id, { defaultDiscountPercent: 50.01 })).status).toBe(400)
    expect((await h.put(admin.token, user.id, { commissionRate: 100.5 })).status).toBe(400)
    expect((await h.put(admin.token, user.id, { defaultDiscountPercent: 12.345 })).status).toBe(400)
    expect(
      (await h.put(admin.token, user.id, { commissionRate: 100, defaultDiscountPercent: 50 })).body.user,
    ).toMatchObject({ commissionRate: 100, defaultDiscountPercent: 50 })
    expect(await h.row(user.id)).toMatchObject({ commissionRateBps: 10000, defaultDiscountBps: 5000 })
    expect((await h.put(admin.token, user.id, { defaultDiscountPercent: 0.29 })).body.user.defaultDiscountPercent).toBe(
      0.29,
    )
    expect((await h.row(user.id)).defaultDiscountBps).toBe(29)
  })

  it('makes an agent once: codes and agentStatus active; codes kept when they stop being one', async () => {
    const user = await h.addUser()
    const res = await h.put(admin.token, user.id, { isAgent: true, defaultDiscountPercent: 10 })
    expect(res.body.user).toMatchObject({ role: 'agent', agentStatus: 'active', defaultDiscountPercent: 10 })
    const { referralCode, agentCode } = res.body.user
    expect(referralCode).toMatch(/^REF\w{6}$/)
    expect(agentCode).toMatch(/^AGT\w{6}$/)
    const audit = await h.auditOf(user.id, 'user.agent.update')
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      before: { defaultDiscountBps: 500 },
      after: { defaultDiscountBps: 1000, referralCode, agentCode },
    })
    const roles = await h.auditOf(user.id, 'user.role_change')
    expect(roles[0]).toMatchObject({
      actorId: admin.id,
      before: { is_agent: false, agent_status: null },
      after: { is_agent: true, agent_status: 'active' },
    })
    await h.put(admin.token, user.id, { isAgent: false })
    await h.put(admin.token, user.id, { isAgent: true })
    expect(await h.row(user.id)).toMatchObject({ isAgent: true, referralCode, agentCode })
    const suspended = await h.addUser({ agentStatus: 'suspended' })
    expect((await h.put(admin.token, suspended.id, { isAgent: true })).body.user.agentStatus).toBe('suspended')
  })

  it('checks IFSC and UPI formats and merges bank details, the account number encrypted and masked', async () => {
    const user = await h.addUser()
    const ifsc = 'IFSC code must look like SBIN0001234 (4 letters, 0, 6 letters or digits)'
    // The refusal names the field in `issues` only: message and errors are for a person.
    expect(await h.put(admin.token, user.id, { bankDetails: { ifscCode: 'SBIN1234567' } })).toEqual({
      status: 400,
      body: {
        success: false,
        message: ifsc,
        errors: [ifsc],
        issues: [{ path: 'bankDetails.ifscCode', message: ifsc }],
      },
    })
    expect((await h.put(admin.token, user.id, { bankDetails: { upiId: 'no-handle' } })).status).toBe(400)
    expect((await h.put(admin.token, user.id, { bankDetails: { accountNumber: '12ab' } })).status).toBe(400)
    const saved = await h.put(admin.token, user.id, {
      bankDetails: { ifscCode: 'sbin0001234', upiId: 'asha@okaxis', accountNumber: '1234 5678 9012', bankName: 'SBI' },
    })
    expect(saved.body.user.bankDetails).toEqual({
      accountHolderName: '',
      accountNumber: '••••9012',
      bankName: 'SBI',
      branchName: '',
      ifscCode: 'SBIN0001234',
      upiId: 'asha@okaxis',
    })
    expect((await h.row(user.id)).bankDetails.accountNumber).toMatch(/^v1:/)
    await h.put(admin.token, user.id, { bankDetails: { bankName: '', branchName: 'Fort' } })
    expect(await findBankDetails(h.db(), get().deps.dataKey, user.id)).toEqual({
      accountNumber: '123456789012',
      ifscCode: 'SBIN0001234',
      upiId: 'asha@okaxis',
      branchName: 'Fort',
    })
    const audit = await h.auditOf(user.id, 'user.bank_details.update')
    expect(
      audit.map((r) => [r.actorId, (r.before as any).accountNumber ?? null, (r.after as any).accountNumber]),
    ).toEqual([
      [admin.id, null, '••••9012'],
      [admin.id, '••••9012', '••••9012'],
    ])
    expect(JSON.stringify(audit)).not.toContain('123456789012')
  })

  it('asks for step-up (403) for bank details and an isAdmin change only; nothing stored', async () => {
    const user = await h.addUser()
    const old = await h.tokenOf(admin.id, 20)
    const stepUp = { status: 403, body: expect.objectContaining({ code: STEP_UP_REQUIRED }) }
    expect(await h.put(old, user.id, { bankDetails: { bankName: 'SBI' } })).toEqual(stepUp)
    expect(await h.put(old, user.id, { isAdmin: true })).toEqual(stepUp)
    expect(await h.row(user.id)).toMatchObject({ isAdmin: false, bankDetails: {} })
    expect((await h.put(old, user.id, { isAdmin: false, isEmailVerified: true })).status).toBe(200)
    expect((await h.put(old, user.id, { name: 'Fine' })).status).toBe(200)
    // isAgent alone is the flags group: becoming an agent there also gives the codes.
    const agent = await h.put(old, user.id, { isAgent: true })
    expect(agent.body.user).toMatchObject({
      role: 'agent',
      agentStatus: 'active',
      referralCode: expect.stringMatching(/^REF/),
      agentCode: expect.stringMatching(/^AGT/),
    })
    expect(await call(get(), 'POST', `/api/users/${user.id}/bank-details/reveal`, undefined, old)).toEqual(stepUp)
    expect(await h.auditOf(user.id, 'user.bank_account.reveal')).toEqual([])
    const promoted = await h.put(admin.token, user.id, { isAdmin: true })
    expect(promoted.body.user).toMatchObject({ role: 'admin', isAdmin: true })
    const roles = await h.auditOf(user.id, 'user.role_change')
    expect(roles.at(-1)).toMatchObject({ actorId: admin.id, before: { is_admin: false }, after: { is_admin: true } })
    const flags = await h.auditOf(user.id, 'user.flags.update')
    expect(flags[0]).toMatchObject({
      actorId: admin.id,
      before: { isEmailVerified: false },
      after: { isEmailVerified: true },
    })
    // Each change is logged once: the trigger has the flags, the app row the other fields.
    expect(flags.every((r) => !('isAdmin' in (r.after as object)))).toBe(true)
  })

  it("answers 404 'User not found' for every group of an unknown user", async () => {
    const missing = '0190a000-0000-7000-8000-000000000000'
    for (const body of [
      { name: 'X' },
      { isAdmin: true },
      { isAgent: true },
      { bankDetails: { bankName: 'X' } },
      { address: { city: 'X' } },
    ]) {
      expect(await h.put(admin.token, missing, body), JSON.stringify(body)).toEqual({
        status: 404,
        body: { success: false, message: 'User not found' },
      })
    }
  })
})
