/**
 * Analytics transport (SPEC.md 2 "/analytics"): the figures of one period and the
 * react-query hook of the screen. Money in rupees; definitions in src/api/schemas/analytics.ts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from './client'
import { AnalyticsResponseSchema, type Analytics, type AnalyticsPeriod } from './schemas/analytics'

/** GET /api/admin/analytics?period= → the figures. */
export async function fetchAnalytics(period: AnalyticsPeriod, signal?: AbortSignal): Promise<Analytics> {
  return (await api.get('/api/admin/analytics', AnalyticsResponseSchema, { query: { period }, signal })).analytics
}

export const analyticsKeys = { period: (period: AnalyticsPeriod) => ['analytics', period] as const }

/** The period's figures; the previous period's stay on screen while another loads. */
export function useAnalytics(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.period(period),
    queryFn: ({ signal }) => fetchAnalytics(period, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}
