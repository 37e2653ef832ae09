/**
 * Dashboard figures (SPEC.md 3 "Dashboard stats") from the aggregates of
 * db/queries/dashboard.queries.ts. Pure: month arithmetic, growth and the response shape.
 *
 * Growth is the percent change of rows created in the current calendar month (UTC, from `now`)
 * over those created in the previous calendar month, rounded to 1 decimal; when last month had
 * none it is 0 if this month has none too, else 100.
 */
import type { DashboardStats } from '../../src/api/schemas/dashboard'
import type { DashboardAggregates } from '../db/queries/dashboard.queries'
import { paiseToRupees } from './money'

/** Percent change from `lastMonth` to `thisMonth`, 1 decimal (see the module note for zeros). */
export function growthPercent(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10
}

/** The starts (UTC) of a calendar month and of the month before it. */
export type MonthStarts = { thisMonth: Date; lastMonth: Date }

/** Start of the calendar month of `now` (UTC) and of the month before it. */
export function monthStarts(now: Date): MonthStarts {
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  return { thisMonth: new Date(Date.UTC(y, m, 1)), lastMonth: new Date(Date.UTC(y, m - 1, 1)) }
}

/** All dashboard figures; money in rupees (2 decimals), categories and statuses by count then name. */
export function toDashboardStats(aggregates: DashboardAggregates): DashboardStats {
  const { byCategory, byStatus, admins, revenuePaise, recentProjects, recentContacts } = aggregates
  const sum = <T>(rows: T[], pick: (row: T) => number | null) =>
    rows.reduce((total, row) => total + (pick(row) ?? 0), 0)
  const activeProjects = sum(byCategory, (r) => r.active)
  return {
    overview: {
      totalProjects: sum(byCategory, (r) => r.count),
      activeProjects,
      totalContacts: sum(byStatus, (r) => r.count),
      unreadContacts: sum(byStatus, (r) => r.unread),
      totalAdmins: admins,
    },
    growth: {
      projectGrowth: growthPercent(
        sum(byCategory, (r) => r.thisMonth),
        sum(byCategory, (r) => r.lastMonth),
      ),
      contactGrowth: growthPercent(
        sum(byStatus, (r) => r.thisMonth),
        sum(byStatus, (r) => r.lastMonth),
      ),
    },
    pricing: {
      avgPrice: activeProjects
        ? paiseToRupees(Math.round(sum(byCategory, (r) => r.activePricePaise) / activeProjects))
        : 0,
      totalRevenue: paiseToRupees(revenuePaise),
    },
    recentActivity: {
      projects: recentProjects.map((p) => ({
        _id: p.id,
        title: p.title,
        category: p.category,
        price: paiseToRupees(p.pricePaise),
        isActive: p.isActive,
        createdAt: p.createdAt.toISOString(),
      })),
      contacts: recentContacts.map((c) => ({
        _id: c.id,
        name: c.name,
        email: c.email,
        status: c.status,
        createdAt: c.createdAt.toISOString(),
      })),
    },
    categories: byCategory
      .map((r) => ({ _id: r.category, count: r.count, avgPrice: paiseToRupees(Math.round(r.avgPricePaise ?? 0)) }))
      .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id)),
    contactStatus: byStatus
      .map((r) => ({ _id: r.status, count: r.count }))
      .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id)),
  }
}
