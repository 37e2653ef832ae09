/**
 * Users transport (SPEC.md 7 "Users"): the filtered list, stats, one user, the
 * per-group partial update, status, Add User, bulk activate/deactivate, the audited bank-account
 * reveal, and the react-query keys and hooks the users screens, the owner picker and the palette's
 * `@` search read. Rates in percent. Every failure is an ApiError (src/api/client.ts); a sensitive
 * change may answer 403 `code: 'step_up_required'` (src/api/step-up.ts).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from './client'
import { PREFETCH_FRESH_MS, usePagedList } from './paged-list'
import {
  BankAccountRevealResponseSchema,
  UserBulkResponseSchema,
  UserListResponseSchema,
  UserMessageResponseSchema,
  UserResponseSchema,
  UserStatsResponseSchema,
  type CreateUserInput,
  type UserDetail,
  type UserListResponse,
  type UserRole,
  type UserStats,
  type UserSummary,
} from './schemas/users'
import type { RowVersions } from './schemas/versions'
import { bulkOutcome, type BulkOutcome } from './bulk-outcome'

/** The list filters as the URL carries them ('' = all). `limit` is the page size. */
export interface UserListFilters {
  search: string
  role: '' | UserRole
  status: '' | 'active' | 'inactive'
  page: number
  limit: number
}

/** GET /api/users; empty filters are left out of the query. */
export function fetchUsers(filters: UserListFilters, signal?: AbortSignal): Promise<UserListResponse> {
  const query: Record<string, string | number> = { page: filters.page, limit: filters.limit }
  if (filters.search.trim()) query.search = filters.search.trim()
  if (filters.role) query.role = filters.role
  if (filters.status) query.status = filters.status
  return api.get('/api/users', UserListResponseSchema, { query, signal })
}

/** GET /api/users/stats → overview {totalUsers, totalAdmins, totalAgents, newUsersThisMonth}. */
export async function fetchUserStats(signal?: AbortSignal): Promise<UserStats> {
  return (await api.get('/api/users/stats', UserStatsResponseSchema, { signal })).stats
}

/** GET /api/users/{id} → the user, bank account masked (404 → ApiError status 404). */
export async function fetchUser(id: string, signal?: AbortSignal): Promise<UserDetail> {
  return (await api.get(`/api/users/${id}`, UserResponseSchema, { signal })).user
}

/**
 * PUT /api/users/{id} with one group's partial body (schemas/users.ts UserUpdateGroupSchemas) → the
 * user. `version`: the updatedAt the edit started from (If-Match; stale → 409 with `conflict`).
 */
export async function updateUser(id: string, body: Record<string, unknown>, version?: string): Promise<UserDetail> {
  return (await api.put(`/api/users/${id}`, body, UserMessageResponseSchema, { version })).user
}

/** PUT /api/users/{id}/status {status} → the user; If-Match `version` when given. */
export async function setUserStatus(id: string, status: 'active' | 'inactive', version?: string): Promise<UserDetail> {
  return (await api.put(`/api/users/${id}/status`, { status }, UserMessageResponseSchema, { version })).user
}

/** POST /api/users ('Add User') → the new user. A taken e-mail is a 409 ApiError. */
export async function createUser(
  input: Partial<CreateUserInput> & { name: string; email: string },
): Promise<UserDetail> {
  return (await api.post('/api/users', input, UserMessageResponseSchema)).user
}

/** PUT /api/users/bulk-update {userIds, action, versions?}: rows changed since listed are left out and reported. */
export async function bulkUpdateUsers(
  userIds: readonly string[],
  action: 'activate' | 'deactivate',
  versions?: RowVersions,
): Promise<BulkOutcome> {
  const body = { userIds, action, ...(versions ? { versions } : {}) }
  return bulkOutcome(await api.put('/api/users/bulk-update', body, UserBulkResponseSchema))
}

/** POST /api/users/{id}/bank-details/reveal → the full account number ('' when none). Audited; may need step-up. */
export async function revealBankAccount(id: string): Promise<string> {
  return (await api.post(`/api/users/${id}/bank-details/reveal`, undefined, BankAccountRevealResponseSchema))
    .accountNumber
}

/** Users matching `search` (name, e-mail or phone), first 20: the owner picker and the palette's `@` search. */
export async function searchUsers(search: string, signal?: AbortSignal): Promise<UserSummary[]> {
  return (await fetchUsers({ search, role: '', status: '', page: 1, limit: 20 }, signal)).users
}

export const userKeys = {
  all: ['users'] as const,
  list: (filters: UserListFilters) => ['users', 'list', filters] as const,
  stats: ['users', 'stats'] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
  search: (q: string) => ['users', 'search', q] as const,
}

/** The current page; keeps the previous page on screen while the next loads and prefetches the next one. */
export function useUserList(filters: UserListFilters) {
  return usePagedList(userListSource, filters)
}
const userListSource = { key: userKeys.list, fetch: fetchUsers }

/** The stats cards; a failure is only logged by the view (SPEC.md 8). */
export function useUserStats() {
  return useQuery({ queryKey: userKeys.stats, queryFn: ({ signal }) => fetchUserStats(signal), staleTime: 0 })
}

export function useUser(id: string) {
  return useQuery({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => fetchUser(id, signal), staleTime: 0 })
}

/** Load user `id` into the cache ahead of opening it (the focused row of the list). */
export function prefetchUser(queryClient: QueryClient, id: string): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => fetchUser(id, signal),
    staleTime: PREFETCH_FRESH_MS,
  })
}

/** After any user write: lists, stats and searches refetch; `user` (when given) replaces its cached detail. */
export function invalidateUsers(queryClient: QueryClient, user?: UserDetail): Promise<void> {
  if (user) queryClient.setQueryData(userKeys.detail(user._id), user)
  return queryClient.invalidateQueries({
    queryKey: userKeys.all,
    predicate: (q) => !user || q.queryKey[2] !== user._id,
  })
}

/** Users search for the owner picker and the palette's `@` group; `enabled` false keeps it idle. */
export function useUserSearch(query: string, enabled: boolean) {
  const q = query.trim()
  return useQuery({
    queryKey: userKeys.search(q),
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled,
    staleTime: 10_000,
  })
}
