/**
 * The projects list's pure rules (SPEC.md 2 "Projects list", 7 "GET /api/projects"): which
 * fields filter and the pagination arithmetic. The SQL is in
 * db/queries/projects-list.queries.ts.
 */
import type { ProjectListQuery } from '../../../src/api/schemas/projects'

/** The filter part of the list query; `page`/`limit` are handled by `pageWindow`. */
export type ProjectListFilter = Pick<
  ProjectListQuery,
  'includeInactive' | 'search' | 'category' | 'verificationStatus' | 'status' | 'risk'
>

/** Offset/limit of a 1-based page. */
export function pageWindow(page: number, limit: number): { offset: number; limit: number } {
  return { offset: (page - 1) * limit, limit }
}

/** SPEC.md 3 "Projects pagination"; `totalPages` is 0 when there is nothing to list. */
export function pagination(totalProjects: number, page: number, limit: number) {
  return { currentPage: page, totalPages: Math.ceil(totalProjects / limit), totalProjects }
}
