/**
 * Triage transport (contract src/api/schemas/triage.ts): the queue, one project's
 * bundle with its react-query key (the screen prefetches the next project's), and the queue
 * figures of the dashboard. Decisions go through verifyProject (src/api/verification.ts).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from './client'
import {
  QUEUE_LIMIT_MAX,
  TriageBundleResponseSchema,
  TriageQueueResponseSchema,
  TriageStatsResponseSchema,
  type TriageBundle,
  type TriageQueueResponse,
  type TriageStats,
} from './schemas/triage'

export const triageKeys = {
  all: ['triage'] as const,
  bundle: (id: string) => ['triage', 'bundle', id] as const,
  stats: ['triage', 'stats'] as const,
}

/**
 * GET /api/admin/triage/queue?limit=&category= → `{ total, queue }`, oldest in the queue first
 * (QUEUE_LIMIT_MAX of them; one category when `category` is not '').
 */
export async function fetchTriageQueue(
  category = '',
  signal?: AbortSignal,
): Promise<Pick<TriageQueueResponse, 'total' | 'queue'>> {
  const query = new URLSearchParams({ limit: String(QUEUE_LIMIT_MAX), ...(category ? { category } : {}) })
  const { total, queue } = await api.get(`/api/admin/triage/queue?${query}`, TriageQueueResponseSchema, { signal })
  return { total, queue }
}

/** GET /api/admin/triage/projects/{id} → the triage bundle (ApiError 404 for an unknown project). */
export async function fetchTriageBundle(id: string, signal?: AbortSignal): Promise<TriageBundle> {
  return (await api.get(`/api/admin/triage/projects/${id}`, TriageBundleResponseSchema, { signal })).bundle
}

const bundleQuery = (id: string) => ({
  queryKey: triageKeys.bundle(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchTriageBundle(id, signal),
  staleTime: 30_000,
})

/** The bundle of `id` (disabled for null). */
export function useTriageBundle(id: string | null) {
  return useQuery({ ...bundleQuery(id ?? ''), enabled: !!id })
}

/** Load the bundle of `id` ahead (the next project of the queue). */
export function prefetchTriageBundle(queryClient: QueryClient, id: string): Promise<void> {
  return queryClient.prefetchQuery(bundleQuery(id))
}

/** GET /api/admin/triage/stats → the queue figures. */
export async function fetchTriageStats(signal?: AbortSignal): Promise<TriageStats> {
  return (await api.get('/api/admin/triage/stats', TriageStatsResponseSchema, { signal })).stats
}

/** The queue figures (refetched every minute while shown). */
export function useTriageStats() {
  return useQuery({
    queryKey: triageKeys.stats,
    queryFn: ({ signal }) => fetchTriageStats(signal),
    refetchInterval: 60_000,
  })
}
