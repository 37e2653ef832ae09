/**
 * Analytics (SPEC.md 2 "Analytics", contract and definitions in
 * src/api/schemas/analytics.ts): the bounds of a period and the shaping of the SQL aggregates of
 * db/queries/analytics.queries.ts into the response. Pure: no clock, no I/O.
 *
 * Bounds. A period ends at `to`, the end of the current hour in India (Asia/Kolkata): `now` lies
 * in [to − 1 h, to), so every row created up to now is in the period, and the figures of a period
 * are the same for every request of that hour; the response cache keys them by (table versions,
 * period, to), so a write shows at once and rows leave the start of the window at the next hour.
 * 30d and 90d start 30 or 90 × 24 h before `to`; 12m the same date and hour twelve months before
 * in India (29 February → 1 March). The previous period has the same length and ends at `from`.
 * The monthly revenue covers the 12 calendar months in India up to the month of `to` (the month
 * of now: months change at 00:00 IST, an hour boundary), labelled 'YYYY-MM' by Intl.
 *
 * Arithmetic is on integers (paise, counts) and rounds half away from zero, as PostgreSQL's
 * round(numeric) does: percents to one decimal, averages to the paisa, then rupees.
 */
import type { Analytics, AnalyticsPeriod } from '../../src/api/schemas/analytics'
import { paiseToRupees } from './money'
import { IST_OFFSET_MS } from './user-rules'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** The monthly revenue's length. */
export const ANALYTICS_MONTHS = 12

/** Where a period and its comparison lie: [previousFrom, from) and [from, to); the 12 months of the monthly revenue. */
export type AnalyticsBounds = {
  period: AnalyticsPeriod
  from: Date
  to: Date
  previousFrom: Date
  /** Oldest first: 'YYYY-MM' (India) and the month's first instant (00:00 IST on the 1st). */
  months: { month: string; start: Date }[]
}

/** The SQL aggregates the figures are made of (db/queries/analytics.queries.ts); money in paise. */
export type AnalyticsAggregates = {
  /** Rows created in [from, to) and in [previousFrom, from); revenue: completed payments (paise). */
  current: { revenue: number; orders: number; users: number; projects: number }
  previous: { revenue: number; orders: number; users: number; projects: number }
  allTime: { revenue: number; orders: number; users: number; projects: number }
  /** Completed payments per India month ('YYYY-MM' → paise); months without any are absent. */
  monthlyRevenue: Map<string, number>
  /** Orders created in the period that are completed: how many and their total amounts (paise). */
  completed: { orders: number; paise: number }
  /** The best projects by the paise of their completed orders in the period, best first. */
  topProjects: { id: string; title: string; sales: number; paise: number }[]
  /** Customers with a completed order created before `to`, and those of them with more than one. */
  customers: { paying: number; returning: number }
}

const IST_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' })

/** 'YYYY-MM' of `at` in India. */
export function istMonthLabel(at: Date): string {
  const parts = IST_MONTH.formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}`
}

/** `at` shifted `months` calendar months back in India wall-clock time (day overflow rolls forward, as Date.UTC does). */
function istMonthsBefore(at: Date, months: number): Date {
  const local = new Date(at.getTime() + IST_OFFSET_MS)
  return new Date(
    Date.UTC(
      local.getUTCFullYear(),
      local.getUTCMonth() - months,
      local.getUTCDate(),
      local.getUTCHours(),
      local.getUTCMinutes(),
      local.getUTCSeconds(),
      local.getUTCMilliseconds(),
    ) - IST_OFFSET_MS,
  )
}

/** The bounds of `period` at `now` (see the module note). */
export function analyticsBounds(period: AnalyticsPeriod, now: Date): AnalyticsBounds {
  const to = new Date(Math.floor((now.getTime() + IST_OFFSET_MS) / HOUR_MS) * HOUR_MS + HOUR_MS - IST_OFFSET_MS)
  const back = (n: number) =>
    period === '12m' ? istMonthsBefore(to, 12 * n) : new Date(to.getTime() - n * (period === '30d' ? 30 : 90) * DAY_MS)
  const local = new Date(to.getTime() - 1 + IST_OFFSET_MS)
  const months = Array.from({ length: ANALYTICS_MONTHS }, (_, i) => {
    const start = new Date(
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - (ANALYTICS_MONTHS - 1 - i), 1) - IST_OFFSET_MS,
    )
    return { month: istMonthLabel(start), start }
  })
  return { period, from: back(1), to, previousFrom: back(2), months }
}

/** numerator / denominator rounded half away from zero, exactly (safe integers, denominator > 0). */
export function roundedDivision(numerator: number, denominator: number): number {
  return Math.sign(numerator) * Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator))
}

/** part / whole in percent with one decimal; null when whole is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : roundedDivision(part * 1000, whole) / 10
}

/** (current − previous) / previous in percent with one decimal; null when previous is 0 (nothing to compare with). */
export function changePercent(current: number, previous: number): number | null {
  return previous === 0 ? null : roundedDivision((current - previous) * 1000, previous) / 10
}

/** The response's `analytics` from the aggregates of `bounds`: rupees, percents, 12 months with 0 for a month without revenue. */
export function toAnalytics(bounds: AnalyticsBounds, aggregates: AnalyticsAggregates): Analytics {
  const { current, previous, allTime, completed, customers } = aggregates
  const stat = (key: keyof typeof current, value: (n: number) => number = (n) => n) => ({
    value: value(current[key]),
    change: changePercent(current[key], previous[key]),
  })
  return {
    period: bounds.period,
    from: bounds.from.toISOString(),
    to: bounds.to.toISOString(),
    totals: {
      revenue: stat('revenue', paiseToRupees),
      orders: stat('orders'),
      users: stat('users'),
      projects: stat('projects'),
    },
    allTime: { ...allTime, revenue: paiseToRupees(allTime.revenue) },
    monthlyRevenue: bounds.months.map(({ month }) => ({
      month,
      revenue: paiseToRupees(aggregates.monthlyRevenue.get(month) ?? 0),
    })),
    topProjects: aggregates.topProjects.map((p) => ({
      _id: p.id,
      title: p.title,
      sales: p.sales,
      revenue: paiseToRupees(p.paise),
    })),
    conversionRate: percentOf(completed.orders, current.orders),
    averageOrderValue:
      completed.orders === 0 ? null : paiseToRupees(roundedDivision(completed.paise, completed.orders)),
    customerRetention: percentOf(customers.returning, customers.paying),
  }
}
