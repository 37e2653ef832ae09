/**
 * Dashboard stats (SPEC.md 2 "Dashboard", 7 "Dashboard"): the fetch and the react-query hook the
 * view uses. Money in the result is in rupees.
 */
import { useQuery } from '@tanstack/react-query'
import { api } from './client'
import { DashboardStatsResponseSchema, type DashboardStats } from './schemas/dashboard'

/** GET /api/admin/dashboard/stats → stats. */
export async function fetchDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  const res = await api.get('/api/admin/dashboard/stats', DashboardStatsResponseSchema, { signal })
  return res.stats
}

export const dashboardKeys = { stats: ['dashboard', 'stats'] as const }

/** The dashboard's server state: `{ data, error, isPending, refetch }` from react-query. */
export function useDashboardStats() {
  return useQuery({ queryKey: dashboardKeys.stats, queryFn: ({ signal }) => fetchDashboardStats(signal) })
}
