/**
 * The projects list in SQL (SPEC.md 2 "Projects list", 7 "GET /api/projects"): the WHERE clause
 * of the filters, the order, one page with the table versions its statement saw, and the count
 * with its version. The page cache over these is services/project-list-pages.ts.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { ProjectListQuery } from '../../../src/api/schemas/projects'
import type { Db } from '../client'
import { projects, tableVersions } from '../schema'
import { escapeLike } from '../sql'
import { pageWindow, type ProjectListFilter } from '../../domain/projects/list-query'
import type { VersionedTable } from '../../services/table-versions'
import { projectWithRelations } from './projects.queries'

/**
 * WHERE for the filters. `status` ('active'|'inactive') wins over `includeInactive`; without
 * either only active projects are listed. `search` matches title, description, technologies and
 * tags case-insensitively as a literal substring (served by the trigram index on search_text).
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

/** The version of `table` as of the statement's snapshot (migration 0007). */
const versionOf = (table: VersionedTable) =>
  sql<string>`(SELECT ${tableVersions.version} FROM ${tableVersions} WHERE ${tableVersions.name} = ${table})`

/**
 * The rows of one page with images and owner, each carrying the versions of projects,
 * project_images and users its statement saw. Ids of the page first (an index-only scan of
 * projects_list_cover_idx when filtered by category and status), then the full rows of just those.
 */
export async function selectListPage(db: Db, query: ProjectListQuery) {
  const window = pageWindow(query.page, query.limit)
  const pageIds = db.select({ id: projects.id }).from(projects)
    .where(projectListWhere(query)).orderBy(...projectListOrder).limit(window.limit).offset(window.offset)
  return db.select({ ...projectWithRelations, listVersion: versionOf('projects'),
    imagesVersion: versionOf('project_images'), usersVersion: versionOf('users') }).from(projects)
    .where(inArray(projects.id, pageIds)).orderBy(...projectListOrder)
}

/** The number of projects matching `filter` and the projects version, from one statement (one snapshot). */
export async function countListed(db: Db, filter: ProjectListFilter): Promise<{ total: number; version: string }> {
  const [counted] = await db.select({ total: count(), version: versionOf('projects') }).from(projects)
    .where(projectListWhere(filter))
  return counted
}
