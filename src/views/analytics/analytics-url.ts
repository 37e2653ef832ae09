/**
 * The analytics screen's state in the URL query (bookmarkable): ?period=30d|90d|12m.
 * An unknown or missing period is the contract's default (30d), which is left out of the URL.
 */
import { ANALYTICS_PERIOD_DEFAULT, ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../api/schemas/analytics'
import { oneOf } from '../../lib/list-url'

/** The period selector's labels: '30 days', '90 days', '12 months'. */
export const PERIOD_SHORT_LABELS: Readonly<Record<AnalyticsPeriod, string>> = {
  '30d': '30 days',
  '90d': '90 days',
  '12m': '12 months',
}

/** The period of `location.search` (with or without '?'). */
export function parseAnalyticsSearch(search: string): AnalyticsPeriod {
  return oneOf(new URLSearchParams(search).get('period'), ANALYTICS_PERIODS) || ANALYTICS_PERIOD_DEFAULT
}

/** The screen's address for `period`: '/analytics', or '/analytics?period=90d'. */
export function analyticsPath(period: AnalyticsPeriod): string {
  return period === ANALYTICS_PERIOD_DEFAULT ? '/analytics' : `/analytics?period=${period}`
}
