/**
 * Analytics aggregates (SPEC.md 2 "Analytics"; definitions in src/api/schemas/analytics.ts)
 * in SQL: five statements run in parallel and only aggregate rows (at most 12 months and
 * ANALYTICS_TOP_PROJECTS projects) reach JS; server/domain/analytics.ts shapes them. Paise.
 *
 * - Revenue: completed payments by their created_at, as the dashboard counts it (a refunded,
 *   failed or pending payment is never revenue, decision 011); all time from payment_status_totals.
 * - Orders, users, projects: rows created in each period; all time from the per-group counts kept
 *   by triggers (order_status_counts, user_list_counts, project_list_counts; migrations 0013-0020).
 * - Completed orders of the period: orders created in [from, to) whose status is 'completed', with
 *   their total amounts (the order's price, as the commission stats and the projects' sales figures
 *   count it). Grouped per project; the totals are window sums over every group (orders whose
 *   project was deleted included), the top rows only those with a project, by revenue, then sales,
 *   title and id.
 * - Customers: the distinct orders.user_id of completed orders created before `to`.
 * - Months: completed payments bucketed by width_bucket over the first instants of the 12 India
 *   months of domain/analytics.ts (bucket i is months[i − 1]).
 *
 * Indexes (migration 0025): partial indexes of completed payments (created_at, amount_paise) and of
 * completed orders (created_at, project_id, total_amount_paise) and (user_id, created_at) make each
 * scan index-only; the counts use the created_at indexes of orders, users and projects. The status
 * is written as a literal so that the planner matches those partial indexes whatever the driver.
 */
import { and, asc, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm'
import { ANALYTICS_TOP_PROJECTS } from '../../../src/api/schemas/analytics'
import type { AnalyticsAggregates, AnalyticsBounds } from '../../domain/analytics'
import type { Db } from '../client'
import {
  orderStatusCounts,
  orders,
  payments,
  paymentStatusTotals,
  projectListCounts,
  projects,
  userListCounts,
  users,
} from '../schema'
import { rawRows } from '../sql'

const int = (expr: SQL) => sql<number>`(${expr})::int`
const paise = (expr: SQL) => sql<number>`coalesce((${expr})::float8, 0)`
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`
const completedPayment = sql`${payments.status} = 'completed'`
const completedOrder = sql`${orders.status} = 'completed'`

type Counts = { current: number; previous: number; allTime: number }
type CountRow = Record<`${'orders' | 'users' | 'projects'}_${'current' | 'previous' | 'all'}`, number>

/** Orders, users and projects created in the period, in the previous one, and of all time: one statement. */
async function createdCounts(db: Db, b: AnalyticsBounds): Promise<Record<'orders' | 'users' | 'projects', Counts>> {
  const created = (table: typeof orders | typeof users | typeof projects, from: Date, to: Date) =>
    sql`(SELECT count(*) FROM ${table} WHERE ${table.createdAt} >= ${at(from)} AND ${table.createdAt} < ${at(to)})::int`
  const sum = (column: SQL) => sql`coalesce(${column}, 0)::int`
  const [row] = await rawRows<CountRow>(
    db,
    sql`SELECT
    ${created(orders, b.from, b.to)} AS orders_current, ${created(orders, b.previousFrom, b.from)} AS orders_previous,
    ${created(users, b.from, b.to)} AS users_current, ${created(users, b.previousFrom, b.from)} AS users_previous,
    ${created(projects, b.from, b.to)} AS projects_current, ${created(projects, b.previousFrom, b.from)} AS projects_previous,
    ${sum(sql`(SELECT sum(${orderStatusCounts.n}) FROM ${orderStatusCounts})`)} AS orders_all,
    ${sum(sql`(SELECT sum(${userListCounts.n}) FROM ${userListCounts})`)} AS users_all,
    ${sum(sql`(SELECT sum(${projectListCounts.n}) FROM ${projectListCounts})`)} AS projects_all`,
  )
  const of = (name: 'orders' | 'users' | 'projects') => ({
    current: row[`${name}_current`],
    previous: row[`${name}_previous`],
    allTime: row[`${name}_all`],
  })
  return { orders: of('orders'), users: of('users'), projects: of('projects') }
}

/** Every aggregate of the analytics of `b` (see the module note). */
export async function analyticsAggregates(db: Db, b: AnalyticsBounds): Promise<AnalyticsAggregates> {
  // The month of a payment: its bucket among the months' first instants (1 = the oldest; a binary
  // search per row, cheaper than formatting each timestamp in India time).
  const monthStarts = sql`ARRAY[${sql.join(
    b.months.map((m) => at(m.start)),
    sql`, `,
  )}]`
  const month = sql<number>`width_bucket(${payments.createdAt}, ${monthStarts})`
  const byProject = db.$with('by_project').as(
    db
      .select({
        projectId: orders.projectId,
        sales: sql<number>`count(*)`.as('sales'),
        paise: sql<number>`sum(${orders.totalAmountPaise})`.as('paise'),
      })
      .from(orders)
      .where(and(completedOrder, gte(orders.createdAt, b.from), lt(orders.createdAt, b.to)))
      .groupBy(orders.projectId),
  )
  const customers = db.$with('customers').as(
    db
      .select({ orders: sql<number>`count(*)`.as('orders') })
      .from(orders)
      .where(and(completedOrder, isNotNull(orders.userId), lt(orders.createdAt, b.to)))
      .groupBy(orders.userId),
  )

  const [counts, [revenue], months, top, [paying]] = await Promise.all([
    createdCounts(db, b),
    db
      .select({
        current: paise(sql`sum(${payments.amountPaise}) FILTER (WHERE ${payments.createdAt} >= ${at(b.from)})`),
        previous: paise(sql`sum(${payments.amountPaise}) FILTER (WHERE ${payments.createdAt} < ${at(b.from)})`),
        allTime: paise(sql`(SELECT ${paymentStatusTotals.amountPaise} FROM ${paymentStatusTotals}
        WHERE ${paymentStatusTotals.status} = 'completed')`),
      })
      .from(payments)
      .where(and(completedPayment, gte(payments.createdAt, b.previousFrom), lt(payments.createdAt, b.to))),
    db
      .select({ month, paise: paise(sql`sum(${payments.amountPaise})`) })
      .from(payments)
      .where(and(completedPayment, gte(payments.createdAt, b.months[0].start), lt(payments.createdAt, b.to)))
      .groupBy(sql`1`), // by position: the array's parameters differ in the two places
    // The window totals cover every group; a group without a project sorts after the others.
    db
      .with(byProject)
      .select({
        id: byProject.projectId,
        title: projects.title,
        sales: int(sql`${byProject.sales}`),
        paise: paise(sql`${byProject.paise}`),
        totalSales: int(sql`sum(${byProject.sales}) OVER ()`),
        totalPaise: paise(sql`sum(${byProject.paise}) OVER ()`),
      })
      .from(byProject)
      .leftJoin(projects, eq(projects.id, byProject.projectId))
      .orderBy(
        sql`${byProject.projectId} IS NULL`,
        desc(byProject.paise),
        desc(byProject.sales),
        asc(projects.title),
        asc(byProject.projectId),
      )
      .limit(ANALYTICS_TOP_PROJECTS),
    db
      .with(customers)
      .select({ paying: int(sql`count(*)`), returning: int(sql`count(*) FILTER (WHERE ${customers.orders} > 1)`) })
      .from(customers),
  ])
  const figures = (pick: (c: Counts) => number, revenuePaise: number) => ({
    revenue: revenuePaise,
    orders: pick(counts.orders),
    users: pick(counts.users),
    projects: pick(counts.projects),
  })
  return {
    current: figures((c) => c.current, revenue.current),
    previous: figures((c) => c.previous, revenue.previous),
    allTime: figures((c) => c.allTime, revenue.allTime),
    monthlyRevenue: new Map(months.map((m) => [b.months[m.month - 1].month, m.paise])),
    completed: { orders: top[0]?.totalSales ?? 0, paise: top[0]?.totalPaise ?? 0 },
    topProjects: top.flatMap((p) =>
      p.id !== null && p.title !== null ? [{ id: p.id, title: p.title, sales: p.sales, paise: p.paise }] : [],
    ),
    customers: paying,
  }
}
