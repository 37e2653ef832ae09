/**
 * Analytics contract (SPEC.md 2 "Analytics"): real figures, not
 * samples. Money in rupees; percentages as numbers with at most one decimal (12.5 = 12.5 %).
 *
 * Definitions (the server computes each by SQL; the screen shows them as tooltips):
 * - Period: the last 30 or 90 days, or 12 months, ending at the end of the current hour in India
 *   (`to`: now is inside, and a period's figures stay the same for the rest of that hour); "change"
 *   compares with the period of the same length just before it: (current − previous) / previous ×
 *   100, null when the previous period has nothing to compare with (0).
 * - Revenue: the sum of completed payments created in the period, as on the dashboard (refunded,
 *   failed and pending payments are not revenue).
 * - Orders, users, projects: the ones created in the period (the card's value); their totals of all
 *   time are in `allTime`.
 * - Monthly revenue: completed payments per calendar month in India (Asia/Kolkata) for the last 12
 *   months including the current one, oldest first; a month without revenue is 0, never missing.
 * - Top performing projects: by revenue of completed orders placed in the period (their total
 *   amounts; title, completed sales, revenue), at most ANALYTICS_TOP_PROJECTS.
 * - Conversion rate: completed orders over orders placed in the period, percent. The marketplace
 *   records no page views or visits, so this is order completion, not visitor conversion.
 * - Average order value: the total amounts of the completed orders placed in the period over their
 *   number, rupees.
 * - Customer retention: the share of customers with at least one completed order (ever, up to the
 *   end of the period) who have more than one, percent.
 */
import * as v from 'valibot'
import { IsoDateSchema } from './common'

export const ANALYTICS_PERIODS = ['30d', '90d', '12m'] as const
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]
export const ANALYTICS_PERIOD_LABELS: Readonly<Record<AnalyticsPeriod, string>> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
}
export const ANALYTICS_PERIOD_DEFAULT: AnalyticsPeriod = '30d'
export const ANALYTICS_TOP_PROJECTS = 5

/** GET /api/admin/analytics?period= (default 30d). */
export const AnalyticsQuerySchema = v.object({
  period: v.optional(
    v.picklist(ANALYTICS_PERIODS, `Period must be one of ${ANALYTICS_PERIODS.join(', ')}`),
    ANALYTICS_PERIOD_DEFAULT,
  ),
})

/** A stat card: the period's value and its change against the previous period (percent; null: nothing to compare). */
const StatSchema = v.object({ value: v.number(), change: v.nullable(v.number()) })

export const AnalyticsSchema = v.object({
  period: v.picklist(ANALYTICS_PERIODS),
  /** The period's bounds: [from, to). */
  from: IsoDateSchema,
  to: IsoDateSchema,
  /** Revenue in rupees; orders, users, projects are counts. */
  totals: v.object({ revenue: StatSchema, orders: StatSchema, users: StatSchema, projects: StatSchema }),
  /** All-time counts and revenue (rupees), for context beside the period's figures. */
  allTime: v.object({ revenue: v.number(), orders: v.number(), users: v.number(), projects: v.number() }),
  /** 12 entries, oldest first; `month` is 'YYYY-MM' (India time); revenue in rupees, 0 for a month without any. */
  monthlyRevenue: v.array(v.object({ month: v.string(), revenue: v.number() })),
  topProjects: v.array(v.object({ _id: v.string(), title: v.string(), sales: v.number(), revenue: v.number() })),
  /** Percent, one decimal; null when no orders were placed in the period. */
  conversionRate: v.nullable(v.number()),
  /** Rupees; null when no order was completed in the period. */
  averageOrderValue: v.nullable(v.number()),
  /** Percent, one decimal; null when no customer has a completed order. */
  customerRetention: v.nullable(v.number()),
})
export type Analytics = v.InferOutput<typeof AnalyticsSchema>
export const AnalyticsResponseSchema = v.object({ success: v.literal(true), analytics: AnalyticsSchema })
