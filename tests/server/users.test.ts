/** GET /api/users (owner picker, users list): search, role and status filters, pagination, validation. */
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { signAccessToken } from '../../server/services/access-token'
import { ADMIN_EMAIL, call, describeEachDatabase } from './harness'

describeEachDatabase('users list', (get) => {
  let token = ''
  const list = (query: string) => call(get(), 'GET', `/api/users?${query}`, undefined, token)

  // The rows every test reads; no test writes users, so they may run in any order.
  beforeAll(async () => {
    const db = get().database.db
    await db.insert(users).values([
      { name: 'Priya Nair', email: 'priya@example.in', phone: '9876500001', createdAt: new Date('2026-01-01') },
      { name: 'Rohan Mehta', email: 'rohan@agents.in', isAgent: true, createdAt: new Date('2026-02-01'),
        defaultDiscountBps: 750, commissionRateBps: 1200 },
      { name: 'Kavya Iyer', email: 'kavya_100%@example.in', isActive: false, createdAt: new Date('2026-03-01') },
    ])
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN_EMAIL))
    token = await signAccessToken(get().deps.jwtSecret, admin.id, get().deps.now())
  })

  it('answers rates in percent (stored as basis points), 5 by default', async () => {
    const byName = Object.fromEntries((await list('limit=10')).body.users.map((u: any) => [u.name, u]))
    expect(byName['Rohan Mehta']).toMatchObject({ defaultDiscountPercent: 7.5, commissionRate: 12 })
    expect(byName['Priya Nair']).toMatchObject({ defaultDiscountPercent: 5, commissionRate: 5 })
  })

  it('searches name, e-mail and phone case-insensitively, with % and _ taken literally', async () => {
    expect((await list('search=PRIYA')).body.users.map((u: any) => u.name)).toEqual(['Priya Nair'])
    expect((await list('search=agents.in')).body.users.map((u: any) => u.name)).toEqual(['Rohan Mehta'])
    expect((await list('search=98765')).body.users.map((u: any) => u.name)).toEqual(['Priya Nair'])
    expect((await list('search=100%25')).body.users.map((u: any) => u.name)).toEqual(['Kavya Iyer'])
    expect((await list('search=_')).body.users.map((u: any) => u.name)).toEqual(['Kavya Iyer'])
  })

  it('filters by role and status and derives the role from the flags', async () => {
    const agents = await list('role=agent')
    expect(agents.body.users).toEqual([expect.objectContaining({ name: 'Rohan Mehta', role: 'agent' })])
    const admins = await list('role=admin')
    expect(admins.body.users.map((u: any) => u.email)).toEqual([ADMIN_EMAIL])
    const inactive = await list('status=inactive')
    expect(inactive.body.users.map((u: any) => u.name)).toEqual(['Kavya Iyer'])
    const plain = await list('role=user&status=active')
    expect(plain.body.users.map((u: any) => u.name)).toEqual(['Priya Nair'])
  })

  it('pages newest first with totals', async () => {
    const first = await list('limit=2&page=1')
    expect(first.body.pagination).toEqual({ currentPage: 1, totalPages: 2, totalUsers: 4 })
    const second = await list('limit=2&page=2')
    expect(second.body.users.map((u: any) => u.name)).toEqual(['Rohan Mehta', 'Priya Nair'])
  })

  it('answers bad queries with 400 and requires an admin token', async () => {
    expect((await list('limit=0')).status).toBe(400)
    expect((await list('limit=500')).body.message).toMatch(/Limit cannot exceed 100/)
    expect((await list('role=owner')).body.message).toMatch(/Role must be admin, agent or user/)
    expect((await call(get(), 'GET', '/api/users')).status).toBe(401)
  })
})
