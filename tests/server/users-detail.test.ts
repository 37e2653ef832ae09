/**
 * /api/users detail, stats, Add User, status and bulk on PGlite and PostgreSQL:
 * answers of every route, masking, the audited reveal, 404s, the e-mail conflict, all-or-nothing bulk.
 */
import { expect, it } from 'vitest'
import { setBankDetails } from '../../server/db/queries/users.queries'
import { call, describeEachDatabase } from './harness'
import { usersHelpers } from './users-helpers'

const MISSING = '0190a000-0000-7000-8000-000000000000'

describeEachDatabase('users: detail, Add User, status, bulk', (get) => {
  const h = usersHelpers(get)
  const admin = h.signedInAdmin()

  it("GET /{id} answers the user with absent text as '' and the bank account masked; 404 otherwise", async () => {
    const user = await h.addUser({
      name: 'Asha Rao',
      phone: '98450 00001',
      college: 'IISc',
      year: '2nd Year',
      defaultDiscountBps: 1050,
      address: { city: 'Bengaluru', country: 'India' },
    })
    await setBankDetails(
      h.db(),
      get().deps.dataKey,
      user.id,
      { accountNumber: '123456789012', ifscCode: 'SBIN0001234' },
      new Date(),
      { actorId: null, action: 'test', entityType: 'user', entityId: user.id },
    )
    const res = await h.get(admin.token, `/${user.id}`)
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({
      _id: user.id,
      name: 'Asha Rao',
      phone: '98450 00001',
      college: 'IISc',
      course: '',
      year: '2nd Year',
      role: 'user',
      defaultDiscountPercent: 10.5,
      commissionRate: 5,
      agentStatus: null,
      address: { street: '', city: 'Bengaluru', state: '', country: 'India', pincode: '' },
      bankDetails: { accountNumber: '••••9012', ifscCode: 'SBIN0001234', upiId: '', bankName: '' },
      preferences: { newsletter: false, notifications: true, marketingEmails: false },
      referralCode: null,
      agentCode: null,
    })
    expect(JSON.stringify(res.body)).not.toContain('123456789012')
    expect(JSON.stringify((await h.get(admin.token, '?limit=100')).body)).not.toContain('123456789012')
    expect(await h.get(admin.token, `/${MISSING}`)).toEqual({
      status: 404,
      body: { success: false, message: 'User not found' },
    })
    expect((await h.get(admin.token, '/not-a-uuid')).status).toBe(400)
  })

  it("reveals the account number with an audit row that does not hold it; '' when none", async () => {
    const user = await h.addUser()
    await setBankDetails(h.db(), get().deps.dataKey, user.id, { accountNumber: '987654321' }, new Date(), {
      actorId: null,
      action: 'test',
      entityType: 'user',
      entityId: user.id,
    })
    const res = await call(get(), 'POST', `/api/users/${user.id}/bank-details/reveal`, undefined, admin.token)
    expect(res).toEqual({ status: 200, body: { success: true, accountNumber: '987654321' } })
    const rows = await h.auditOf(user.id, 'user.bank_account.reveal')
    expect(rows).toHaveLength(1)
    expect(rows[0].actorId).toBe(admin.id)
    expect(JSON.stringify(rows[0])).not.toContain('987654321')
    const none = await h.addUser()
    expect(
      (await call(get(), 'POST', `/api/users/${none.id}/bank-details/reveal`, undefined, admin.token)).body
        .accountNumber,
    ).toBe('')
    expect(
      (await call(get(), 'POST', `/api/users/${MISSING}/bank-details/reveal`, undefined, admin.token)).status,
    ).toBe(404)
  })

  it('POST / adds a user (201), an agent with codes and agentStatus active; a taken e-mail is 409', async () => {
    const res = await call(
      get(),
      'POST',
      '/api/users',
      { name: 'New Agent', email: 'New.Agent@Example.in', isAgent: true },
      admin.token,
    )
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      success: true,
      message: 'User created successfully',
      user: { name: 'New Agent', email: 'new.agent@example.in', role: 'agent', agentStatus: 'active', phone: '' },
    })
    expect(res.body.user.referralCode).toMatch(/^REF[2-9A-HJKMNP-Z]{6}$/)
    expect(res.body.user.agentCode).toMatch(/^AGT[2-9A-HJKMNP-Z]{6}$/)
    const created = await h.auditOf(res.body.user._id, 'user.create')
    expect(created[0]).toMatchObject({ actorId: admin.id, after: { email: 'new.agent@example.in', isAgent: true } })
    const again = await call(get(), 'POST', '/api/users', { name: 'Other', email: 'NEW.agent@example.in' }, admin.token)
    expect(again).toEqual({ status: 409, body: { success: false, message: 'A user with this email already exists' } })
    const plain = await call(
      get(),
      'POST',
      '/api/users',
      { name: 'Plain', email: 'plain@example.in', phone: '12345' },
      admin.token,
    )
    expect(plain.body.user).toMatchObject({ role: 'user', referralCode: null, agentCode: null, agentStatus: null })
    expect(
      (await call(get(), 'POST', '/api/users', { name: 'X', email: 'x@example.in', isSuper: true }, admin.token))
        .status,
    ).toBe(400)
  })

  it('PUT /{id}/status activates and deactivates with its message; audited by the role trigger', async () => {
    const user = await h.addUser()
    const off = await call(get(), 'PUT', `/api/users/${user.id}/status`, { status: 'inactive' }, admin.token)
    expect(off.body).toMatchObject({
      success: true,
      message: 'User deactivated successfully',
      user: { isActive: false },
    })
    const on = await call(get(), 'PUT', `/api/users/${user.id}/status`, { status: 'active' }, admin.token)
    expect(on.body).toMatchObject({ success: true, message: 'User activated successfully', user: { isActive: true } })
    const rows = await h.auditOf(user.id, 'user.role_change')
    expect(rows.map((r) => [r.actorId, (r.before as any).is_active, (r.after as any).is_active])).toEqual([
      [admin.id, true, false],
      [admin.id, false, true],
    ])
    expect((await call(get(), 'PUT', `/api/users/${MISSING}/status`, { status: 'active' }, admin.token)).status).toBe(
      404,
    )
    expect((await call(get(), 'PUT', `/api/users/${user.id}/status`, { status: 'gone' }, admin.token)).status).toBe(400)
  })

  it('PUT /bulk-update changes all or nothing: an unknown id is 404 and nothing changes', async () => {
    const [a, b] = [await h.addUser(), await h.addUser()]
    const bulk = (userIds: string[], action: string) =>
      call(get(), 'PUT', '/api/users/bulk-update', { userIds, action }, admin.token)
    const missing = await bulk([a.id, MISSING, b.id], 'deactivate')
    expect(missing).toEqual({ status: 404, body: { success: false, message: `User not found: ${MISSING}` } })
    expect([(await h.row(a.id)).isActive, (await h.row(b.id)).isActive]).toEqual([true, true])
    expect((await bulk([a.id, b.id], 'deactivate')).body).toEqual({
      success: true,
      message: 'Users deactivated successfully',
      count: 2,
      undo: { id: expect.any(String), expiresAt: expect.any(String) },
    })
    expect([(await h.row(a.id)).isActive, (await h.row(b.id)).isActive]).toEqual([false, false])
    expect((await bulk([a.id, b.id], 'activate')).body).toEqual({
      success: true,
      message: 'Users activated successfully',
      count: 2,
      undo: { id: expect.any(String), expiresAt: expect.any(String) },
    })
    expect(await h.auditOf(a.id, 'user.role_change')).toHaveLength(2)
    expect((await bulk([], 'activate')).body.message).toBe('Please select users to update')
  })
})
