/**
 * Projects-list pages (SPEC.md 7 "GET /api/projects") cached at two levels (docs/decisions/004,
 * 024):
 * 1. Whole pages per table versions: reused only while projects, project_images, users and
 *    source_reports are all unchanged, kept as JSON text; identical concurrent misses build once (single-flight-cache.ts),
 *    and a page is stored under the versions its statements saw.
 * 2. Each project's JSON per row version: a miss asks the database for the page by reference (ids,
 *    row versions, table versions and total in one prepared statement, selectListPageRefs), takes
 *    the JSON of every project whose row version, images version and users version it already
 *    holds, and reads only the others. Under writes the first level rarely hits (any write to
 *    projects changes its key), while most projects on a page did not change.
 * Both levels hold JSON text (strings), not UTF-8 bytes: V8 counts every ArrayBuffer as external
 * memory and starts a full mark-compact whenever it grew by 64 MB since the last one, so cached
 * bytes that are replaced under writes make a 5-15 ms pause every second under load (decision
 * 025). Strings live in the heap, whose limit grows with it; @hono/node-server
 * encodes a string body once as it writes it. Sizes are in characters: the JSON is almost all
 * ASCII, which V8 stores one byte a character.
 * One instance per app (the projects routes').
 */
import { LRUCache } from 'lru-cache'
import type { ProjectListQuery, ProjectListResponse } from '../../src/api/schemas/projects'
import type { Db } from '../db/client'
import {
  selectListPageRefs,
  selectListRows,
  type ListVersions,
  type PageRef,
} from '../db/queries/projects-list.queries'
import { toApiProject, type ImageRow, type ProjectRow, type UserRef } from '../domain/projects/serialize'
import { pagination } from '../domain/projects/list-query'
import { createSingleFlightCache, StoreUnder, type CacheOutcome } from './single-flight-cache'
import { cacheKey } from './cache-key'
import { PROJECT_LIST_TABLES, type TableVersions, type Versions } from './table-versions'

/** Characters of cached pages: about 20,000 a page of 20. */
const PAGE_CACHE_CHARS = 32 * 1024 * 1024
/** Characters of cached projects: about 1,500 a project, room for ~20,000. */
const PROJECT_CACHE_CHARS = 32 * 1024 * 1024

/** One snapshot for a page whose projects changed between its refs and rows (PostgreSQL manual, 13.2.2). */
const ONE_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const

/** A page as JSON text and where it came from: the cache, a new build, or a concurrent build. */
export type ListPage = { body: string; cache: CacheOutcome }

/**
 * The key of a project's JSON: its id, row version and the versions of its images, owner and
 * source reports (its risk weight). A new report rebuilds every project's JSON once; reports
 * come a few a minute at most, reads many a second.
 */
const projectKey = (ref: PageRef, v: ListVersions) =>
  cacheKey(v, ['project_images', 'users', 'source_reports'], `${ref.id}/${ref.rowVersion}`)

/**
 * The response of a page as JSON text, equal to `JSON.stringify(response)` of a
 * ProjectListResponse with these projects (as JSON text, in order) and this pagination.
 */
function composePage(projects: readonly string[], paging: ProjectListResponse['pagination']): string {
  return `{"success":true,"projects":[${projects.join(',')}],"pagination":${JSON.stringify(paging)}}`
}

/** A list row's response JSON (ProjectListRow), from its row with images, owner and risk weight. */
const projectJsonOf = (row: ProjectRow & { images: ImageRow[]; owner: UserRef | null; riskWeight: number | null }) =>
  JSON.stringify({ ...toApiProject(row, row.images, row.owner), riskWeight: row.riskWeight })

/** A row of selectListRows: a project with images and owner, its row version and the versions it saw. */
type ListRow = Awaited<ReturnType<typeof selectListRows>>[number]

/**
 * Each project's response JSON per row version and images and users versions (level 2 above),
 * at most `maxChars` characters (LRU).
 */
export class ProjectJsonCache {
  readonly #json: LRUCache<string, string>

  constructor(maxChars = PROJECT_CACHE_CHARS) {
    this.#json = new LRUCache({ maxSize: maxChars, sizeCalculation: (json) => json.length })
  }

  /** The cached JSON of each ref (undefined where not cached) and the refs without one. */
  lookup(refs: readonly PageRef[], v: ListVersions): { found: (string | undefined)[]; missing: PageRef[] } {
    const found = refs.map((ref) => this.#json.get(projectKey(ref, v)))
    return { found, missing: refs.filter((_, i) => !found[i]) }
  }

  /**
   * `found` completed from `rows` (read for the missing refs), each row's JSON cached: null when
   * a row is missing or not at the version its ref names (changed or deleted since the refs were
   * read; inconsistent rows are never mixed into a page).
   */
  complete(
    refs: readonly PageRef[],
    v: ListVersions,
    found: (string | undefined)[],
    rows: readonly ListRow[],
  ): string[] | null {
    const complete = [...found]
    const index = new Map(refs.map((ref, i) => [ref.id, i]))
    for (const row of rows) {
      const i = index.get(row.id)
      if (i === undefined) continue
      const ref = refs[i]
      if (
        row.rowVersion !== ref.rowVersion ||
        Number(row.imagesVersion) !== v.project_images ||
        Number(row.usersVersion) !== v.users ||
        Number(row.reportsVersion) !== v.source_reports
      )
        return null
      const json = projectJsonOf(row)
      this.#json.set(projectKey(ref, v), json)
      complete[i] = json
    }
    return complete.every(Boolean) ? (complete as string[]) : null
  }
}

/** The page cache of one app over `db`, keyed by the versions `versions` reports. */
export function createProjectListPages(db: Db, versions: TableVersions) {
  /** Whole pages; a burst of identical misses (after a write) builds once. */
  const pages = createSingleFlightCache<string>({ maxSize: PAGE_CACHE_CHARS, sizeCalculation: (body) => body.length })
  const projectJson = new ProjectJsonCache()

  /**
   * The page of `query` read on `on` (the pool, or a transaction) and the versions it saw: refs,
   * then only the rows whose JSON is not cached. Null when a project changed between the two
   * statements (ProjectJsonCache.complete).
   */
  async function read(on: Db, query: ProjectListQuery) {
    const { refs, versions: seen, total } = await selectListPageRefs(on, query)
    const { found, missing } = projectJson.lookup(refs, seen)
    const json = missing.length
      ? projectJson.complete(
          refs,
          seen,
          found,
          await selectListRows(
            on,
            missing.map((ref) => ref.id),
          ),
        )
      : (found as string[])
    return json && { body: composePage(json, pagination(total, query.page, query.limit)), seen }
  }

  /**
   * Build one page and cache it under the versions its statements saw. Refs and rows are two
   * statements outside a transaction (no BEGIN or COMMIT on the common path); when a project was
   * written between them, the page is read again in one REPEATABLE READ snapshot, where the rows
   * always match the refs.
   */
  async function build(query: ProjectListQuery, pageKey: (v: Partial<Versions>) => string) {
    const page = (await read(db, query)) ?? (await db.transaction((tx) => read(tx, query), ONE_SNAPSHOT))
    if (!page) throw new Error("A page's rows disagreed with its refs within one snapshot")
    return new StoreUnder(pageKey(page.seen), page.body)
  }

  /** The page of `query` as of now. */
  return async function page(query: ProjectListQuery): Promise<ListPage> {
    const pageKey = (v: Partial<Versions>) => cacheKey(v, PROJECT_LIST_TABLES, query)
    const { value, cache } = await pages(pageKey(await versions.current()), () => build(query, pageKey))
    return { body: value, cache }
  }
}
