/**
 * Dashboard aggregates (SPEC.md 3 "Dashboard stats", issue 2) in SQL, in four parts by the tables
 * they read, so each can be cached per those tables' versions (services/dashboard-cache.ts,
 * decision 004): projects (per-category counts and prices from the per-group sums of migration
 * 0013, this and last month's counts from the recent projects only, the five newest), contacts
 * (per-status counts of migration 0021, their month counts, the five newest), active admins, and
 * completed revenue. Only aggregate rows and ten recent rows reach JS; the figures are assembled
 * by server/domain/dashboard-stats.ts. Money stays in paise here.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contactStatusCounts, contacts, payments, projectListCounts, projectSearch, projects, users } from '../schema'
import { qualified } from '../sql'
import type { MonthStarts } from '../../domain/dashboard-stats'

const int = (expr: ReturnType<typeof sql>) => sql<number>`(${expr})::int`
const float = (expr: ReturnType<typeof sql>) => sql<number | null>`(${expr})::float8`
type CreatedAt = typeof projects.createdAt | typeof projectSearch.createdAt | typeof contacts.createdAt
const inThisMonth = (col: CreatedAt, { thisMonth }: MonthStarts) => sql`${col} >= ${thisMonth}`
const inLastMonth = (col: CreatedAt, { thisMonth, lastMonth }: MonthStarts) => sql`${col} >= ${lastMonth} AND ${col} < ${thisMonth}`

/**
 * Reads projects, project_list_counts and project_search: per category its count, average price (paise), active
 * count and active price sum (paise), and its counts created in the months of `months`; the five
 * newest projects.
 */
export async function dashboardProjects(db: Db, months: MonthStarts) {
  const counts = projectListCounts
  const [byGroup, recentByCategory, recentProjects] = await Promise.all([
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
    // Only the projects created since the start of last month, from project_search's copies of
    // created_at and category (migration 0029; project_search_created_idx): unlike projects, whose
    // status and price updates leave dead tuples under write load, its rows change in place (HOT).
    db.select({
      category: projectSearch.category,
      thisMonth: int(sql`count(*) FILTER (WHERE ${inThisMonth(projectSearch.createdAt, months)})`),
      lastMonth: int(sql`count(*) FILTER (WHERE ${inLastMonth(projectSearch.createdAt, months)})`),
    }).from(projectSearch).where(sql`${projectSearch.createdAt} >= ${months.lastMonth}`).groupBy(projectSearch.category),
    db.select({ id: projects.id, title: projects.title, category: projects.category, pricePaise: projects.pricePaise,
      isActive: projects.isActive, createdAt: projects.createdAt })
      .from(projects).orderBy(desc(projects.createdAt), desc(projects.id)).limit(5),
  ])
  const byMonth = new Map(recentByCategory.map((r) => [r.category, r]))
  const byCategory = byGroup.map((r) => ({ ...r, thisMonth: byMonth.get(r.category)?.thisMonth ?? 0,
    lastMonth: byMonth.get(r.category)?.lastMonth ?? 0 }))
  return { byCategory, recentProjects }
}

/**
 * Reads contacts and contact_status_counts: per status (with any contact) its count, its unread
 * count and its counts created in the months of `months`; the five newest contacts.
 */
export async function dashboardContacts(db: Db, months: MonthStarts) {
  const [byStatus, recentContacts] = await Promise.all([
    // Per-status counts from contact_status_counts (migration 0021's triggers, four rows); unread is
    // status 'new', the one rule of the contacts stats (src/api/schemas/contacts.ts isUnreadStatus).
    db.select({
      status: contactStatusCounts.status,
      count: int(sql`${contactStatusCounts.n}`),
      unread: int(sql`CASE WHEN ${contactStatusCounts.status} = 'new' THEN ${contactStatusCounts.n} ELSE 0 END`),
      thisMonth: int(sql`(SELECT count(*) FROM ${contacts} WHERE ${contacts.status} = ${qualified(contactStatusCounts.status)}
        AND ${inThisMonth(contacts.createdAt, months)})`),
      lastMonth: int(sql`(SELECT count(*) FROM ${contacts} WHERE ${contacts.status} = ${qualified(contactStatusCounts.status)}
        AND ${inLastMonth(contacts.createdAt, months)})`),
    }).from(contactStatusCounts).where(sql`${contactStatusCounts.n} > 0`),
    db.select({ id: contacts.id, name: contacts.name, email: contacts.email, status: contacts.status,
      createdAt: contacts.createdAt })
      .from(contacts).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(5),
  ])
  return { byStatus, recentContacts }
}

/** Reads users: how many admins are active. */
export async function activeAdminCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: int(sql`count(*)`) }).from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
  return row.count
}

/** Reads payments: the sum of completed payments, in paise (0 without any). */
export async function completedRevenuePaise(db: Db): Promise<number> {
  const [row] = await db.select({ paise: float(sql`coalesce(sum(${payments.amountPaise}), 0)`) }).from(payments)
    .where(eq(payments.status, 'completed'))
  return row.paise ?? 0
}

/** The four parts together (`admins` a count, `revenuePaise` in paise); the input of `toDashboardStats`. */
export type DashboardAggregates = Awaited<ReturnType<typeof dashboardProjects>> & Awaited<ReturnType<typeof dashboardContacts>>
  & { admins: number; revenuePaise: number }
