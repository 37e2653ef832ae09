/**
 * The demo seed on PGlite and PostgreSQL at a small scale: planned counts, every status
 * present, consistent verification history chains, payments that match their orders, commission
 * splits that sum to 100%, and determinism for a seed number.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { rawRows } from '../../server/db/sql'
import { findBankDetails } from '../../server/db/queries/users.queries'
import { DEFAULT_COMMISSION_NOTES } from '../../server/db/seed/commission.gen'
import { seedDemo, seedPlan, type SeedCounts } from '../../server/db/seed/seed'
import { ADMIN_EMAIL, describeEachDatabase } from './harness'

const SCALE = 0.1
const NOW = new Date('2026-11-20T12:00:00Z')

describeEachDatabase('demo seed', (get) => {
  let counts: SeedCounts
  const rows = <T>(query: ReturnType<typeof sql>) => rawRows<T>(get().database.db, query)
  const scalar = async (query: ReturnType<typeof sql>) => Number(Object.values((await rows<object>(query))[0])[0])
  const values = async (query: ReturnType<typeof sql>) => (await rows<{ v: string }>(query)).map((r) => r.v).sort()

  beforeAll(async () => {
    counts = await seedDemo(get().database, {
      scale: SCALE,
      adminEmail: ADMIN_EMAIL,
      seed: 7,
      now: NOW,
      dataKey: get().deps.dataKey,
    })
  })

  it('writes the planned counts', async () => {
    const plan = seedPlan(SCALE)
    expect(counts).toMatchObject({
      users: plan.admins + plan.agents + plan.customers,
      projects: plan.projects,
      orders: plan.orders,
      contacts: plan.contacts,
      commissionConfigs: 1 + plan.projectCommissions,
    })
    for (const [table, expected] of [
      ['users', counts.users + 1],
      ['projects', counts.projects],
      ['verification_history', counts.verificationHistory],
      ['orders', counts.orders],
      ['payments', counts.payments],
      ['order_notes', counts.orderNotes],
      ['contacts', counts.contacts],
      ['commission_configs', counts.commissionConfigs],
    ] as const) {
      expect(await scalar(sql`SELECT count(*) FROM ${sql.identifier(table)}`), table).toBe(expected)
    }
    expect(await scalar(sql`SELECT count(*) FROM users WHERE is_admin AND is_active`)).toBe(plan.admins + 1)
    expect(
      await scalar(sql`SELECT count(*) FROM users WHERE is_agent AND referral_code IS NOT NULL
      AND business_name IS NOT NULL`),
    ).toBe(plan.agents)
    expect(await scalar(sql`SELECT count(*) FROM users WHERE name = 'Aarav Sharma' AND email = ${ADMIN_EMAIL}`)).toBe(1)
  })

  it('covers every status', async () => {
    expect(await values(sql`SELECT DISTINCT verification_status::text v FROM projects`)).toEqual([
      'approved',
      'needs_changes',
      'pending',
      'rejected',
      'under_review',
    ])
    expect(await values(sql`SELECT DISTINCT status::text v FROM orders`)).toEqual([
      'cancelled',
      'completed',
      'confirmed',
      'in_progress',
      'pending',
    ])
    expect(await values(sql`SELECT DISTINCT status::text v FROM contacts`)).toEqual([
      'archived',
      'new',
      'read',
      'replied',
    ])
    expect(await values(sql`SELECT DISTINCT agent_status::text v FROM users WHERE is_agent`)).toEqual([
      'active',
      'inactive',
      'pending',
      'suspended',
    ])
    expect(await values(sql`SELECT DISTINCT status::text v FROM payments`)).toEqual(['completed', 'failed', 'pending'])
    expect(
      await scalar(sql`SELECT count(*) FROM contacts WHERE (status = 'replied') <> (reply IS NOT NULL AND replied_at IS NOT NULL)
      OR (status = 'new') = is_read`),
    ).toBe(0)
  })

  it('gives realistic values: INR prices, Indian addresses, 14 months of dates', async () => {
    expect(await scalar(sql`SELECT count(*) FROM projects WHERE price_paise NOT BETWEEN 49900 AND 4999900`)).toBe(0)
    // Rates in basis points (decision 002): 5% = 500; agents 5-12% discount, 5-10% commission.
    expect(
      await scalar(sql`SELECT count(*) FROM users WHERE default_discount_bps NOT IN (500, 750, 1000, 1200)
      OR commission_rate_bps NOT IN (500, 800, 1000) OR (NOT is_agent AND (default_discount_bps, commission_rate_bps) <> (500, 500))`),
    ).toBe(0)
    expect(
      await scalar(sql`SELECT count(*) FROM users WHERE address->>'country' <> 'India'
      OR address->>'pincode' !~ '^[1-9][0-9]{5}$'`),
    ).toBe(0)
    expect(
      await scalar(sql`SELECT count(DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC')) FROM orders`),
    ).toBeGreaterThanOrEqual(13)
    expect(
      await scalar(
        sql`SELECT count(*) FROM orders WHERE created_at > ${NOW} OR created_at < ${NOW}::timestamptz - interval '15 months'`,
      ),
    ).toBe(0)
  })

  it('keeps every verification history chain consistent with its project', async () => {
    expect(
      await scalar(sql`SELECT count(*) FROM projects p WHERE NOT EXISTS
      (SELECT 1 FROM verification_history h WHERE h.project_id = p.id)`),
    ).toBe(0)
    expect(
      await scalar(sql`SELECT count(*) FROM (SELECT previous_status, lag(status) OVER w AS before,
      row_number() OVER w AS n FROM verification_history WINDOW w AS (PARTITION BY project_id ORDER BY verified_at, id)) h
      WHERE previous_status IS DISTINCT FROM before`),
    ).toBe(0)
    expect(
      await scalar(sql`SELECT count(*) FROM projects p JOIN LATERAL (SELECT status FROM verification_history h
      WHERE h.project_id = p.id ORDER BY verified_at DESC, id DESC LIMIT 1) last ON true
      WHERE last.status <> p.verification_status`),
    ).toBe(0)
    expect(await scalar(sql`SELECT count(*) FROM verification_history WHERE verified_by IS NULL`)).toBeGreaterThan(0)
    expect(await scalar(sql`SELECT count(*) FROM verification_history WHERE verified_by IS NOT NULL`)).toBeGreaterThan(
      0,
    )
  })

  it('gives every order payments that match its status and amount', async () => {
    const bad = await scalar(sql`SELECT count(*) FROM orders o JOIN LATERAL (SELECT count(*) AS n,
        count(*) FILTER (WHERE p.status = 'completed' AND p.amount_paise = o.total_amount_paise) AS paid,
        count(*) FILTER (WHERE p.status = 'pending') AS pending, count(*) FILTER (WHERE p.status = 'failed') AS failed
        FROM payments p WHERE p.order_id = o.id) x ON true
      WHERE CASE o.status WHEN 'pending' THEN x.n <> 1 OR x.pending <> 1
        WHEN 'cancelled' THEN x.n <> 1 OR x.failed <> 1 ELSE x.paid <> 1 OR x.n <> x.paid + x.failed END`)
    expect(bad).toBe(0)
    expect(await values(sql`SELECT DISTINCT method v FROM payments`)).toEqual(['Card', 'Netbanking', 'UPI', 'Wallet'])
    expect(
      await scalar(sql`SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_notes n
      WHERE n.order_id = o.id AND n.status = o.status)`),
    ).toBe(0)
  })

  it('makes commission splits that sum to 10,000 bps, with the default 50/30/10/5/5', async () => {
    expect(
      await scalar(sql`SELECT count(*) FROM commission_configs WHERE project_owner_rate_bps + platform_owner_rate_bps
      + customizer_rate_bps + installation_support_rate_bps + referral_commission_rate_bps <> 10000`),
    ).toBe(0)
    const [def] = await rows<Record<string, unknown>>(sql`SELECT project_owner_rate_bps a, platform_owner_rate_bps b,
      customizer_rate_bps c, installation_support_rate_bps d, referral_commission_rate_bps e, agent_discount_bps f,
      student_commission_bps g, no_referral_distribution::text h, notes, project_id FROM commission_configs WHERE is_default`)
    expect(def).toEqual({
      a: 5000,
      b: 3000,
      c: 1000,
      d: 500,
      e: 500,
      f: 500,
      g: 0,
      h: 'equal_split',
      notes: DEFAULT_COMMISSION_NOTES,
      project_id: null,
    })
  })

  it("stores the agents' bank account numbers encrypted, readable with the data key", async () => {
    const agents = await rows<{
      id: string
      account: string
    }>(sql`SELECT id, bank_details ->> 'accountNumber' AS account
      FROM users WHERE is_agent`)
    expect(agents.length).toBeGreaterThan(0)
    for (const agent of agents) {
      expect(agent.account).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/)
      expect((await findBankDetails(get().database.db, get().deps.dataKey, agent.id))?.accountNumber).toMatch(
        /^\d{12}$/,
      )
    }
  })

  it('is deterministic for a seed number, whichever database it is written to', async () => {
    const other = await openDatabase({ memory: true })
    try {
      await seedDemo(other, { scale: SCALE, adminEmail: ADMIN_EMAIL, seed: 7, now: NOW, dataKey: get().deps.dataKey })
      const digest = sql`SELECT md5(string_agg(id || title || price_paise || verification_status, ',' ORDER BY id)) v FROM projects`
      const mine = await values(digest)
      const theirs = (await rawRows<{ v: string }>(other.db, digest)).map((r) => r.v)
      expect(theirs).toEqual(mine)
    } finally {
      await other.close()
    }
  })
})

describe('seed plan', () => {
  it('scales the users alone with `users` (npm run seed -- --users N), 10% agents, the rest by scale', () => {
    expect(seedPlan(1, 200_000)).toEqual({ ...seedPlan(1), agents: 20_000, customers: 179_996 })
    expect(seedPlan(2)).toMatchObject({ admins: 4, agents: 60, customers: 536, projects: 800, orders: 4000 })
    expect(() => seedPlan(1, 5)).toThrow(/at least 10/)
    expect(() => seedPlan(1, 10.5)).toThrow(/at least 10/)
  })
})
