/**
 * Dashboard aggregates (SPEC.md 3 "Dashboard stats", issue 2) in SQL: five aggregate queries and
 * two top-5 lookups run in parallel (per-category counts and prices from the per-group sums of
 * migration 0013, this and last month's counts from the recent projects only); only aggregate rows and ten recent rows reach JS. The
 * figures are assembled by server/domain/dashboard-stats.ts. Money stays in paise here.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contactStatusCounts, contacts, payments, projectListCounts, projects, users } from '../schema'
import { qualified } from '../sql'
import { monthStarts } from '../../domain/dashboard-stats'

const int = (expr: ReturnType<typeof sql>) => sql<number>`(${expr})::int`
const float = (expr: ReturnType<typeof sql>) => sql<number | null>`(${expr})::float8`

/** Per-category and per-contact-status counts (this and last calendar month of `now`), admins, revenue, recent rows. */
export async function dashboardAggregates(db: Db, now: Date) {
  const { thisMonth, lastMonth } = monthStarts(now)
  const inThisMonth = (col: typeof projects.createdAt | typeof contacts.createdAt) => sql`${col} >= ${thisMonth}`
  const inLastMonth = (col: typeof projects.createdAt | typeof contacts.createdAt) =>
    sql`${col} >= ${lastMonth} AND ${col} < ${thisMonth}`
  const counts = projectListCounts
  const [byGroup, recentByCategory, byStatus, [admins], [revenue], recentProjects, recentContacts] = await Promise.all([
    // Counts and prices from the per-group sums kept by migration 0013's triggers (a few dozen
    // rows) instead of every project; avg(price) = exact numeric sum / count, as avg() computes it.
    db.select({
      category: counts.category,
      count: int(sql`sum(${counts.n})`),
      avgPricePaise: float(sql`sum(${counts.pricePaise})::numeric / nullif(sum(${counts.n}), 0)`),
      active: int(sql`coalesce(sum(${counts.n}) FILTER (WHERE ${counts.isActive}), 0)`),
      activePricePaise: float(sql`CASE WHEN sum(${counts.n}) FILTER (WHERE ${counts.isActive}) > 0
        THEN sum(${counts.pricePaise}) FILTER (WHERE ${counts.isActive}) END`),
    }).from(counts).groupBy(counts.category).having(sql`sum(${counts.n}) > 0`),
    // Only the projects created since the start of last month (projects_created_at_idx).
    db.select({
      category: projects.category,
      thisMonth: int(sql`count(*) FILTER (WHERE ${inThisMonth(projects.createdAt)})`),
      lastMonth: int(sql`count(*) FILTER (WHERE ${inLastMonth(projects.createdAt)})`),
    }).from(projects).where(sql`${projects.createdAt} >= ${lastMonth}`).groupBy(projects.category),
    // Per-status counts from contact_status_counts (migration 0021's triggers, four rows); unread is
    // status 'new', the one rule of the contacts stats (src/api/schemas/contacts.ts isUnreadStatus).
    db.select({
      status: contactStatusCounts.status,
      count: int(sql`${contactStatusCounts.n}`),
      unread: int(sql`CASE WHEN ${contactStatusCounts.status} = 'new' THEN ${contactStatusCounts.n} ELSE 0 END`),
      thisMonth: int(sql`(SELECT count(*) FROM ${contacts} WHERE ${contacts.status} = ${qualified(contactStatusCounts.status)}
        AND ${inThisMonth(contacts.createdAt)})`),
      lastMonth: int(sql`(SELECT count(*) FROM ${contacts} WHERE ${contacts.status} = ${qualified(contactStatusCounts.status)}
        AND ${inLastMonth(contacts.createdAt)})`),
    }).from(contactStatusCounts).where(sql`${contactStatusCounts.n} > 0`),
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
  const months = new Map(recentByCategory.map((r) => [r.category, r]))
  const byCategory = byGroup.map((r) => ({ ...r, thisMonth: months.get(r.category)?.thisMonth ?? 0,
    lastMonth: months.get(r.category)?.lastMonth ?? 0 }))
  return { byCategory, byStatus, admins: admins.count, revenuePaise: revenue.paise ?? 0, recentProjects, recentContacts }
}

/** What `dashboardAggregates` answers; the input of `toDashboardStats`. */
export type DashboardAggregates = Awaited<ReturnType<typeof dashboardAggregates>>
