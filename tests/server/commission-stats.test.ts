/**
 * GET /api/commission/stats (SPEC.md 3 "Commission stats") on PGlite and PostgreSQL: over
 * the demo seed's completed orders plus orders covering every add-on and referrer combination
 * (agent, student, none) on projects with an active configuration, an inactive one (falling back
 * to the default) and none, the stats equal the engine's split summed order by order in the test;
 * without a default row SPEC.md 9's defaults apply. The stats and the list are cached per table
 * versions (orders, users, commission_configs; commission_configs, projects) and every kind of
 * write is seen at once: the app's own writes and writes of another connection (NOTIFY).
 */
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { seedDemo } from '../../server/db/seed/seed'
import { commissionConfigs, orders, users } from '../../server/db/schema'
import { rawRows } from '../../server/db/sql'
import { eventually, listeningCacheApp } from './cache-helpers'
import { commissionHelpers } from './commission-helpers'
import { ADMIN_EMAIL, describeEachDatabase } from './harness'

const NOW = new Date('2026-11-20T12:00:00Z')
const AMOUNTS = [1, 99_999, 1_234_567, 333_333]

describeEachDatabase('commission stats over the demo seed', (get) => {
  const h = commissionHelpers(get)
  const cache = listeningCacheApp(get, async () => h.token())
  const request = cache.request
  /** Completed orders of every add-on × referrer combination at several amounts on `projectId`. */
  const addCombinations = async (projectId: string | null, agentId: string, studentId: string) => {
    for (const amount of AMOUNTS) {
      for (const withCustomization of [false, true]) {
        for (const withInstallation of [false, true]) {
          for (const referrerId of [null, agentId, studentId]) {
            await h.addOrder({
              projectId,
              totalAmountPaise: amount,
              withCustomization,
              withInstallation,
              referrerId,
              status: 'completed',
            })
          }
        }
      }
    }
  }
  let agentId = ''
  let studentId = ''

  beforeAll(async () => {
    await seedDemo(get().database, {
      scale: 0.1,
      adminEmail: ADMIN_EMAIL,
      seed: 7,
      now: NOW,
      dataKey: crypto.createSecretKey(crypto.randomBytes(32)),
    })
    agentId = (await h.addUser({ isAgent: true, agentStatus: 'active' })).id
    studentId = (await h.addUser()).id
    // A project with an active configuration of its own, one whose configuration is inactive (the
    // default applies), one without any, and orders with no project at all.
    const active = await h.addProject()
    const inactive = await h.addProject()
    const bare = await h.addProject()
    await h
      .db()
      .insert(commissionConfigs)
      .values([
        {
          projectId: active.id,
          projectOwnerRateBps: 6150,
          platformOwnerRateBps: 2050,
          customizerRateBps: 700,
          installationSupportRateBps: 300,
          referralCommissionRateBps: 800,
          studentCommissionBps: 350,
          noReferralDistribution: 'project_owner',
        },
        {
          projectId: inactive.id,
          projectOwnerRateBps: 9000,
          platformOwnerRateBps: 1000,
          customizerRateBps: 0,
          installationSupportRateBps: 0,
          referralCommissionRateBps: 0,
          isActive: false,
          noReferralDistribution: 'platform_owner',
        },
      ])
    for (const projectId of [active.id, inactive.id, bare.id, null])
      await addCombinations(projectId, agentId, studentId)
    // Some seeded completed orders referred by customers who are not agents (students).
    await h.db().execute(sql`UPDATE orders SET referrer_id = ${studentId}
      WHERE id IN (SELECT id FROM orders WHERE status = 'completed' AND referrer_id IS NULL ORDER BY id LIMIT 25)`)
  })

  it('equals the engine summed order by order over the completed orders (seeded and every combination)', async () => {
    const { body, status } = await h.get('/api/commission/stats')
    expect(status).toBe(200)
    const expected = await h.expectedStats()
    expect(body).toEqual({ success: true, stats: expected.stats })
    // The data covers what the stats depend on.
    expect(expected.kinds.agent).toBeGreaterThan(40)
    expect(expected.kinds.student).toBeGreaterThan(40)
    expect(expected.stats.revenue.totalOrders).toBeGreaterThan(200)
    expect(expected.stats.configs.inactive).toBeGreaterThan(0)
    const { revenue } = body.stats
    const paise = (rupees: number) => Math.round(rupees * 100)
    expect(
      paise(revenue.totalProjectOwnerCommission) +
        paise(revenue.totalPlatformCommission) +
        paise(revenue.totalCustomizerCommission) +
        paise(revenue.totalInstallationCommission) +
        paise(revenue.totalReferralCommission),
    ).toBe(paise(revenue.totalRevenue))
    const [direct] = await rawRows<{ n: number; paise: string }>(
      h.db(),
      sql`SELECT count(*)::int n, sum(total_amount_paise)::text paise
      FROM orders WHERE status = 'completed'`,
    )
    expect(revenue).toMatchObject({ totalOrders: direct.n, totalRevenue: Number(direct.paise) / 100 })
  })

  it('serves the stats and the list from the cache until a write of any kind, and then is exact again', async () => {
    const check = async () => {
      const res = await request('GET', '/api/commission/stats')
      expect(res.body.stats).toEqual((await h.expectedStats()).stats)
      return res
    }
    cache.versions.invalidate()
    await check()
    expect(await request('GET', '/api/commission/stats')).toMatchObject({ cache: 'hit' })
    const listUrl = '/api/commission/configs?isActive=all'
    await request('GET', listUrl)
    expect((await request('GET', listUrl)).cache).toBe('hit')

    // The app's own writes: create, update, delete a project configuration, save the default.
    const project = await h.addProject()
    await addCombinations(project.id, agentId, studentId)
    cache.versions.invalidate() // the inserts above bypassed the app
    const before = (await check()).body.stats
    const created = await request('POST', '/api/commission/configs', {
      projectId: project.id,
      projectOwnerRate: 20,
      platformOwnerRate: 20,
      customizerRate: 20,
      installationSupportRate: 20,
      referralCommissionRate: 20,
      studentCommissionPercent: 20,
      noReferralDistribution: 'platform_owner',
    })
    expect(created.status).toBe(201)
    const afterCreate = await check()
    expect(afterCreate.cache).toBe('miss')
    expect(afterCreate.body.stats.configs.active).toBe(before.configs.active + 1)
    expect(afterCreate.body.stats.revenue.totalCustomizerCommission).not.toBe(before.revenue.totalCustomizerCommission)
    const listed = await request('GET', listUrl)
    expect(listed.cache).toBe('miss')
    expect(listed.body.pagination.totalConfigs).toBe(before.configs.active + before.configs.inactive + 1)
    const id = created.body.config._id
    expect((await request('PUT', `/api/commission/configs/${id}`, { isActive: false })).status).toBe(200)
    expect((await check()).cache).toBe('miss')
    expect(
      (await request('PUT', `/api/commission/configs/${id}`, { isActive: true, noReferralDistribution: 'equal_split' }))
        .status,
    ).toBe(200)
    expect((await check()).cache).toBe('miss')
    expect(
      (await request('PUT', '/api/commission/configs/default', { customizerRate: 5, installationSupportRate: 10 }))
        .status,
    ).toBe(200)
    expect((await check()).body.stats.revenue).not.toEqual(afterCreate.body.stats.revenue)
    expect((await request('DELETE', `/api/commission/configs/${id}`)).status).toBe(200)
    expect((await check()).body.stats).toMatchObject({ configs: before.configs })

    // An order completed through the orders API.
    const order = await h.addOrder({
      projectId: project.id,
      totalAmountPaise: 777_77,
      status: 'in_progress',
      referrerId: studentId,
    })
    cache.versions.invalidate()
    const open = (await check()).body.stats.revenue
    expect((await request('PUT', `/api/orders/${order.id}/status`, { status: 'completed' })).status).toBe(200)
    const completed = await check()
    expect(completed.body.stats.revenue).toMatchObject({
      totalOrders: open.totalOrders + 1,
      totalRevenue: (Math.round(open.totalRevenue * 100) + 777_77) / 100,
    })

    // Writes of another connection: a referrer becomes an agent, a configuration changes, an order's amount, a project's title.
    const referral = completed.body.stats.revenue.totalReferralCommission
    await cache.outsideWrite('UPDATE users SET is_agent = true WHERE id = $1', [studentId])
    await eventually(async () => {
      expect((await request('GET', '/api/commission/stats')).body.stats.revenue.totalReferralCommission).not.toBe(
        referral,
      )
    })
    await check()
    const owner = (await check()).body.stats.revenue.totalProjectOwnerCommission
    await cache.outsideWrite(
      'UPDATE commission_configs SET project_owner_rate_bps = project_owner_rate_bps - 100, platform_owner_rate_bps = platform_owner_rate_bps + 100 WHERE is_default',
      [],
    )
    await eventually(async () => {
      expect((await request('GET', '/api/commission/stats')).body.stats.revenue.totalProjectOwnerCommission).not.toBe(
        owner,
      )
    })
    await check()
    const revenue = (await check()).body.stats.revenue.totalRevenue
    await cache.outsideWrite('UPDATE orders SET total_amount_paise = total_amount_paise + 1 WHERE id = $1', [order.id])
    await eventually(async () => {
      expect((await request('GET', '/api/commission/stats')).body.stats.revenue.totalRevenue).not.toBe(revenue)
    })
    await check()
    const [config] = await h
      .db()
      .select()
      .from(commissionConfigs)
      .where(eq(commissionConfigs.isDefault, false))
      .limit(1)
    const titleUrl = `/api/commission/configs?search=Renamed ${order.id}`
    expect((await request('GET', titleUrl)).body.pagination.totalConfigs).toBe(0)
    await cache.outsideWrite('UPDATE projects SET title = $1 WHERE id = $2', [`Renamed ${order.id}`, config.projectId])
    await eventually(async () => {
      expect((await request('GET', titleUrl)).body.configs.map((c: { _id: string }) => c._id)).toEqual([config.id])
    })
    await h.db().update(users).set({ isAgent: false }).where(eq(users.id, studentId))
    await h.db().update(orders).set({ totalAmountPaise: 777_77 }).where(eq(orders.id, order.id))
  })
})

describeEachDatabase('commission stats without a default configuration', (get) => {
  const h = commissionHelpers(get)

  it("applies SPEC.md 9's defaults when no default row exists, and counts no configuration", async () => {
    expect((await h.get('/api/commission/stats')).body.stats).toEqual({
      revenue: {
        totalOrders: 0,
        totalRevenue: 0,
        totalProjectOwnerCommission: 0,
        totalPlatformCommission: 0,
        totalCustomizerCommission: 0,
        totalInstallationCommission: 0,
        totalReferralCommission: 0,
      },
      configs: { active: 0, inactive: 0 },
    })
    const agent = await h.addUser({ isAgent: true })
    const project = await h.addProject()
    await h.addOrder({
      projectId: project.id,
      totalAmountPaise: 100_000,
      withCustomization: true,
      withInstallation: true,
      referrerId: agent.id,
      status: 'completed',
    })
    await h.addOrder({ projectId: project.id, totalAmountPaise: 100_000, status: 'completed' })
    await h.addOrder({ projectId: project.id, totalAmountPaise: 55_555, status: 'pending' })
    const { body } = await h.get('/api/commission/stats')
    expect(body.stats).toEqual((await h.expectedStats()).stats)
    // ₹1,000 with 50/30/10/5/5, all add-ons and an agent → 500/300/100/50/50; ₹1,000 alone, equal_split → 600/400.
    expect(body.stats.revenue).toEqual({
      totalOrders: 2,
      totalRevenue: 2000,
      totalProjectOwnerCommission: 1100,
      totalPlatformCommission: 700,
      totalCustomizerCommission: 100,
      totalInstallationCommission: 50,
      totalReferralCommission: 50,
    })
  })
})
