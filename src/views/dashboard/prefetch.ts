/**
 * What a cold load of / or a move to the dashboard fetches before the screen has rendered: the
 * dashboard's stats and the verification queue's figures, with the keys and query functions the
 * screen reads (`useDashboardStats`, `useTriageStats`), so it draws once, complete (src/routes.tsx).
 */
import { dashboardKeys, fetchDashboardStats } from '../../api/dashboard'
import { firstQuery, loadUncached } from '../../api/query-client'
import { fetchTriageStats, triageKeys } from '../../api/triage'

/** Starts loading what the dashboard shows where the cache lacks it, settling once answered (undefined: all cached); failures are left to the screen. */
export function prefetchDashboard(): Promise<unknown> | undefined {
  return loadUncached([
    firstQuery(dashboardKeys.stats, ({ signal }) => fetchDashboardStats(signal)),
    firstQuery(triageKeys.stats, ({ signal }) => fetchTriageStats(signal)),
  ])
}
