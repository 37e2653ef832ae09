/**
 * What a cold load of /analytics fetches before the screen has run: the URL's period with the key
 * and query function `useAnalytics` uses, so the screen finds it in the cache, and the chart's
 * chunk (recharts), so the chart draws with the figures. Started by the route table
 * (src/routes.tsx) alongside the session restore.
 */
import { analyticsKeys, fetchAnalytics } from '../../api/analytics'
import { queryClient } from '../../api/query-client'
import { parseAnalyticsSearch } from './analytics-url'
import { RevenueChart } from './components/revenue-chart-lazy'

/** Starts loading what `search` (location.search) shows; failures are left to the screen. */
export function prefetchAnalytics(search: string): Promise<unknown> {
  const period = parseAnalyticsSearch(search)
  return Promise.all([
    queryClient.prefetchQuery({
      queryKey: analyticsKeys.period(period),
      queryFn: ({ signal }) => fetchAnalytics(period, signal),
    }),
    RevenueChart.preload(),
  ])
}
