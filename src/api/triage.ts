/**
 * Triage transport (contract src/api/schemas/triage.ts): the queue, one project's
 * bundle with its react-query key (the screen prefetches the next project's), the queue
 * figures of the dashboard, and triage claims (src/api/schemas/live.ts "Claims", decision 043).
 * Decisions go through verifyProject (src/api/verification.ts).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { ApiError, api } from './client'
import {
  CLAIM_RENEW_MS,
  CLAIMED,
  ClaimReleaseResponseSchema,
  ClaimResponseSchema,
  ClaimsResponseSchema,
  type Claim,
} from './schemas/live'
import {
  QUEUE_LIMIT_MAX,
  TriageBundleResponseSchema,
  TriageQueueResponseSchema,
  TriageStatsResponseSchema,
  type QueueSort,
  type TriageBundle,
  type TriageQueueResponse,
  type TriageStats,
} from './schemas/triage'

export const triageKeys = {
  all: ['triage'] as const,
  bundle: (id: string) => ['triage', 'bundle', id] as const,
  stats: ['triage', 'stats'] as const,
  /** The live claims; the event stream invalidates this key on claim events. */
  claims: ['triage', 'claims'] as const,
}

/**
 * GET /api/admin/triage/queue?limit=&category=&sort= → `{ total, queue }`, oldest in the queue
 * first or (`sort` 'risk') lowest risk weight first, unreported last (QUEUE_LIMIT_MAX of them; one
 * category when `category` is not ''); each row with its newest source report's risk.
 */
export async function fetchTriageQueue(
  category = '',
  signal?: AbortSignal,
  sort: QueueSort = 'oldest',
): Promise<Pick<TriageQueueResponse, 'total' | 'claimedByOthers' | 'queue'>> {
  const query = new URLSearchParams({
    limit: String(QUEUE_LIMIT_MAX),
    ...(category ? { category } : {}),
    ...(sort !== 'oldest' ? { sort } : {}),
  })
  const { total, claimedByOthers, queue } = await api.get(
    `/api/admin/triage/queue?${query}`,
    TriageQueueResponseSchema,
    {
      signal,
    },
  )
  return { total, claimedByOthers, queue }
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

/** A claim refused because another moderator holds the project: their claim. */
export class ClaimedError extends ApiError {
  constructor(readonly claim: Claim) {
    super(409, `${claim.moderator.name} is reviewing this project`, undefined, CLAIMED)
    this.name = 'ClaimedError'
  }
}

/** True for a refused claim (ClaimedError). */
export const isClaimedError = (error: unknown): error is ClaimedError => error instanceof ClaimedError

const claimPath = (id: string) => `/api/admin/triage/projects/${id}/claim`

/**
 * POST /api/admin/triage/projects/{id}/claim: claim or renew the project for the signed-in
 * moderator → the claim. A 409 `claimed` is thrown as ClaimedError with the holder's claim, read
 * from GET /claims (the client's errors keep the message and code, not the body's claim); other
 * failures as ApiError (404 unknown project).
 */
export async function claimTriageProject(id: string): Promise<Claim> {
  try {
    return (await api.post(claimPath(id), undefined, ClaimResponseSchema)).claim
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== CLAIMED) throw error
    const holder = (await fetchTriageClaims()).find((c) => c.projectId === id)
    // Released between the two requests: the project is free again, so claim it once more.
    if (!holder) return (await api.post(claimPath(id), undefined, ClaimResponseSchema)).claim
    throw new ClaimedError(holder)
  }
}

/**
 * DELETE /api/admin/triage/projects/{id}/claim: release the signed-in moderator's claim. Sent
 * with keepalive, so it still goes out when the page or the screen is being left.
 */
export async function releaseTriageClaim(id: string): Promise<void> {
  await api.del(claimPath(id), ClaimReleaseResponseSchema, { keepalive: true })
}

/** GET /api/admin/triage/claims → the live claims. */
export async function fetchTriageClaims(signal?: AbortSignal): Promise<Claim[]> {
  return (await api.get('/api/admin/triage/claims', ClaimsResponseSchema, { signal })).claims
}

/** The claims by project id; one function for every render, so react-query keeps its result until the claims change. */
const claimsByProject = (claims: Claim[]): ReadonlyMap<string, Claim> => new Map(claims.map((c) => [c.projectId, c]))

/**
 * The live claims by project id (refetched on window focus and every CLAIM_RENEW_MS; claim
 * events invalidate triageKeys.claims).
 */
export function useTriageClaims() {
  return useQuery({
    queryKey: triageKeys.claims,
    queryFn: ({ signal }) => fetchTriageClaims(signal),
    refetchOnWindowFocus: true,
    refetchInterval: CLAIM_RENEW_MS,
    select: claimsByProject,
  })
}
