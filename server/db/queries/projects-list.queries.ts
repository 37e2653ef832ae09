/**
 * The projects list in SQL (SPEC.md 2 "Projects list", 7 "GET /api/projects"): the WHERE clause
 * of the filters, the order, one page with the table versions its statement saw, and the count
 * with its version. The page cache over these is services/project-list-pages.ts.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { ProjectListQuery } from '../../../src/api/schemas/projects'
import type { Db } from '../client'
import { projectListCounts, projectSearch, projects, tableVersions } from '../schema'
import { escapeLike } from '../sql'
import { pageWindow, type ProjectListFilter } from '../../domain/projects/list-query'
import type { VersionedTable } from '../../services/table-versions'
import { projectWithRelations } from './projects.queries'

/** The columns the non-search filters test: on projects, on project_search (0029), or on the per-group counts of 0013. */
type FilterColumns = {
  isActive: typeof projects.isActive | typeof projectSearch.isActive | typeof projectListCounts.isActive
  category: typeof projects.category | typeof projectSearch.category | typeof projectListCounts.category
  verificationStatus: typeof projects.verificationStatus | typeof projectSearch.verificationStatus
    | typeof projectListCounts.verificationStatus
}

/** The conditions of the filters other than `search` over `columns` (see projectListWhere). */
function groupConditions(filter: ProjectListFilter, columns: FilterColumns): SQL[] {
  const conditions: SQL[] = []
  if (filter.status === 'active') conditions.push(eq(columns.isActive, true))
  else if (filter.status === 'inactive') conditions.push(eq(columns.isActive, false))
  else if (!filter.includeInactive) conditions.push(eq(columns.isActive, true))
  if (filter.category) conditions.push(eq(columns.category, filter.category))
  if (filter.verificationStatus) conditions.push(eq(columns.verificationStatus, filter.verificationStatus))
  return conditions
}

/** `%term%` as a lower-cased LIKE pattern matching `term` literally. */
const containsPattern = (term: string) => sql`lower(${`%${escapeLike(term)}%`})`

/**
 * project_search rows whose searchable text (title, description, technologies, tags) matches the
 * LIKE `pattern`, which must be lower-case: the text is stored lower-cased, so a case-sensitive
 * LIKE does it (cheaper per row than ILIKE). The trigram index serves patterns with 3+ characters
 * between wildcards.
 */
const textMatches = (pattern: SQL | string) => sql`${projectSearch.searchText} LIKE ${pattern}`

/**
 * `projects.id` is one of the projects whose searchable text matches the lower-case LIKE
 * `pattern` (project_search, migration 0029): for searches that also test columns of projects
 * (the commission picker's title, the audit log's project search).
 */
export function projectTextMatches(pattern: SQL | string): SQL {
  return sql`${projects.id} IN (SELECT ${projectSearch.projectId} FROM ${projectSearch} WHERE ${textMatches(pattern)})`
}

/** project_search rows whose searchable text contains `term` case-insensitively as a literal substring. */
export function projectTextContains(term: string): SQL {
  return textMatches(containsPattern(term))
}

/**
 * WHERE for the filters: without a search over projects, with one (trimmed, non-empty) over
 * project_search, whose copied columns the same rules test. `status` ('active'|'inactive') wins
 * over `includeInactive`; without either only active projects are listed. `search` matches
 * title, description, technologies and tags case-insensitively as a literal substring
 * (projectTextContains).
 */
export function projectListWhere(filter: ProjectListFilter): SQL | undefined {
  const term = filter.search.trim()
  const conditions = term ? [...groupConditions(filter, projectSearch), projectTextContains(term)] : groupConditions(filter, projects)
  return conditions.length ? and(...conditions) : undefined
}

/** Newest first; the id (UUIDv7) breaks ties so pages never overlap. */
export const projectListOrder = [desc(projects.createdAt), desc(projects.id)] as const

/** The version of `table` as of the statement's snapshot (migration 0007). */
const versionOf = (table: VersionedTable) =>
  sql<string>`(SELECT ${tableVersions.version} FROM ${tableVersions} WHERE ${tableVersions.name} = ${table})`

/**
 * The rows of one page with images and owner, each carrying the versions of projects,
 * project_images and users its statement saw. Ids of the page first (without a search from
 * projects, an index-only scan of projects_list_cover_idx when filtered by category and status;
 * with one from project_search, in the same order), then the full rows of just those.
 */
export async function selectListPage(db: Db, query: ProjectListQuery) {
  const window = pageWindow(query.page, query.limit)
  const term = query.search.trim()
  const pageIds = term
    ? db.select({ id: projectSearch.projectId }).from(projectSearch).where(projectListWhere(query))
      .orderBy(desc(projectSearch.createdAt), desc(projectSearch.projectId)).limit(window.limit).offset(window.offset)
    : db.select({ id: projects.id }).from(projects)
      .where(projectListWhere(query)).orderBy(...projectListOrder).limit(window.limit).offset(window.offset)
  return db.select({ ...projectWithRelations, listVersion: versionOf('projects'),
    imagesVersion: versionOf('project_images'), usersVersion: versionOf('users') }).from(projects)
    .where(inArray(projects.id, pageIds)).orderBy(...projectListOrder)
}

/**
 * The number of projects matching `filter` and the projects version, from one statement (one
 * snapshot). Without a search the total is the sum of the matching groups of
 * `project_list_counts` (migration 0013: a few dozen rows kept exact by triggers); with one, an
 * exact count(*) over project_search (migration 0029).
 */
export async function countListed(db: Db, filter: ProjectListFilter): Promise<{ total: number; version: string }> {
  const term = filter.search.trim()
  if (!term) {
    const conditions = groupConditions(filter, projectListCounts)
    const [summed] = await db.select({ total: sql<number>`coalesce(sum(${projectListCounts.n}), 0)::int`,
      version: versionOf('projects') }).from(projectListCounts)
      .where(conditions.length ? and(...conditions) : undefined)
    return summed
  }
  const [counted] = await db.select({ total: count(), version: versionOf('projects') }).from(projectSearch)
    .where(projectListWhere(filter))
  return counted
}
