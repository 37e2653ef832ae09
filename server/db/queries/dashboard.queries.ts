/**
 * Dashboard aggregates (SPEC.md 3 "Dashboard stats", issue 2) in SQL: four aggregate queries and
 * two top-5 lookups run in parallel; only aggregate rows and ten recent rows reach JS. The
 * figures are assembled by server/domain/dashboard-stats.ts. Money stays in paise here.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contacts, payments, projects, users } from '../schema'
import { monthStarts } from '../../domain/dashboard-stats'

const int = (expr: ReturnType<typeof sql>) => sql<number>`(${expr})::int`
const float = (expr: ReturnType<typeof sql>) => sql<number | null>`(${expr})::float8`

/** Per-category and per-contact-status counts (this and last calendar month of `now`), admins, revenue, recent rows. */
export async function dashboardAggregates(db: Db, now: Date) {
  const { thisMonth, lastMonth } = monthStarts(now)
  const inThisMonth = (col: typeof projects.createdAt | typeof contacts.createdAt) => sql`${col} >= ${thisMonth}`
  const inLastMonth = (col: typeof projects.createdAt | typeof contacts.createdAt) =>
    sql`${col} >= ${lastMonth} AND ${col} < ${thisMonth}`
  const [byCategory, byStatus, [admins], [revenue], recentProjects, recentContacts] = await Promise.all([
    db.select({
      category: projects.category,
      count: int(sql`count(*)`),
      avgPricePaise: float(sql`avg(${projects.pricePaise})`),
      active: int(sql`count(*) FILTER (WHERE ${projects.isActive})`),
      activePricePaise: float(sql`sum(${projects.pricePaise}) FILTER (WHERE ${projects.isActive})`),
      thisMonth: int(sql`count(*) FILTER (WHERE ${inThisMonth(projects.createdAt)})`),
      lastMonth: int(sql`count(*) FILTER (WHERE ${inLastMonth(projects.createdAt)})`),
    }).from(projects).groupBy(projects.category),
    db.select({
      status: contacts.status,
      count: int(sql`count(*)`),
      unread: int(sql`count(*) FILTER (WHERE ${contacts.status} = 'new' OR NOT ${contacts.isRead})`),
      thisMonth: int(sql`count(*) FILTER (WHERE ${inThisMonth(contacts.createdAt)})`),
      lastMonth: int(sql`count(*) FILTER (WHERE ${inLastMonth(contacts.createdAt)})`),
    }).from(contacts).groupBy(contacts.status),
    db.select({ count: int(sql`count(*)`) }).from(users).where(and(eq(users.isAdmin, true), eq(users.isActive, true))),
    db.select({ paise: float(sql`coalesce(sum(${payments.amountPaise}), 0)`) }).from(payments)
      .where(eq(payments.status, 'completed')),
    db.select({ id: projects.id, title: projects.title, category: projects.category, pricePaise: projects.pricePaise,
      isActive: projects.isActive, createdAt: projects.createdAt })
      .from(projects).orderBy(desc(projects.createdAt), desc(projects.id)).limit(5),
    db.select({ id: contacts.id, name: contacts.name, email: contacts.email, status: contacts.status,
      createdAt: contacts.createdAt })
      .from(contacts).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(5),
  ])
  return { byCategory, byStatus, admins: admins.count, revenuePaise: revenue.paise ?? 0, recentProjects, recentContacts }
}

/** What `dashboardAggregates` answers; the input of `toDashboardStats`. */
export type DashboardAggregates = Awaited<ReturnType<typeof dashboardAggregates>>
