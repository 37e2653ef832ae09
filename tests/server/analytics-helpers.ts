/**
 * Helpers for the analytics API suite: a deterministic data set around a fixed clock
 * (rows every few days over 26 months, rows exactly on the bounds of each period, an India month
 * without completed payments) and the expected figures written independently in SQL from the
 * definitions of src/api/schemas/analytics.ts: plain counts and sums per bound, the months by
 * generate_series over India wall-clock months, percents by round(numeric, 1) (half away from zero).
 */
import { sql } from 'drizzle-orm'
import type { Analytics } from '../../src/api/schemas/analytics'
import { orders, payments, projects, users } from '../../server/db/schema'
import type { Db } from '../../server/db/client'
import { rawRows } from '../../server/db/sql'

const DAY = 86_400_000
const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'in_progress',
  'completed',
  'completed',
  'completed',
  'cancelled',
] as const
const PAYMENT_STATUSES = ['completed', 'completed', 'completed', 'refunded', 'failed', 'pending'] as const

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  }
}

/**
 * Users, projects, orders and payments spread over the 26 months before `now` (and a few after:
 * rows of the future count in no period), plus rows exactly on `instants` (each bound of each
 * period, and 1 ms before it). Completed payments are turned 'failed' in the India month `emptyMonth`.
 */
export async function seedAnalytics(db: Db, now: Date, instants: Date[], emptyMonth: string) {
  const rng = random(13)
  const times = Array.from(
    { length: 400 },
    () => new Date(now.getTime() - rng.int(-2, 26 * 30) * DAY - rng.int(0, DAY)),
  )
  for (const at of instants) times.push(at, new Date(at.getTime() - 1))
  const people = await db
    .insert(users)
    .values(
      times
        .filter((_, i) => i % 5 === 0)
        .map((createdAt, i) => ({ name: `Customer ${i}`, email: `customer${i}@example.in`, createdAt })),
    )
    .returning({ id: users.id })
  const titles = ['Zeta', 'Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Eta', 'Theta', 'Iota', 'Kappa', 'Lambda', 'Mu']
  const catalogue = await db
    .insert(projects)
    .values(titles.map((title, i) => ({ title, description: `${title} project`, createdAt: times[i * 7] })))
    .returning({ id: projects.id })
  const placed = await db
    .insert(orders)
    .values(
      times.map((createdAt, i) => ({
        orderId: `ORD-A-${i}`,
        createdAt,
        status: rng.pick(ORDER_STATUSES),
        totalAmountPaise: rng.int(1, 4) * 25_000 + rng.int(0, 99),
        // One order in 20 without a project (deleted), one in 20 without a customer.
        projectId: i % 20 === 3 ? null : rng.pick(catalogue).id,
        userId: i % 20 === 7 ? null : rng.pick(people).id,
      })),
    )
    .returning({ id: orders.id, createdAt: orders.createdAt, amount: orders.totalAmountPaise })
  await db.insert(payments).values(
    placed.map((o, i) => ({
      paymentId: `pay_a_${i}`,
      orderId: o.id,
      method: 'UPI',
      amountPaise: o.amount,
      status: rng.pick(PAYMENT_STATUSES),
      createdAt: times[i],
    })),
  )
  await db.execute(sql`UPDATE payments SET status = 'failed' WHERE status = 'completed'
    AND to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') = ${emptyMonth}`)
}

type Bounds = { from: string; to: string; previousFrom: string }
type Row = Record<string, string | number | null>
const num = (value: string | number | null) => (value === null ? null : Number(value))

/** The analytics of `b` at `now` as the definitions say, in SQL that shares nothing with the server's. */
export async function expectedAnalytics(db: Db, period: Analytics['period'], b: Bounds, now: Date): Promise<Analytics> {
  const { from, to, previousFrom: prev } = b
  const [r] = await rawRows<Row>(
    db,
    sql`SELECT
    (SELECT sum(amount_paise) FROM payments WHERE status = 'completed' AND created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) rev,
    (SELECT sum(amount_paise) FROM payments WHERE status = 'completed' AND created_at >= ${prev}::timestamptz AND created_at < ${from}::timestamptz) rev_prev,
    (SELECT sum(amount_paise) FROM payments WHERE status = 'completed') rev_all,
    (SELECT count(*) FROM orders WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) o,
    (SELECT count(*) FROM orders WHERE created_at >= ${prev}::timestamptz AND created_at < ${from}::timestamptz) o_prev,
    (SELECT count(*) FROM orders) o_all,
    (SELECT count(*) FROM users WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) u,
    (SELECT count(*) FROM users WHERE created_at >= ${prev}::timestamptz AND created_at < ${from}::timestamptz) u_prev,
    (SELECT count(*) FROM users) u_all,
    (SELECT count(*) FROM projects WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) p,
    (SELECT count(*) FROM projects WHERE created_at >= ${prev}::timestamptz AND created_at < ${from}::timestamptz) p_prev,
    (SELECT count(*) FROM projects) p_all,
    (SELECT round(100.0 * count(*) FILTER (WHERE status = 'completed') / nullif(count(*), 0), 1) FROM orders
      WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) conversion,
    (SELECT round(sum(total_amount_paise)::numeric / nullif(count(*), 0)) / 100 FROM orders
      WHERE status = 'completed' AND created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) aov,
    (SELECT round(100.0 * count(*) FILTER (WHERE n > 1) / nullif(count(*), 0), 1) FROM (SELECT user_id, count(*) n FROM orders
      WHERE status = 'completed' AND user_id IS NOT NULL AND created_at < ${to}::timestamptz GROUP BY user_id) c) retention`,
  )
  const months = await rawRows<{ month: string; paise: string | number }>(
    db,
    sql`
    SELECT to_char(m, 'YYYY-MM') AS month, coalesce((SELECT sum(amount_paise) FROM payments WHERE status = 'completed'
      AND created_at >= (m AT TIME ZONE 'Asia/Kolkata')
      AND created_at < least((m + interval '1 month') AT TIME ZONE 'Asia/Kolkata', ${to}::timestamptz)), 0) AS paise
    FROM generate_series(date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE 'Asia/Kolkata') - interval '11 months',
      date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE 'Asia/Kolkata'), interval '1 month') AS m ORDER BY m`,
  )
  const top = await rawRows<{ id: string; title: string; sales: string | number; paise: string | number }>(
    db,
    sql`
    SELECT p.id, p.title, count(*) AS sales, sum(o.total_amount_paise) AS paise FROM orders o JOIN projects p ON p.id = o.project_id
    WHERE o.status = 'completed' AND o.created_at >= ${from}::timestamptz AND o.created_at < ${to}::timestamptz
    GROUP BY p.id, p.title ORDER BY sum(o.total_amount_paise) DESC, count(*) DESC, p.title, p.id LIMIT 5`,
  )
  const rupees = (paise: string | number | null) => Number(paise ?? 0) / 100
  const change = async (current: string | number | null, previous: string | number | null) =>
    num(
      (
        await rawRows<Row>(
          db,
          sql`SELECT round((${String(current ?? 0)}::numeric - ${String(previous ?? 0)}::numeric) * 100 / nullif(${String(previous ?? 0)}::numeric, 0), 1) c`,
        )
      )[0].c,
    )
  const stat = async (value: string | number | null, previous: string | number | null, money = false) => ({
    value: money ? rupees(value) : Number(value ?? 0),
    change: await change(value, previous),
  })
  return {
    period,
    from,
    to,
    totals: {
      revenue: await stat(r.rev, r.rev_prev, true),
      orders: await stat(r.o, r.o_prev),
      users: await stat(r.u, r.u_prev),
      projects: await stat(r.p, r.p_prev),
    },
    allTime: { revenue: rupees(r.rev_all), orders: Number(r.o_all), users: Number(r.u_all), projects: Number(r.p_all) },
    monthlyRevenue: months.map((m) => ({ month: m.month, revenue: rupees(m.paise) })),
    topProjects: top.map((p) => ({ _id: p.id, title: p.title, sales: Number(p.sales), revenue: rupees(p.paise) })),
    conversionRate: num(r.conversion),
    averageOrderValue: num(r.aov),
    customerRetention: num(r.retention),
  }
}
