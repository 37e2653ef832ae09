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
  type VerificationStatus,
} from './schemas/projects'
import type { UndoTicket } from './schemas/undo'

/** The list filters as the URL carries them ('' = no filter). `limit` is the page size. */
export interface ProjectListFilters {
  search: string
  /** 'active'/'inactive': published projects; 'draft': unpublished drafts (decision 038). */
  status: '' | 'active' | 'inactive' | 'draft'
  verificationStatus: '' | VerificationStatus
  category: string
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
  return api.get('/api/projects', ProjectListResponseSchema, { query, signal })
}

/** GET /api/projects/{id} → project (404 → ApiError status 404). */
export async function fetchProject(id: string, signal?: AbortSignal): Promise<Project> {
  return (await api.get(`/api/projects/${id}`, ProjectResponseSchema, { signal })).project
}

/** PUT /api/projects/{id} with a partial body (SPEC.md 7) → the updated project. */
export async function updateProject(id: string, body: Record<string, unknown>): Promise<Project> {
  return (await api.put(`/api/projects/${id}`, body, ProjectResponseSchema)).project
}

/** DELETE /api/projects/{id}. */
export async function deleteProject(id: string): Promise<void> {
  await api.del(`/api/projects/${id}`, ProjectMessageResponseSchema)
}

/** POST /api/projects/bulk-delete {ids}: all or nothing. Returns how many were deleted. */
export async function bulkDeleteProjects(ids: readonly string[]): Promise<number> {
  return (await api.post('/api/projects/bulk-delete', { ids }, BulkResponseSchema)).count
}

/** POST /api/projects/bulk-verify {ids, status, notes}: notes are required by the server. */
export async function bulkVerifyProjects(
  ids: readonly string[],
  status: VerificationStatus,
  notes: string,
): Promise<UndoTicket | null> {
  return (await api.post('/api/projects/bulk-verify', { ids, status, notes }, BulkResponseSchema)).undo ?? null
}

/** POST /api/projects/bulk-update {ids, isActive}. */
export async function bulkSetActive(ids: readonly string[], isActive: boolean): Promise<UndoTicket | null> {
  return (await api.post('/api/projects/bulk-update', { ids, isActive }, BulkResponseSchema)).undo ?? null
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
