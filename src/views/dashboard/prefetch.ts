/**
 * What a cold load of / or a move to the dashboard fetches before the screen has rendered, with
 * the keys and query functions the screen reads: the dashboard's stats, which the move waits for
 * so the screen draws once, complete (src/routes.tsx), and the verification queue's figures, which
 * it does not: they load on their own (queue-figures.tsx), and over a large queue their answer can
 * take longer than the stats'.
 */
import { dashboardKeys, fetchDashboardStats } from '../../api/dashboard'
import { firstQuery, loadUncached } from '../../api/query-client'
import { fetchTriageStats, triageKeys } from '../../api/triage'

/** Starts loading what the dashboard shows where the cache lacks it, settling once its stats have answered (undefined: cached); failures are left to the screen. */
export function prefetchDashboard(): Promise<unknown> | undefined {
  void loadUncached([firstQuery(triageKeys.stats, ({ signal }) => fetchTriageStats(signal))])
  return loadUncached([firstQuery(dashboardKeys.stats, ({ signal }) => fetchDashboardStats(signal))])
}
