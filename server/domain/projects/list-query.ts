/**
 * The projects list query (SPEC.md 2 "Projects list", 7 "GET /api/projects"): the WHERE clause for
 * the filters, the sort, and the pagination arithmetic. Pure: builds drizzle SQL, runs nothing.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { ProjectListQuery } from '../../../src/api/schemas/projects'
import { projects } from '../../db/schema'
import { escapeLike } from '../../db/sql'

/** The filter part of the list query; `page`/`limit` are handled by `pageWindow`. */
export type ProjectListFilter = Pick<
  ProjectListQuery, 'includeInactive' | 'search' | 'category' | 'verificationStatus' | 'status'
>

/**
 * WHERE for the filters. `status` ('active'|'inactive') wins over `includeInactive`; without
 * either only active projects are listed. `search` matches title, description, technologies and
 * tags case-insensitively as a literal substring (served by the trigram index on search_text).
 * The count for a filter is cached by `countKey` (see count-cache.ts).
 */
export function projectListWhere(filter: ProjectListFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.status === 'active') conditions.push(eq(projects.isActive, true))
  else if (filter.status === 'inactive') conditions.push(eq(projects.isActive, false))
  else if (!filter.includeInactive) conditions.push(eq(projects.isActive, true))
  if (filter.category) conditions.push(eq(projects.category, filter.category))
  if (filter.verificationStatus) conditions.push(eq(projects.verificationStatus, filter.verificationStatus))
  const term = filter.search.trim()
  // search_text is stored lower-cased, so a case-sensitive LIKE of the lower-cased term does it
  // (cheaper per row than ILIKE; the gin_trgm_ops index serves both).
  if (term) conditions.push(sql`${projects.searchText} like lower(${`%${escapeLike(term)}%`})`)
  return conditions.length ? and(...conditions) : undefined
}

/** Newest first; the id (UUIDv7) breaks ties so pages never overlap. */
export const projectListOrder = [desc(projects.createdAt), desc(projects.id)] as const

/** Offset/limit of a 1-based page. */
export function pageWindow(page: number, limit: number): { offset: number; limit: number } {
  return { offset: (page - 1) * limit, limit }
}

/** SPEC.md 3 "Projects pagination"; `totalPages` is 0 when there is nothing to list. */
export function pagination(totalProjects: number, page: number, limit: number) {
  return { currentPage: page, totalPages: Math.ceil(totalProjects / limit), totalProjects }
}

/** Cache key of a filter's count: the normalised filter fields only (page and limit do not count). */
export function countKey(filter: ProjectListFilter): string {
  const active = filter.status || (filter.includeInactive ? 'all' : 'active')
  return JSON.stringify([active, filter.category, filter.verificationStatus, filter.search.trim().toLowerCase()])
}
