/**
 * Whole projects-list pages cached per table versions (docs/decisions/004): a page is reused only
 * while projects, project_images and users are all unchanged, kept as UTF-8 JSON bytes so a hit is
 * sent without encoding again; identical concurrent misses build once; exact counts are cached
 * per projects version (services/count-cache.ts). One instance per app (the projects routes').
 */
import { LRUCache } from 'lru-cache'
import type { ProjectListQuery, ProjectListResponse } from '../../src/api/schemas/projects'
import type { Db } from '../db/client'
import { countListed, selectListPage } from '../db/queries/projects-list.queries'
import { toApiProjects } from '../db/queries/projects.queries'
import { countKey, pageWindow, pagination } from '../domain/projects/list-query'
import { CountCache } from './count-cache'
import { versionsKey, type TableVersions, type Versions } from './table-versions'

/** About 20 kB a page of 20. */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024
const utf8 = new TextEncoder()

/** A page as JSON bytes and where it came from: the cache, a new build, or a concurrent build. */
export type ListPage = { body: Uint8Array<ArrayBuffer>; cache: 'hit' | 'miss' | 'shared' }

/** The page cache of one app over `db`, keyed by the versions `versions` reports. */
export function createProjectListPages(db: Db, versions: TableVersions) {
  const counts = new CountCache()
  const pages = new LRUCache<string, Uint8Array<ArrayBuffer>>({ maxSize: PAGE_CACHE_BYTES, sizeCalculation: (b) => b.byteLength })
  /** Builds in flight per page key: a burst of identical misses (after a write) queries once. */
  const building = new Map<string, Promise<Uint8Array<ArrayBuffer>>>()

  /** Query one page and its total, cache it, and return it as JSON bytes. */
  async function build(query: ProjectListQuery, before: Versions, pageKey: (v: Partial<Versions>) => string) {
    const window = pageWindow(query.page, query.limit)
    const { rows, total: counted } = await selectListPage(db, query)
    const key = countKey(query)
    // A short page that is not past the end is the last one: the total needs no count(*). A
    // search's page statement counts its matches itself (same snapshot as its rows).
    const lastPage = rows.length < window.limit && (rows.length > 0 || window.offset === 0)
    let total = lastPage ? window.offset + rows.length
      : counted ?? (rows.length ? counts.get(Number(rows[0].listVersion), key) : undefined)
    if (counted !== undefined && !lastPage) counts.set(Number(rows[0].listVersion), key, counted)
    let sameSnapshot = true
    if (total === undefined) {
      const fresh = await countListed(db, query)
      total = fresh.total
      counts.set(Number(fresh.version), key, total)
      sameSnapshot = rows.length === 0 || fresh.version === rows[0].listVersion
    }
    const response: ProjectListResponse = {
      success: true, projects: toApiProjects(rows), pagination: pagination(total, query.page, query.limit),
    }
    const body = utf8.encode(JSON.stringify(response))
    // Stored under the versions the page statement saw (or, for an empty page, read before it):
    // never under versions newer than the data, so no reader can get a page older than it knows.
    if (sameSnapshot) {
      pages.set(pageKey(rows.length ? { projects: Number(rows[0].listVersion),
        project_images: Number(rows[0].imagesVersion), users: Number(rows[0].usersVersion) } : before), body)
    }
    return body
  }

  /** The page of `query` as of now. */
  return async function page(query: ProjectListQuery): Promise<ListPage> {
    const pageKey = (v: Partial<Versions>) => `${versionsKey(v)}|${JSON.stringify(query)}`
    const before = await versions.current()
    const key = pageKey(before)
    const cached = pages.get(key)
    if (cached) return { body: cached, cache: 'hit' }
    const inFlight = building.get(key)
    if (inFlight) return { body: await inFlight, cache: 'shared' }
    const pending = build(query, before, pageKey)
    building.set(key, pending)
    try {
      return { body: await pending, cache: 'miss' }
    } finally {
      building.delete(key)
    }
  }
}
