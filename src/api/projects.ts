/**
 * Projects transport (SPEC.md 7 "Projects"): list, get, partial update, delete, bulk delete /
 * verify / update, categories, and the react-query hooks the projects screens read. Money in
 * rupees. Every failure is an ApiError (src/api/client.ts).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from './client'
import { PREFETCH_FRESH_MS, usePagedList } from './paged-list'
import {
  BulkResponseSchema,
  CategoriesResponseSchema,
  ProjectListResponseSchema,
  ProjectMessageResponseSchema,
  ProjectResponseSchema,
  type Project,
  type ProjectListResponse,
  type RiskFilter,
  type VerificationStatus,
} from './schemas/projects'
import type { RowVersions } from './schemas/versions'
import { bulkOutcome, type BulkOutcome } from './bulk-outcome'

/** The list filters as the URL carries them ('' = no filter). `limit` is the page size. */
export interface ProjectListFilters {
  search: string
  /** 'active'/'inactive': published projects; 'draft': unpublished drafts (decision 038). */
  status: '' | 'active' | 'inactive' | 'draft'
  verificationStatus: '' | VerificationStatus
  category: string
  /** By the newest source report (decision 046): secrets found, no licence, high risk, no report yet. */
  risk: '' | RiskFilter
  page: number
  limit: number
}

/** GET /api/projects with includeInactive=true; empty filters are left out of the query. */
export function fetchProjects(filters: ProjectListFilters, signal?: AbortSignal): Promise<ProjectListResponse> {
  const query: Record<string, string | number> = { includeInactive: 'true', page: filters.page, limit: filters.limit }
  if (filters.search.trim()) query.search = filters.search.trim()
  if (filters.status) query.status = filters.status
  if (filters.verificationStatus) query.verificationStatus = filters.verificationStatus
  if (filters.category) query.category = filters.category
  if (filters.risk) query.risk = filters.risk
  return api.get('/api/projects', ProjectListResponseSchema, { query, signal })
}

/** GET /api/projects/{id} → project (404 → ApiError status 404). */
export async function fetchProject(id: string, signal?: AbortSignal): Promise<Project> {
  return (await api.get(`/api/projects/${id}`, ProjectResponseSchema, { signal })).project
}

/**
 * PUT /api/projects/{id} with a partial body (SPEC.md 7) → the updated project. `version` is the
 * updatedAt the edit started from (If-Match): a stale one is a 409 ApiError carrying `conflict`.
 */
export async function updateProject(id: string, body: Record<string, unknown>, version?: string): Promise<Project> {
  return (await api.put(`/api/projects/${id}`, body, ProjectResponseSchema, { version })).project
}

/** DELETE /api/projects/{id}, If-Match `version` when given (409 `version_conflict` when it moved). */
export async function deleteProject(id: string, version?: string): Promise<void> {
  await api.del(`/api/projects/${id}`, ProjectMessageResponseSchema, { version })
}

/** What a bulk delete did: how many went, and the rows kept because they changed since they were listed. */
export interface BulkDeleteOutcome extends BulkOutcome {
  count: number
}

/**
 * POST /api/projects/bulk-delete {ids, versions?, onlyDrafts?}. With `versions` (updatedAt by id)
 * rows that changed since are kept and listed in `conflicts`; `onlyDrafts` deletes only rows that
 * are still drafts (a draft published meanwhile is kept and listed too).
 */
export async function bulkDeleteProjects(
  ids: readonly string[],
  versions?: RowVersions,
  onlyDrafts?: boolean,
): Promise<BulkDeleteOutcome> {
  const body = { ids, ...(versions ? { versions } : {}), ...(onlyDrafts ? { onlyDrafts } : {}) }
  const answer = await api.post('/api/projects/bulk-delete', body, BulkResponseSchema)
  return { count: answer.count, ...bulkOutcome(answer) }
}

/** POST /api/projects/bulk-verify {ids, status, notes, versions?}: notes are required by the server. */
export async function bulkVerifyProjects(
  ids: readonly string[],
  status: VerificationStatus,
  notes: string,
  versions?: RowVersions,
): Promise<BulkOutcome> {
  const body = { ids, status, notes, ...(versions ? { versions } : {}) }
  return bulkOutcome(await api.post('/api/projects/bulk-verify', body, BulkResponseSchema))
}

/** POST /api/projects/bulk-update {ids, isActive, versions?}. */
export async function bulkSetActive(
  ids: readonly string[],
  isActive: boolean,
  versions?: RowVersions,
): Promise<BulkOutcome> {
  const body = { ids, isActive, ...(versions ? { versions } : {}) }
  return bulkOutcome(await api.post('/api/projects/bulk-update', body, BulkResponseSchema))
}

/** GET /api/projects/categories → names found in the data. */
export async function fetchCategories(signal?: AbortSignal): Promise<string[]> {
  return (await api.get('/api/projects/categories', CategoriesResponseSchema, { signal })).categories
}

export const projectKeys = {
  all: ['projects'] as const,
  /** Every page of the list, whatever its filters: what a change to a project makes stale. */
  lists: ['projects', 'list'] as const,
  list: (filters: ProjectListFilters) => ['projects', 'list', filters] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  categories: ['projects', 'categories'] as const,
}

/**
 * The current page of the list; keeps the previous page on screen while the next loads, and
 * prefetches the next page once this one is in, so 'Next' shows at once (then revalidates).
 */
export function useProjectList(filters: ProjectListFilters) {
  return usePagedList(projectListSource, filters)
}
const projectListSource = { key: projectKeys.list, fetch: fetchProjects }

/** Load project `id` into the cache ahead of opening it (the focused row of the list). */
export function prefetchProject(queryClient: QueryClient, id: string): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => fetchProject(id, signal),
    staleTime: PREFETCH_FRESH_MS,
  })
}

export function useProject(id: string) {
  return useQuery({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => fetchProject(id, signal), staleTime: 0 })
}

export function useCategories() {
  return useQuery({
    queryKey: projectKeys.categories,
    queryFn: ({ signal }) => fetchCategories(signal),
    staleTime: 5 * 60_000,
  })
}
