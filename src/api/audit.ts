/**
 * Audit log transport (contract src/api/schemas/audit.ts): the keyset-paged list and the
 * facets, with the react-query keys and hooks of the /audit screen and of the audit trail on the
 * project and user pages. A failed load is an ApiError shown with Retry (DESIGN.md).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api } from './client'
import {
  AuditFacetsResponseSchema,
  AuditListResponseSchema,
  type AuditFacets,
  type AuditFilters,
  type AuditListResponse,
} from './schemas/audit'
import { CURSOR_PAGE } from './schemas/orders'

/** The filters as query parameters, empty ones left out. */
export function auditFilterQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query[key] = value.trim()
  return query
}

/** GET /api/admin/audit: one page after `cursor` ('' for the first), newest first. */
export function fetchAudit(
  filters: AuditFilters,
  cursor = '',
  limit: number = CURSOR_PAGE.default,
  signal?: AbortSignal,
): Promise<AuditListResponse> {
  const query: Record<string, string | number> = { ...auditFilterQuery(filters), limit }
  if (cursor) query.cursor = cursor
  return api.get('/api/admin/audit', AuditListResponseSchema, { query, signal })
}

/** GET /api/admin/audit/facets → entity types, actions and admins in the log. */
export async function fetchAuditFacets(signal?: AbortSignal): Promise<AuditFacets> {
  const { entityTypes, actions, actors } = await api.get('/api/admin/audit/facets', AuditFacetsResponseSchema, {
    signal,
  })
  return { entityTypes, actions, actors }
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, limit: number, version = '') => ['audit', 'list', filters, limit, version] as const,
  facets: ['audit', 'facets'] as const,
}

/**
 * Every matching entry, page by page as the list scrolls (`limit` per page). `version` (e.g. the
 * record's updatedAt) is part of the key, so a trail refetches when its record changes.
 */
export function useAuditList(filters: AuditFilters, limit: number = CURSOR_PAGE.default, version = '') {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters, limit, version),
    queryFn: ({ pageParam, signal }) => fetchAudit(filters, pageParam, limit, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
    staleTime: 0,
  })
}

/** The filter menus' values; kept a minute (new actions are rare). */
export function useAuditFacets() {
  return useQuery({ queryKey: auditKeys.facets, queryFn: ({ signal }) => fetchAuditFacets(signal), staleTime: 60_000 })
}
