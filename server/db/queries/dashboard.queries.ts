/**
 * Dashboard aggregates (SPEC.md 3 "Dashboard stats") in SQL, in four parts by the tables
 * they read, so each can be cached per those tables' versions (services/dashboard-cache.ts,
 * decision 033): projects (per-category counts and prices from the per-group sums of migration
 * 0013, this and last month's counts from the recent projects only, the five newest), contacts
 * (per-status counts of migration 0021, their month counts, the five newest), active admins, and
 * completed revenue. Only aggregate rows and ten recent rows reach JS; the figures are assembled
 * by server/domain/dashboard-stats.ts. Money stays in paise here.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../client'
import { contactStatusCounts, contacts, payments, projectListCounts, projectSearch, projects, users } from '../schema'
import { preparedPer, qualified } from '../sql'
import type { MonthStarts } from '../../domain/dashboard-stats'

const int = (expr: ReturnType<typeof sql>) => sql<number>`(${expr})::int`
const float = (expr: ReturnType<typeof sql>) => sql<number | null>`(${expr})::float8`
type CreatedAt = typeof projects.createdAt | typeof projectSearch.createdAt | typeof contacts.createdAt
/** The month starts as values, or as SQL (a prepared statement's placeholders). */
type MonthBounds = { [K in keyof MonthStarts]: MonthStarts[K] | SQL }
const inThisMonth = (col: CreatedAt, { thisMonth }: MonthBounds) => sql`${col} >= ${thisMonth}`
const inLastMonth = (col: CreatedAt, { thisMonth, lastMonth }: MonthBounds) =>
  sql`${col} >= ${lastMonth} AND ${col} < ${thisMonth}`

/** A category's figures of the dashboard: counts, prices in paise, and counts created in the two months. */
type CategoryFigures = {
  category: string
  count: number
  avgPricePaise: number | null
  active: number
  activePricePaise: number | null
  thisMonth: number
  lastMonth: number
}
/** One of the five newest projects (price in paise). */
type RecentProject = {
  id: string
  title: string
  category: string
  pricePaise: number
  isActive: boolean
  createdAt: Date
}

/** `rows` (a subquery) as one JSON array, `[]` when empty. */
const jsonRows = (rows: SQL) => sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${rows}) r)`

/**
 * The projects part as one prepared statement (one round trip and one pooled connection instead
 * of three), its three results as JSON arrays:
 * - per category (with any project) its count, average price, active count and active price sum,
 *   from the per-group sums kept by migration 0013's triggers (a few dozen rows) instead of every
 *   project; avg(price) = exact numeric sum / count, as avg() computes it;
 * - its counts created in this and last month, from the projects created since the start of last
 *   month in project_search (migration 0029; project_search_created_idx): unlike projects, whose
 *   status and price updates leave dead tuples under write load, its rows change in place (HOT);
 * - the five newest projects.
 */
const dashboardProjectsStatement = preparedPer('dashboard_projects', (db, name) => {
  const counts = projectListCounts
  // Active means live: a draft is not, whatever its is_active (decision 038).
  const live = sql`${counts.isActive} AND NOT ${counts.isDraft}`
  const months = {
    thisMonth: sql`${sql.placeholder('thisMonth')}::timestamptz`,
    lastMonth: sql`${sql.placeholder('lastMonth')}::timestamptz`,
  }
  return db
    .select({
      byGroup: sql<
        Omit<CategoryFigures, 'thisMonth' | 'lastMonth'>[]
      >`${jsonRows(sql`SELECT ${counts.category} AS "category",
      ${int(sql`sum(${counts.n})`)} AS "count",
      ${float(sql`sum(${counts.pricePaise})::numeric / nullif(sum(${counts.n}), 0)`)} AS "avgPricePaise",
      ${int(sql`coalesce(sum(${counts.n}) FILTER (WHERE ${live}), 0)`)} AS "active",
      ${float(sql`CASE WHEN sum(${counts.n}) FILTER (WHERE ${live}) > 0
        THEN sum(${counts.pricePaise}) FILTER (WHERE ${live}) END`)} AS "activePricePaise"
      FROM ${counts} GROUP BY ${counts.category} HAVING sum(${counts.n}) > 0`)}`,
      byMonth: sql<{ category: string; thisMonth: number; lastMonth: number }[]>`${jsonRows(sql`SELECT
      ${projectSearch.category} AS "category",
      ${int(sql`count(*) FILTER (WHERE ${inThisMonth(projectSearch.createdAt, months)})`)} AS "thisMonth",
      ${int(sql`count(*) FILTER (WHERE ${inLastMonth(projectSearch.createdAt, months)})`)} AS "lastMonth"
      FROM ${projectSearch} WHERE ${projectSearch.createdAt} >= ${months.lastMonth} GROUP BY ${projectSearch.category}`)}`,
      recent: sql<
        (Omit<RecentProject, 'createdAt'> & { createdAt: string })[]
      >`${jsonRows(sql`SELECT ${projects.id} AS "id",
      ${projects.title} AS "title", ${projects.category} AS "category", ${projects.pricePaise} AS "pricePaise",
      ${projects.isActive} AS "isActive", ${projects.createdAt} AS "createdAt"
      FROM ${projects} ORDER BY ${projects.createdAt} DESC, ${projects.id} DESC LIMIT 5`)}`,
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare(name)
})

/**
 * Reads projects, project_list_counts and project_search in one statement: per category its
 * count, average price (paise), active count and active price sum (paise), and its counts created
 * in the months of `months`; the five newest projects.
 */
export async function dashboardProjects(
  db: Db,
  months: MonthStarts,
): Promise<{ byCategory: CategoryFigures[]; recentProjects: RecentProject[] }> {
  const [{ byGroup, byMonth, recent }] = await dashboardProjectsStatement(db).execute({
    thisMonth: months.thisMonth.toISOString(),
    lastMonth: months.lastMonth.toISOString(),
  })
  const monthly = new Map(byMonth.map((r) => [r.category, r]))
  return {
    byCategory: byGroup.map((r) => ({
      ...r,
      thisMonth: monthly.get(r.category)?.thisMonth ?? 0,
      lastMonth: monthly.get(r.category)?.lastMonth ?? 0,
    })),
    recentProjects: recent.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),
  }
}

/**
 * Reads contacts and contact_status_counts: per status (with any contact) its count, its unread
 * count and its counts created in the months of `months`; the five newest contacts.
 */
export async function dashboardContacts(db: Db, months: MonthStarts) {
  const [byStatus, recentContacts] = await Promise.all([
    // Per-status counts from contact_status_counts (migration 0021's triggers, four rows); unread is
    // status 'new', the one rule of the contacts stats (src/api/schemas/contacts.ts isUnreadStatus).
    db
      .select({
        status: contactStatusCounts.status,
        count: int(sql`${contactStatusCounts.n}`),
        unread: int(sql`CASE WHEN ${contactStatusCounts.status} = 'new' THEN ${contactStatusCounts.n} ELSE 0 END`),
        thisMonth:
          int(sql`(SELECT count(*) FROM ${contacts} WHERE ${contacts.status} = ${qualified(contactStatusCounts.status)}
        AND ${inThisMonth(contacts.createdAt, months)})`),
        lastMonth:
          int(sql`(SELECT count(*) FROM ${contacts} WHERE ${contacts.status} = ${qualified(contactStatusCounts.status)}
        AND ${inLastMonth(contacts.createdAt, months)})`),
      })
      .from(contactStatusCounts)
      .where(sql`${contactStatusCounts.n} > 0`),
    db
      .select({
        id: contacts.id,
        name: contacts.name,
        email: contacts.email,
        status: contacts.status,
        createdAt: contacts.createdAt,
      })
      .from(contacts)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(5),
  ])
  return { byStatus, recentContacts }
}

/** Reads users: how many admins are active. */
export async function activeAdminCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: int(sql`count(*)`) })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
  return row.count
}

/** Reads payments: the sum of completed payments, in paise (0 without any). */
export async function completedRevenuePaise(db: Db): Promise<number> {
  const [row] = await db
    .select({ paise: float(sql`coalesce(sum(${payments.amountPaise}), 0)`) })
    .from(payments)
    .where(eq(payments.status, 'completed'))
  return row.paise ?? 0
}

/** The four parts together (`admins` a count, `revenuePaise` in paise); the input of `toDashboardStats`. */
export type DashboardAggregates = Awaited<ReturnType<typeof dashboardProjects>> &
  Awaited<ReturnType<typeof dashboardContacts>> & { admins: number; revenuePaise: number }
