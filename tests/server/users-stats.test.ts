/**
 * GET /api/users/stats with a fixed clock (new this month from the 1st, 00:00 IST) and the users
 * version bump of every kind of user write (decision 004: a cached list page changes after each),
 * on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { setBankDetails } from '../../server/db/queries/users.queries'
import { POSTGRES_TESTS, call, createTestContext, type TestContext } from './harness'
import { usersHelpers } from './users-helpers'

// 1 March 2026, 00:00 IST is 28 February 2026, 18:30 UTC.
const NOW = new Date('2026-03-10T12:00:00Z')
const IST_MONTH_START = new Date('2026-02-28T18:30:00Z')

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`users: stats and version bumps [${kind}]`, () => {
    let ctx: TestContext | undefined
    const get = () => ctx!
    const h = usersHelpers(get)
    let token = ''
    beforeAll(async () => {
      ctx = await createTestContext(kind, { now: NOW })
      token = await h.tokenOf((await h.bootstrapAdmin()).id)
    })
    afterAll(async () => ctx?.close())

    it('counts users, admins, agents (not admins) and users new since the 1st of the month in IST', async () => {
      await get()
        .database.db.insert(users)
        .values([
          { name: 'Just before', email: 'before@x.in', createdAt: new Date(IST_MONTH_START.getTime() - 1) },
          { name: 'At the start', email: 'start@x.in', createdAt: IST_MONTH_START, isAgent: true },
          { name: 'Agent admin', email: 'aa@x.in', createdAt: new Date('2026-01-01'), isAgent: true, isAdmin: true },
          {
            name: 'Inactive admin',
            email: 'ia@x.in',
            createdAt: new Date('2026-01-01'),
            isAdmin: true,
            isActive: false,
          },
        ])
      const res = await h.get(token, '/stats')
      // The bootstrap admin was created by the database clock, after the start of the month.
      expect(res).toEqual({
        status: 200,
        body: {
          success: true,
          stats: {
            overview: {
              totalUsers: 5,
              totalAdmins: 3,
              totalAgents: 1,
              newUsersThisMonth: 2,
            },
          },
        },
      })
      // Cached until a users write or the next month (IST), then counted again.
      const again = await get().app.request('/api/users/stats', { headers: { authorization: `Bearer ${token}` } })
      expect(again.headers.get('x-cache')).toBe('hit')
      await call(get(), 'POST', '/api/users', { name: 'Counted', email: 'counted@x.in', isAgent: true }, token)
      expect((await h.get(token, '/stats')).body.stats.overview).toEqual({
        totalUsers: 6,
        totalAdmins: 3,
        totalAgents: 2,
        newUsersThisMonth: 3,
      })
      // 9 April (IST): the March users no longer count; the bootstrap admin (database clock, later) does.
      get().advance(30 * 24 * 3600_000)
      token = await h.tokenOf((await h.bootstrapAdmin()).id)
      expect((await h.get(token, '/stats')).body.stats.overview.newUsersThisMonth).toBe(1)
    })

    it('bumps the users version on every kind of write, so the cached list page changes', async () => {
      const page = async () => {
        const res = await get().app.request('/api/users?limit=100', { headers: { authorization: `Bearer ${token}` } })
        return { cache: res.headers.get('x-cache'), body: await res.text() }
      }
      const user = await h.addUser({ name: 'Versioned' })
      const writes: [string, () => Promise<unknown>][] = [
        ['basic', () => h.put(token, user.id, { name: 'Versioned 2' })],
        ['address', () => h.put(token, user.id, { address: { city: 'Goa' } })],
        ['flags', () => h.put(token, user.id, { isEmailVerified: true })],
        ['agent', () => h.put(token, user.id, { isAgent: true, commissionRate: 7 })],
        ['socialMedia', () => h.put(token, user.id, { socialMedia: { instagram: 'v' } })],
        ['bankDetails', () => h.put(token, user.id, { bankDetails: { bankName: 'SBI' } })],
        ['preferences', () => h.put(token, user.id, { preferences: { newsletter: true } })],
        ['status', () => call(get(), 'PUT', `/api/users/${user.id}/status`, { status: 'inactive' }, token)],
        ['bulk', () => call(get(), 'PUT', '/api/users/bulk-update', { userIds: [user.id], action: 'activate' }, token)],
        ['create', () => call(get(), 'POST', '/api/users', { name: 'Fresh', email: 'fresh@x.in' }, token)],
        [
          'setBankDetails',
          () =>
            setBankDetails(get().database.db, get().deps.dataKey, user.id, { branchName: 'X' }, NOW, {
              actorId: null,
              action: 'test',
              entityType: 'user',
            }),
        ],
      ]
      await page()
      for (const [name, write] of writes) {
        const before = await page()
        expect(before.cache, name).toBe('hit')
        const version = (await get().deps.versions.current()).users
        expect(((await write()) as { status?: number }).status ?? 200, name).toBeLessThan(300)
        expect((await get().deps.versions.current()).users, name).toBeGreaterThan(version)
        const after = await page()
        expect(after.cache, name).toBe('miss')
      }
      expect((await page()).body).toContain('Fresh')
    })
  })
}
