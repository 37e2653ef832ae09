/**
 * Commission transport (SPEC.md 7 "Commission"): the paged configurations, one create,
 * update and delete, the default configuration (null until created; PUT creates or updates it),
 * the statistics, the create modal's server-searched project picker, and the react-query keys and
 * hooks of /commission. Rates in percent, money in rupees. Every failure is an ApiError
 * (src/api/client.ts): a total other than 100 % is a 400, a second configuration for a project and
 * deleting the default are 409s.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from './client'
import {
  CommissionConfigListResponseSchema,
  CommissionConfigMessageResponseSchema,
  CommissionConfigResponseSchema,
  CommissionDefaultResponseSchema,
  CommissionDeleteResponseSchema,
  CommissionProjectsResponseSchema,
  CommissionStatsResponseSchema,
  type CommissionConfig,
  type CommissionConfigCreateInput,
  type CommissionConfigListResponse,
  type CommissionConfigUpdateInput,
  type CommissionProjectOption,
  type CommissionStats,
} from './schemas/commission'

/** The Configurations tab's filters as the URL carries them ('' = all). */
export interface CommissionConfigFilters {
  search: string
  isActive: '' | 'true' | 'false'
  page: number
}

/** GET /api/commission/configs; empty filters are left out. */
export function fetchCommissionConfigs(
  filters: CommissionConfigFilters,
  signal?: AbortSignal,
): Promise<CommissionConfigListResponse> {
  const query: Record<string, string | number> = { page: filters.page }
  if (filters.search.trim()) query.search = filters.search.trim()
  if (filters.isActive) query.isActive = filters.isActive
  return api.get('/api/commission/configs', CommissionConfigListResponseSchema, { query, signal })
}

/** POST /api/commission/configs → the new configuration (409 when the project already has one). */
export async function createCommissionConfig(
  input: Partial<CommissionConfigCreateInput> & { projectId: string },
): Promise<CommissionConfig> {
  return (await api.post('/api/commission/configs', input, CommissionConfigMessageResponseSchema)).config
}

/** GET /api/commission/configs/{id} → the configuration as stored now (404 → ApiError status 404). */
export async function fetchCommissionConfig(id: string, signal?: AbortSignal): Promise<CommissionConfig> {
  return (await api.get(`/api/commission/configs/${id}`, CommissionConfigResponseSchema, { signal })).config
}

/** PUT /api/commission/configs/{id} with any subset of the fields → the configuration; If-Match `version` when given. */
export async function updateCommissionConfig(
  id: string,
  input: Partial<CommissionConfigUpdateInput>,
  version?: string,
): Promise<CommissionConfig> {
  return (await api.put(`/api/commission/configs/${id}`, input, CommissionConfigMessageResponseSchema, { version }))
    .config
}

/** DELETE /api/commission/configs/{id} → the server's message (409 for the default, or when `version` is stale). */
export async function deleteCommissionConfig(id: string, version?: string): Promise<string> {
  return (await api.del(`/api/commission/configs/${id}`, CommissionDeleteResponseSchema, { version })).message
}

/** GET /api/commission/configs/default → the default configuration, or null when there is none yet. */
export async function fetchDefaultCommissionConfig(signal?: AbortSignal): Promise<CommissionConfig | null> {
  return (await api.get('/api/commission/configs/default', CommissionDefaultResponseSchema, { signal })).config
}

/** PUT /api/commission/configs/default: creates the default (SPEC.md 9 defaults for omitted fields) or updates it. */
export async function saveDefaultCommissionConfig(
  input: Partial<CommissionConfigUpdateInput>,
  version?: string,
): Promise<CommissionConfig> {
  return (await api.put('/api/commission/configs/default', input, CommissionConfigMessageResponseSchema, { version }))
    .config
}

/** GET /api/commission/stats → revenue per party (rupees) and active/inactive configuration counts. */
export async function fetchCommissionStats(signal?: AbortSignal): Promise<CommissionStats> {
  return (await api.get('/api/commission/stats', CommissionStatsResponseSchema, { signal })).stats
}

/** GET /api/commission/projects?search= → the first 20 matching projects, each with the configuration it has (if any). */
export async function searchCommissionProjects(
  search: string,
  signal?: AbortSignal,
): Promise<CommissionProjectOption[]> {
  const query = search.trim() ? { search: search.trim() } : {}
  return (await api.get('/api/commission/projects', CommissionProjectsResponseSchema, { query, signal })).projects
}

export const commissionKeys = {
  all: ['commission'] as const,
  configs: (filters: CommissionConfigFilters) => ['commission', 'configs', filters] as const,
  default: ['commission', 'default'] as const,
  stats: ['commission', 'stats'] as const,
  projects: (search: string) => ['commission', 'projects', search] as const,
}

/** The Configurations tab's current page (the previous page stays on screen while the next loads). */
export function useCommissionConfigs(filters: CommissionConfigFilters) {
  return useQuery({
    queryKey: commissionKeys.configs(filters),
    queryFn: ({ signal }) => fetchCommissionConfigs(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

export function useDefaultCommissionConfig() {
  return useQuery({
    queryKey: commissionKeys.default,
    queryFn: ({ signal }) => fetchDefaultCommissionConfig(signal),
    staleTime: 0,
  })
}

export function useCommissionStats(enabled = true) {
  return useQuery({
    queryKey: commissionKeys.stats,
    queryFn: ({ signal }) => fetchCommissionStats(signal),
    enabled,
    staleTime: 0,
  })
}

/** The project picker's results for `search` (debounced by the caller); `enabled` false keeps it idle. */
export function useCommissionProjectSearch(search: string, enabled: boolean) {
  const q = search.trim()
  return useQuery({
    queryKey: commissionKeys.projects(q),
    queryFn: ({ signal }) => searchCommissionProjects(q, signal),
    enabled,
    staleTime: 10_000,
  })
}

/** After any commission write: configurations, the default, the stats and the picker refetch (SPEC.md 4: saving reloads the data). */
export function invalidateCommission(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: commissionKeys.all })
}
