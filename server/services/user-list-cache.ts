/**
 * GET /api/users pages cached per users table version (decision 004, like the projects list
 * pages of project-list-pages.ts): a page is reused while no user row has changed, and stored
 * under the version its own statements saw, never a newer one. Project writes do not touch the
 * users version, so under an admin's project edits the users list costs no query (in the load
 * bench the owner picker and users screen are ~12% of requests). The exact total of a
 * (search, role, status) is kept per version too, so the next pages of a search reuse it
 * instead of counting again. One instance per app.
 */
import { LRUCache } from 'lru-cache'
import type * as v from 'valibot'
import type { UserListQuery, UserListResponseSchema } from '../../src/api/schemas/users'
import type { Db } from '../db/client'
import { listUsers } from '../db/queries/users.queries'
import { toUserSummary } from '../domain/users'
import { createSingleFlightCache, StoreUnder, type CacheOutcome } from './single-flight-cache'
import { cacheKey } from './cache-key'
import type { TableVersions, VersionedTable } from './table-versions'

/** The tables a users list page is built from (its cache key). */
const TABLES: readonly VersionedTable[] = ['users']
/** Characters of cached pages (≈ bytes: the JSON is almost all ASCII). */
const CACHE_CHARS = 8 * 1024 * 1024
type UserListResponse = v.InferInput<typeof UserListResponseSchema>

/** A users list page as JSON text (the contract's UserListResponse; a string, not bytes: project-list-pages.ts) and whether it came from the cache (or a build in flight). */
export type UserListPage = { body: string; cache: CacheOutcome }

/** The users list pages of one app over `db`, keyed by the users version `versions` reports. */
export function createUserListPages(db: Db, versions: TableVersions) {
  const pages = createSingleFlightCache<string>({ maxSize: CACHE_CHARS, sizeCalculation: (body) => body.length })
  // Totals per (version, search, role, status): paging through a search counts it once.
  const totals = new LRUCache<string, number>({ max: 10_000 })

  async function build(query: UserListQuery, current: number) {
    const filter = [query.search, query.role, query.status]
    const knownTotal = totals.get(cacheKey({ users: current }, TABLES, filter))
    const { rows, total, version } = await listUsers(
      db,
      query,
      knownTotal === undefined ? undefined : { total: knownTotal, version: current },
    )
    const response: UserListResponse = {
      success: true,
      users: rows.map(toUserSummary),
      pagination: { currentPage: query.page, totalPages: Math.ceil(total / query.limit), totalUsers: total },
    }
    if (version !== undefined) totals.set(cacheKey({ users: version }, TABLES, filter), total)
    // Stored under the version the statements saw, never a newer one.
    return new StoreUnder(
      version === undefined ? null : cacheKey({ users: version }, TABLES, query),
      JSON.stringify(response),
    )
  }

  /** The page of `query` as of now; identical concurrent misses (after a write) query once. */
  return async function page(query: UserListQuery): Promise<UserListPage> {
    const current = (await versions.current()).users
    const { value, cache } = await pages(cacheKey({ users: current }, TABLES, query), () => build(query, current))
    return { body: value, cache }
  }
}
