/**
 * GET /api/admin/dashboard/stats built from four parts cached per table versions (decision 004,
 * services/dashboard-cache.ts), on PGlite and PostgreSQL with a listening TableVersions and a fixed
 * clock: `x-cache` names each part's outcome. A write to projects, contacts, users or payments
 * (another connection's, by NOTIFY, or the app's own) rebuilds exactly the part that reads that
 * table; the clock crossing a month start rebuilds the two parts with month counts; identical
 * concurrent misses build each part once. Every answer equals that of a fresh app (nothing cached).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { contacts, payments, projects, users } from '../../server/db/schema'
import { eventually, listeningCacheApp } from './cache-helpers'
import { POSTGRES_TESTS, createTestContext, type TestContext } from './harness'
import { adminSession } from './projects-helpers'
import { sessionToken } from './session-token'

// Five minutes before March (UTC): the last test moves the clock across the month start.
const NOW = new Date('2026-02-28T23:55:00Z')
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000)
const URL = '/api/admin/dashboard/stats'
type Outcome = 'hit' | 'miss' | 'shared'
const all = (outcome: Outcome) => ({ projects: outcome, contacts: outcome, admins: outcome, revenue: outcome })
/** `projects=hit, contacts=miss, …` → `{ projects: 'hit', contacts: 'miss', … }`. */
const partsOf = (header: string | null) =>
  Object.fromEntries(
    (header ?? '')
      .split(',')
      .filter(Boolean)
      .map((part) => part.trim().split('=')),
  )

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`dashboard stats cache [${kind}]`, () => {
    let ctx: TestContext | undefined
    const get = () => ctx!
    beforeAll(async () => {
      ctx = await createTestContext(kind, { now: NOW })
    })
    afterAll(async () => ctx?.close())
    const cache = listeningCacheApp(get, async (c) => sessionToken(c, (await adminSession(c)).adminId))
    let n = 0
    const uniq = () => `${kind}-${++n}`

    /** The stats of a fresh app over the same database: built from the tables, nothing cached. */
    const uncached = async () => {
      const res = await createApp({ ...get().deps, versions: undefined }).request(URL, {
        headers: { authorization: `Bearer ${cache.token}` },
      })
      return ((await res.json()) as any).stats
    }
    /** One request: its per-part outcomes, and its stats checked against a fresh app's. */
    const stats = async (parts: Record<string, Outcome>) => {
      const res = await cache.request('GET', URL)
      expect(res.status).toBe(200)
      expect(partsOf(res.cache)).toEqual(parts)
      expect(res.body.stats).toEqual(await uncached())
      return res.body.stats
    }

    it('builds each part once and serves repeated requests from the four parts', async () => {
      const { db } = get().deps
      await db.insert(projects).values([
        { title: 'Alpha', description: 'A', category: 'SaaS', pricePaise: 100_000, createdAt: minutesBefore(10) },
        { title: 'Beta', description: 'B', category: 'AI/ML', pricePaise: 250_050, createdAt: minutesBefore(20) },
        {
          title: 'Gamma',
          description: 'C',
          category: 'SaaS',
          pricePaise: 99_999,
          createdAt: new Date('2026-01-20T10:00:00Z'),
        },
      ])
      await db.insert(contacts).values([
        { name: 'Asha', email: 'asha@example.in', message: 'Hello', createdAt: minutesBefore(5) },
        { name: 'Bala', email: 'bala@example.in', message: 'Hello', status: 'replied', createdAt: minutesBefore(6) },
      ])
      await db.insert(users).values({ name: 'Second Admin', email: 'second@example.in', isAdmin: true })
      await db
        .insert(payments)
        .values({ paymentId: 'pay_seed', amountPaise: 123_45, method: 'UPI', status: 'completed' })
      cache.versions.invalidate() // the inserts above bypassed the app

      const first = await stats(all('miss'))
      expect(first.overview).toMatchObject({ totalProjects: 3, totalContacts: 2, unreadContacts: 1, totalAdmins: 2 })
      expect(first.growth).toEqual({ projectGrowth: 100, contactGrowth: 100 })
      expect(await stats(all('hit'))).toEqual(first)
      // Nothing but the versions was read, and those from memory.
      expect(cache.versions.fromMemory).toBe(true)
    })

    it('rebuilds only the part that reads the table another connection wrote, with the new figures', async () => {
      const writes: [keyof ReturnType<typeof all>, string, unknown[], (before: any, after: any) => void][] = [
        [
          'projects',
          `INSERT INTO projects (id, title, description, category, price_paise, created_at)
          VALUES (gen_random_uuid(), $1, 'Outside', 'SaaS', 500000, $2)`,
          [`Outside ${uniq()}`, minutesBefore(1)],
          (b, a) => expect(a.overview.totalProjects).toBe(b.overview.totalProjects + 1),
        ],
        [
          'contacts',
          `INSERT INTO contacts (id, name, email, message, created_at) VALUES (gen_random_uuid(), $1, $2, 'Hi', $3)`,
          ['Outside', `outside-${uniq()}@example.in`, minutesBefore(1)],
          (b, a) => expect(a.overview.unreadContacts).toBe(b.overview.unreadContacts + 1),
        ],
        [
          'admins',
          `INSERT INTO users (id, name, email, is_admin) VALUES (gen_random_uuid(), 'Outside', $1, true)`,
          [`admin-${uniq()}@example.in`],
          (b, a) => expect(a.overview.totalAdmins).toBe(b.overview.totalAdmins + 1),
        ],
        [
          'revenue',
          `INSERT INTO payments (id, payment_id, amount_paise, method, status)
          VALUES (gen_random_uuid(), $1, 777, 'UPI', 'completed')`,
          [`pay_${uniq()}`],
          (b, a) => expect(a.pricing.totalRevenue).toBe(Math.round(b.pricing.totalRevenue * 100 + 777) / 100),
        ],
      ]
      for (const [part, text, params, changed] of writes) {
        await cache.request('GET', URL)
        const before = await stats(all('hit'))
        await cache.outsideWrite(text, params)
        await eventually(async () =>
          expect(partsOf((await cache.request('GET', URL)).cache), part).toEqual({ ...all('hit'), [part]: 'miss' }),
        )
        const after = await stats(all('hit'))
        changed(before, after)
      }
    })

    it("rebuilds the contacts part at once after the app's own write", async () => {
      const [contact] = await get()
        .deps.db.insert(contacts)
        .values({ name: 'Own', email: `own-${uniq()}@example.in`, message: 'Hi', createdAt: minutesBefore(2) })
        .returning()
      cache.versions.invalidate()
      await cache.request('GET', URL)
      const before = await stats(all('hit'))
      expect((await cache.request('PUT', `/api/contacts/${contact.id}`, { status: 'read' })).status).toBe(200)
      const after = await stats({ ...all('hit'), contacts: 'miss' })
      expect(after.overview.unreadContacts).toBe(before.overview.unreadContacts - 1)
    })

    it('builds each part once for identical concurrent misses', async () => {
      await cache.request('GET', URL) // token, session and admin row known: the requests below meet at the parts
      const { db } = get().deps
      await db.insert(projects).values({ title: `Burst ${uniq()}`, description: 'B', createdAt: minutesBefore(1) })
      await db
        .insert(contacts)
        .values({ name: 'Burst', email: `burst-${uniq()}@example.in`, message: 'Hi', createdAt: minutesBefore(1) })
      await db
        .insert(payments)
        .values({ paymentId: `pay_${uniq()}`, amountPaise: 1, method: 'UPI', status: 'completed' })
      cache.versions.invalidate()
      const burst = await Promise.all(Array.from({ length: 6 }, () => cache.request('GET', URL)))
      const outcomes = (part: string) => burst.map((res) => partsOf(res.cache)[part]).sort()
      for (const part of ['projects', 'contacts', 'revenue']) {
        expect(outcomes(part), part).toEqual(['miss', 'shared', 'shared', 'shared', 'shared', 'shared'])
      }
      expect(outcomes('admins')).toEqual(Array(6).fill('hit'))
      const fresh = await uncached()
      for (const res of burst) expect(res.body.stats).toEqual(fresh)
    })

    it('rebuilds the month counts, and only them, when the clock crosses a month start', async () => {
      await cache.request('GET', URL)
      const february = await stats(all('hit'))
      get().advance(10 * 60_000) // 00:05 on 1 March (the token, 10 minutes old, is still valid)
      const march = await stats({ ...all('hit'), projects: 'miss', contacts: 'miss' })
      // Every row but one project was created in February: last month now, none this month.
      expect(february.growth).not.toEqual(march.growth)
      expect(march.growth).toEqual({ projectGrowth: -100, contactGrowth: -100 })
      expect(march.overview).toEqual(february.overview)
      await stats(all('hit'))
    })
  })
}
