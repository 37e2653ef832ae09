/**
 * What a cold load of /analytics fetches before the screen has run: the URL's period with the key
 * and query function `useAnalytics` uses, so the screen finds it in the cache, and the chart's
 * chunk (recharts), so the chart draws with the figures. Started by the route table
 * (src/routes.tsx) alongside the session restore.
 */
import { analyticsKeys, fetchAnalytics } from '../../api/analytics'
import { firstQuery, loadUncached } from '../../api/query-client'
import { parseAnalyticsSearch } from './analytics-url'
import { RevenueChart } from './components/revenue-chart-lazy'

/** Starts loading what `search` (location.search) shows where the cache lacks it, settling once answered (undefined: all cached); failures are left to the screen. */
export function prefetchAnalytics(search: string): Promise<unknown> | undefined {
  const period = parseAnalyticsSearch(search)
  const chart = RevenueChart.isLoaded() ? undefined : RevenueChart.preload()
  const data = loadUncached([firstQuery(analyticsKeys.period(period), ({ signal }) => fetchAnalytics(period, signal))])
  return chart || data ? Promise.all([chart, data]) : undefined
}
