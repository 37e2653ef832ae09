/**
 * GET /api/users (owner picker, users list): search, role and status filters, pagination, validation;
 * exact totals from user_list_counts and the same pages whichever plan a search takes.
 */
import { desc, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import type { UserListQuery } from '../../src/api/schemas/users'
import { fewMatches, userListPageQuery, userListWhere } from '../../server/db/queries/users.queries'
import { users } from '../../server/db/schema'
import { rawRows } from '../../server/db/sql'
import { signAccessToken } from '../../server/services/access-token'
import { ADMIN_EMAIL, call, describeEachDatabase } from './harness'

describeEachDatabase('users list', (get) => {
  let token = ''
  const list = (query: string) => call(get(), 'GET', `/api/users?${query}`, undefined, token)

  // The rows every test reads; no test writes users, so they may run in any order.
  beforeAll(async () => {
    const db = get().database.db
    await db.insert(users).values([
      { name: 'Priya Nair', email: 'priya@example.in', phone: '+91 98765 00001', createdAt: new Date('2026-01-01') },
      {
        name: 'Rohan Mehta',
        email: 'rohan@agents.in',
        isAgent: true,
        createdAt: new Date('2026-02-01'),
        defaultDiscountBps: 750,
        commissionRateBps: 1200,
      },
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
    // The phone as stored ('+91 98765 00001') and its digits alone both match.
    expect((await list('search=%2B91 98765 0')).body.users.map((u: any) => u.name)).toEqual(['Priya Nair'])
    expect((await list('search=9876500001')).body.users.map((u: any) => u.name)).toEqual(['Priya Nair'])
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

/**
 * The list at a size where the plans differ (as in the users-list bench, migration 0014): totals of the
 * role and status filters come from user_list_counts, kept exact by triggers through inserts,
 * flag updates and deletes; a search's page is the same whether its matches are collected and
 * sorted (few matches) or found by walking the list order; deep pages and pages past the end.
 */
describeEachDatabase('users list counts and plans', (get) => {
  let token = ''
  const list = (query: string) => call(get(), 'GET', `/api/users?${query}`, undefined, token)
  const db = () => get().database.db
  const grouped = async () =>
    await rawRows<{ is_admin: boolean; is_agent: boolean; is_active: boolean; n: number }>(
      db(),
      sql`SELECT is_admin, is_agent, is_active, count(*)::int AS n FROM users GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
  const counted = async () =>
    await rawRows<{ is_admin: boolean; is_agent: boolean; is_active: boolean; n: number }>(
      db(),
      sql`SELECT is_admin, is_agent, is_active, n::int AS n FROM user_list_counts WHERE n <> 0 ORDER BY 1, 2, 3`,
    )
  const FILTERS = ['', 'admin', 'agent', 'user'].flatMap((role) =>
    ['', 'active', 'inactive'].map((status) => ({ role, status })),
  )

  beforeAll(async () => {
    // 600 users, one every minute: i % 10 = 0 agents, i % 97 = 0 admins, i % 7 = 0 inactive; phones +91 90000 00i.
    await db().execute(sql`INSERT INTO users (id, name, email, phone, is_agent, is_admin, is_active, created_at)
      SELECT gen_random_uuid(), 'Person ' || i || CASE WHEN i % 50 = 0 THEN ' Rarename' ELSE '' END,
        'person' || i || '@' || (ARRAY['gmail.com', 'yahoo.co.in', 'outlook.com'])[1 + i % 3],
        '+91 90000' || lpad(i::text, 5, '0'), i % 10 = 0, i % 97 = 0, i % 7 <> 0,
        timestamptz '2026-01-01' + (i || ' minutes')::interval
      FROM generate_series(1, 600) AS i`)
    const [admin] = await db().select().from(users).where(eq(users.email, ADMIN_EMAIL))
    token = await signAccessToken(get().deps.jwtSecret, admin.id, get().deps.now())
  })

  it('keeps user_list_counts equal to the users through inserts, flag updates and deletes', async () => {
    expect(await counted()).toEqual(await grouped())
    await db().execute(sql`UPDATE users SET is_active = NOT is_active WHERE name LIKE 'Person 1%'`)
    await db().execute(sql`UPDATE users SET is_agent = true, name = name WHERE name LIKE 'Person 2_'`)
    await db().execute(sql`UPDATE users SET phone = phone WHERE name LIKE 'Person 3%'`)
    await db().execute(sql`DELETE FROM users WHERE name LIKE 'Person 59%'`)
    expect(await counted()).toEqual(await grouped())
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE users SET is_admin = true WHERE name = 'Person 5'`)
        tx.rollback()
      })
      .catch(() => {})
    expect(await counted()).toEqual(await grouped())
  })

  it('answers exact totals for every role and status, with and without a search', async () => {
    for (const { role, status } of FILTERS) {
      for (const search of ['', 'gmail', 'rarename', '90000001', 'nobody']) {
        const where = userListWhere({ search, role: role as never, status: status as never })
        const [{ n }] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(where)
        const res = await list(`search=${search}&role=${role}&status=${status}&limit=7&page=2`)
        expect(res.body.pagination, `${search} ${role} ${status}`).toEqual({
          currentPage: 2,
          totalPages: Math.ceil(n / 7),
          totalUsers: n,
        })
        expect(res.body.users.length).toBe(Math.max(0, Math.min(7, n - 7)))
      }
    }
  })

  it('finds the same page whether a search collects its matches or walks the list order', async () => {
    for (const { role, status } of FILTERS) {
      for (const search of ['gmail', 'rarename', 'person 1', '0000']) {
        for (const page of [1, 2, 5]) {
          const query = { search, role, status, page, limit: 10 } as UserListQuery
          const ids = async (few: boolean) => (await userListPageQuery(db(), query, few)).map((r) => r.user.id)
          const walked = await ids(false)
          expect(await ids(true), `${search} ${role} ${status} ${page}`).toEqual(walked)
          const all = await db()
            .select({ id: users.id })
            .from(users)
            .where(userListWhere(query))
            .orderBy(desc(users.createdAt), desc(users.id))
            .limit(10)
            .offset((page - 1) * 10)
          expect(walked).toEqual(all.map((r) => r.id))
        }
      }
    }
  })

  it('pages deep and past the end', async () => {
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.isActive, true))
    const last = Math.ceil(n / 20)
    const deep = await list(`status=active&page=${last}`)
    expect(deep.body.users.length).toBe(n - 20 * (last - 1))
    expect(deep.body.pagination.totalUsers).toBe(n)
    const past = await list(`search=rarename&page=50`)
    expect(past.body).toMatchObject({ users: [], pagination: { currentPage: 50, totalUsers: expect.any(Number) } })
    expect(past.body.pagination.totalUsers).toBeGreaterThan(0)
  })

  it('prefers collecting the matches only when they are few', () => {
    expect(fewMatches(138, 165_000, 0, 20)).toBe(true)
    expect(fewMatches(60_000, 180_000, 0, 20)).toBe(false)
    expect(fewMatches(3_000, 200_000, 100_000, 20)).toBe(true)
  })
})
