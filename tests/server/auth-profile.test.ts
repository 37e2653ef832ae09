/**
 * Profile and password through the real app, on PGlite and on PostgreSQL: GET/PUT
 * /api/auth/profile (validation, unique e-mail, audit) and PUT /api/auth/change-password (first
 * password without a current one, then the current one required; scrypt storage; audit).
 */
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { auditLog, users } from '../../server/db/schema'
import { verifyPassword } from '../../server/services/password'
import { authHelpers } from './auth-helpers'
import { call, describeEachDatabase } from './harness'

describeEachDatabase('auth: profile and password', (get) => {
  const { addUser, newAdmin, signInAs } = authHelpers(get)
  const auditOf = async (userId: string, action: string) =>
    get()
      .database.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, action)))

  it('returns the signed-in admin', async () => {
    const admin = await newAdmin()
    const { accessToken } = await signInAs(admin.email)
    const profile = await call(get(), 'GET', '/api/auth/profile', undefined, accessToken)
    expect(profile).toEqual({
      status: 200,
      body: {
        success: true,
        admin: { _id: admin.id, name: admin.name, email: admin.email, phone: '', role: 'admin', hasPassword: false },
      },
    })
  })

  it('validates the profile: name and email required, no unknown fields', async () => {
    const admin = await newAdmin()
    const { accessToken } = await signInAs(admin.email)
    const put = (body: unknown) => call(get(), 'PUT', '/api/auth/profile', body, accessToken)
    expect(await put({ name: '  ', email: admin.email })).toMatchObject({
      status: 400,
      body: { message: 'Name is required' },
    })
    expect(await put({ email: admin.email })).toMatchObject({
      status: 400,
      body: { message: 'Name is required' },
    })
    expect(await put({ name: 'A' })).toMatchObject({ status: 400, body: { message: 'Email is required' } })
    expect((await put({ name: 'A', email: 'nope' })).status).toBe(400)
    const unknown = await put({ name: 'A', email: admin.email, role: 'superadmin' })
    expect(unknown).toMatchObject({ status: 400, body: { success: false, message: 'Unknown field: role' } })
    expect(await put('just text')).toMatchObject({
      status: 400,
      body: { message: 'Request body must be a JSON object' },
    })
  })

  it('refuses an e-mail used by another user, whatever its case, with 409', async () => {
    const admin = await newAdmin()
    const other = await addUser({ email: `Taken-${Date.now()}@Example.com` })
    const { accessToken } = await signInAs(admin.email)
    const dup = await call(
      get(),
      'PUT',
      '/api/auth/profile',
      { name: 'A', email: other.email.toLowerCase() },
      accessToken,
    )
    expect(dup).toEqual({
      status: 409,
      body: { success: false, message: 'This email is already used by another user' },
    })
    const [unchanged] = await get().database.db.select().from(users).where(eq(users.id, admin.id))
    expect(unchanged.name).toBe(admin.name)
  })

  it('updates name, e-mail and phone, and writes an audit row', async () => {
    const admin = await newAdmin()
    const { accessToken } = await signInAs(admin.email)
    const email = `aarav-${Date.now()}@example.com`
    const ok = await call(
      get(),
      'PUT',
      '/api/auth/profile',
      { name: ' Aarav Sharma ', email: `  ${email.toUpperCase()} `, phone: '9876543210' },
      accessToken,
    )
    const expected = {
      _id: admin.id,
      name: 'Aarav Sharma',
      email,
      phone: '9876543210',
      role: 'admin',
      hasPassword: false,
    }
    expect(ok).toEqual({
      status: 200,
      body: { success: true, message: 'Profile updated successfully!', user: expected },
    })
    expect((await call(get(), 'GET', '/api/auth/profile', undefined, accessToken)).body.admin).toEqual(expected)
    // Keeping one's own e-mail and clearing the phone is fine.
    const again = await call(get(), 'PUT', '/api/auth/profile', { name: 'Aarav', email }, accessToken)
    expect(again.body.user).toMatchObject({ email, phone: '' })
    const rows = await auditOf(admin.id, 'auth.profile_update')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      entityType: 'user',
      entityId: admin.id,
      before: { name: admin.name },
      after: expected,
    })
  })

  it('sets a first password without a current one, then requires the current one', async () => {
    const admin = await newAdmin()
    const { accessToken } = await signInAs(admin.email)
    const change = (body: unknown) => call(get(), 'PUT', '/api/auth/change-password', body, accessToken)
    const short = await change({ currentPassword: '', newPassword: '12345' })
    expect(short).toMatchObject({
      status: 400,
      body: { message: 'New password must be at least 6 characters long' },
    })
    expect((await change({ newPassword: 'first-secret', confirmPassword: 'x' })).status).toBe(400)
    expect(await change({ newPassword: 'first-secret' })).toEqual({
      status: 200,
      body: { success: true, message: 'Password changed successfully!' },
    })
    const wrong = { status: 400, body: { success: false, message: 'Current password is incorrect' } }
    expect(await change({ currentPassword: 'nope-nope', newPassword: 'second-secret' })).toEqual(wrong)
    expect(await change({ newPassword: 'second-secret' })).toEqual(wrong)
    expect((await change({ currentPassword: 'first-secret', newPassword: 'second-secret' })).status).toBe(200)
    const [row] = await get().database.db.select().from(users).where(eq(users.id, admin.id))
    expect(row.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(await verifyPassword('second-secret', row.passwordHash!)).toBe(true)
    expect(await verifyPassword('first-secret', row.passwordHash!)).toBe(false)
    expect(await auditOf(admin.id, 'auth.password_change')).toHaveLength(2)
  })
})
