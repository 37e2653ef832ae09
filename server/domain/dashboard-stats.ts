/**
 * Dashboard figures (SPEC.md 3 "Dashboard stats", issue 2) computed in SQL: four aggregate queries
 * and two top-5 lookups run in parallel; only aggregate rows and ten recent rows reach JS.
 *
 * Growth is the percent change of rows created in the current calendar month (UTC, from `now`)
 * over those created in the previous calendar month, rounded to 1 decimal; when last month had
 * none it is 0 if this month has none too, else 100.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { DashboardStats } from '../../src/api/schemas/dashboard'
import type { Db } from '../db/client'
import { contacts, payments, projects, users } from '../db/schema'
import { paiseToRupees } from './money'

/** Percent change from `lastMonth` to `thisMonth`, 1 decimal (see the module note for zeros). */
export function growthPercent(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10
}

/** Start of the calendar month of `now` (UTC) and of the month before it. */
export function monthStarts(now: Date): { thisMonth: Date; lastMonth: Date } {
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  return { thisMonth: new Date(Date.UTC(y, m, 1)), lastMonth: new Date(Date.UTC(y, m - 1, 1)) }
}

const int = (expr: ReturnType<typeof sql>) => sql<number>`(${expr})::int`
const float = (expr: ReturnType<typeof sql>) => sql<number | null>`(${expr})::float8`

/** All dashboard figures at `now`; money in rupees (2 decimals). */
export async function computeDashboardStats(db: Db, now: Date): Promise<DashboardStats> {
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
  const sum = <T>(rows: T[], pick: (row: T) => number | null) => rows.reduce((total, row) => total + (pick(row) ?? 0), 0)
  const activeProjects = sum(byCategory, (r) => r.active)
  return {
    overview: {
      totalProjects: sum(byCategory, (r) => r.count),
      activeProjects,
      totalContacts: sum(byStatus, (r) => r.count),
      unreadContacts: sum(byStatus, (r) => r.unread),
      totalAdmins: admins.count,
    },
    growth: {
      projectGrowth: growthPercent(sum(byCategory, (r) => r.thisMonth), sum(byCategory, (r) => r.lastMonth)),
      contactGrowth: growthPercent(sum(byStatus, (r) => r.thisMonth), sum(byStatus, (r) => r.lastMonth)),
    },
    pricing: {
      avgPrice: activeProjects ? paiseToRupees(Math.round(sum(byCategory, (r) => r.activePricePaise) / activeProjects)) : 0,
      totalRevenue: paiseToRupees(revenue.paise ?? 0),
    },
    recentActivity: {
      projects: recentProjects.map((p) => ({ _id: p.id, title: p.title, category: p.category,
        price: paiseToRupees(p.pricePaise), isActive: p.isActive, createdAt: p.createdAt.toISOString() })),
      contacts: recentContacts.map((c) => ({ _id: c.id, name: c.name, email: c.email, status: c.status,
        createdAt: c.createdAt.toISOString() })),
    },
    categories: byCategory
      .map((r) => ({ _id: r.category, count: r.count, avgPrice: paiseToRupees(Math.round(r.avgPricePaise ?? 0)) }))
      .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id)),
    contactStatus: byStatus.map((r) => ({ _id: r.status, count: r.count }))
      .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id)),
  }
}
