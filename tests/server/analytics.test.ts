/**
 * GET /api/admin/analytics (SPEC.md 2 "Analytics") on PGlite and PostgreSQL with a fixed
 * clock: for each period every figure equals the independent SQL of analytics-helpers.ts over a
 * data set with rows exactly on each bound; an India month without completed payments is 0; an
 * empty database answers zeros and nulls; a bad period is 400 and no token 401. The figures are
 * cached per table versions, period and end hour: the app's writes and writes of another
 * connection are seen at once, and the window moves with the clock.
 */
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnalyticsResponseSchema, type AnalyticsPeriod } from '../../src/api/schemas/analytics'
import { expectedAnalytics, seedAnalytics } from './analytics-helpers'
import { eventually, listeningCacheApp } from './cache-helpers'
import { POSTGRES_TESTS, call, createTestContext, type TestContext } from './harness'
import { ordersHelpers } from './orders-helpers'

// 10 March 2026, 17:30 IST: every period ends at 18:00 IST (12:30 UTC).
const NOW = new Date('2026-03-10T12:00:00Z')
const BOUNDS: Record<AnalyticsPeriod, { from: string; to: string; previousFrom: string }> = {
  '30d': { from: '2026-02-08T12:30:00.000Z', to: '2026-03-10T12:30:00.000Z', previousFrom: '2026-01-09T12:30:00.000Z' },
  '90d': { from: '2025-12-10T12:30:00.000Z', to: '2026-03-10T12:30:00.000Z', previousFrom: '2025-09-11T12:30:00.000Z' },
  '12m': { from: '2025-03-10T12:30:00.000Z', to: '2026-03-10T12:30:00.000Z', previousFrom: '2024-03-10T12:30:00.000Z' },
}
/** 00:00 IST on the 1st: the first of the 12 months (April 2025), January and March 2026. */
const MONTH_STARTS = ['2025-03-31T18:30:00.000Z', '2025-12-31T18:30:00.000Z', '2026-02-28T18:30:00.000Z']
/** No completed payment in July 2025 (India), between months that have some. */
const EMPTY_MONTH = '2025-07'
const PERIODS = Object.keys(BOUNDS) as AnalyticsPeriod[]

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`analytics API [${kind}]`, () => {
    let ctx: TestContext | undefined
    const get = () => ctx!
    const h = ordersHelpers(get)
    let token = ''
    beforeAll(async () => {
      ctx = await createTestContext(kind, { now: NOW })
      token = await h.token()
    })
    afterAll(async () => ctx?.close())
    const analytics = async (query = '', bearer = token) =>
      call(get(), 'GET', `/api/admin/analytics${query}`, undefined, bearer)

    it('needs an admin token and a known period', async () => {
      expect((await analytics('?period=30d', '')).status).toBe(401)
      for (const bad of ['7d', '30D', '', '1y', '30d%00']) {
        const res = await analytics(`?period=${bad}`)
        expect(res.status, bad).toBe(400)
        expect(res.body).toMatchObject({ success: false, message: 'Period must be one of 30d, 90d, 12m' })
      }
    })

    it('answers zeros, nulls and 12 months of 0 on a database with only the admin', async () => {
      const res = await analytics()
      expect(res.status).toBe(200)
      const { analytics: a } = v.parse(AnalyticsResponseSchema, res.body)
      expect(a).toMatchObject({
        period: '30d',
        from: BOUNDS['30d'].from,
        to: BOUNDS['30d'].to,
        topProjects: [],
        conversionRate: null,
        averageOrderValue: null,
        customerRetention: null,
        allTime: { revenue: 0, orders: 0, projects: 0, users: 1 },
      })
      expect(a.monthlyRevenue.map((m) => m.revenue)).toEqual(Array(12).fill(0))
      expect(a.monthlyRevenue.map((m) => m.month)).toEqual([
        '2025-04',
        '2025-05',
        '2025-06',
        '2025-07',
        '2025-08',
        '2025-09',
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
      ])
      expect(a.totals.revenue).toEqual({ value: 0, change: null })
    })

    it('equals the independent SQL for every period over rows on and around each bound', async () => {
      const instants = [
        ...PERIODS.flatMap((p) => [BOUNDS[p].from, BOUNDS[p].to, BOUNDS[p].previousFrom]),
        ...MONTH_STARTS,
      ].map((t) => new Date(t))
      await seedAnalytics(get().database.db, NOW, instants, EMPTY_MONTH)
      for (const period of PERIODS) {
        const res = await analytics(`?period=${period}`)
        expect(res.status).toBe(200)
        const { analytics: a } = v.parse(AnalyticsResponseSchema, res.body)
        expect(a).toEqual(await expectedAnalytics(get().database.db, period, BOUNDS[period], NOW))
        // The data exercises each figure.
        expect(a.topProjects).toHaveLength(5)
        expect(a.totals.revenue.change).not.toBeNull()
        expect([a.conversionRate, a.averageOrderValue, a.customerRetention].every((x) => x !== null && x > 0)).toBe(
          true,
        )
      }
      const { analytics: a } = (await analytics('?period=12m')).body
      const revenueOf = (month: string) => a.monthlyRevenue.find((m: { month: string }) => m.month === month)?.revenue
      expect(revenueOf(EMPTY_MONTH)).toBe(0)
      expect(revenueOf('2025-06')).toBeGreaterThan(0)
      expect(revenueOf('2025-08')).toBeGreaterThan(0)
    })

    describe('cache', () => {
      const cache = listeningCacheApp(get, async () => token)
      /** With the current `token` (the window test signs new ones as its clock moves). */
      const send = (method: string, url: string, body?: unknown) =>
        cache.app.request(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      const request = async (period: AnalyticsPeriod) => {
        const res = await send('GET', `/api/admin/analytics?period=${period}`)
        expect(res.status).toBe(200)
        return { cache: res.headers.get('x-cache'), analytics: ((await res.json()) as any).analytics }
      }

      it('serves a repeated period from the cache until a write of orders, payments, users or projects', async () => {
        const first = await request('30d')
        expect((await request('30d')).cache).toBe('hit')
        expect((await request('90d')).cache).toBe('miss')
        // An order placed an hour ago (inserted past the app: the next read checks the versions)…
        const placed = await h.addOrder({
          createdAt: new Date(NOW.getTime() - 3_600_000),
          status: 'in_progress',
          totalAmountPaise: 777_77,
        })
        cache.versions.invalidate()
        const before = await request('30d')
        expect(before.cache).toBe('miss')
        expect(before.analytics.totals.orders.value).toBe(first.analytics.totals.orders.value + 1)
        // …and completed through this app's orders API: its own write is seen by the next request.
        expect((await send('PUT', `/api/orders/${placed.id}/status`, { status: 'completed' })).status).toBe(200)
        const after = await request('30d')
        expect(after.cache).toBe('miss')
        expect(after.analytics).toEqual(await expectedAnalytics(get().database.db, '30d', BOUNDS['30d'], NOW))
        expect(after.analytics.conversionRate).not.toBe(before.analytics.conversionRate)

        // Writes of another connection, one per table, each seen without a request of this app.
        const writes: [string, string, unknown[]][] = [
          [
            'payments',
            `INSERT INTO payments (id, payment_id, method, amount_paise, status, created_at) VALUES (gen_random_uuid(),
            'pay_outside', 'UPI', 123, 'completed', $1)`,
            [new Date(NOW.getTime() - 60_000)],
          ],
          [
            'users',
            'INSERT INTO users (id, name, email, created_at) VALUES (gen_random_uuid(), $1, $2, $3)',
            ['Outside', 'outside@example.in', new Date(NOW.getTime() - 60_000)],
          ],
          ['projects', 'UPDATE projects SET title = $1 WHERE title = $2', ['Zeta Prime', 'Zeta']],
          ['orders', 'UPDATE orders SET status = $1 WHERE id = $2', ['cancelled', placed.id]],
        ]
        for (const [table, text, params] of writes) {
          await request('30d')
          expect((await request('30d')).cache, table).toBe('hit')
          await cache.outsideWrite(text, params)
          await eventually(async () => expect((await request('30d')).cache, table).toBe('miss'))
          expect((await request('30d')).analytics).toEqual(
            await expectedAnalytics(get().database.db, '30d', BOUNDS['30d'], NOW),
          )
        }
      })

      it('moves the window at the end of the hour in India without any write', async () => {
        await request('30d')
        expect((await request('30d')).cache).toBe('hit')
        get().advance(29 * 60_000) // 17:59 IST: the same hour (a token of that time: access tokens live 15 minutes)
        token = await h.token()
        expect((await request('30d')).cache).toBe('hit')
        get().advance(60_000) // 18:00 IST: the next one
        token = await h.token()
        const next = await request('30d')
        expect(next.cache).toBe('miss')
        expect(next.analytics).toMatchObject({ from: '2026-02-08T13:30:00.000Z', to: '2026-03-10T13:30:00.000Z' })
        expect(next.analytics).toEqual(
          await expectedAnalytics(
            get().database.db,
            '30d',
            { from: next.analytics.from, to: next.analytics.to, previousFrom: '2026-01-09T13:30:00.000Z' },
            get().deps.now(),
          ),
        )
      })
    })
  })
}
