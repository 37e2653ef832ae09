/**
 * GET /api/users pages cached per users table version (decision 004, like the projects list
 * pages of project-list-pages.ts): a page is reused while no user row has changed, and stored
 * under the version its own statements saw, never a newer one. Project writes do not touch the
 * users version, so under an admin's project edits the users list costs no query (issue 8 load
 * bench: the owner picker and users screen were ~12% of requests). One instance per app.
 */
import { LRUCache } from 'lru-cache'
import type * as v from 'valibot'
import type { UserListQuery, UserListResponseSchema } from '../../src/api/schemas/users'
import type { Db } from '../db/client'
import { listUsers } from '../db/queries/users.queries'
import { toUserSummary } from '../domain/users'
import type { TableVersions } from './table-versions'

const CACHE_BYTES = 8 * 1024 * 1024
const utf8 = new TextEncoder()
type UserListResponse = v.InferInput<typeof UserListResponseSchema>

/** A users list page as JSON bytes (the contract's UserListResponse) and whether it came from the cache. */
export type UserListPage = { body: Uint8Array<ArrayBuffer>; cache: 'hit' | 'miss' }

/** The users list pages of one app over `db`, keyed by the users version `versions` reports. */
export function createUserListPages(db: Db, versions: TableVersions) {
  const pages = new LRUCache<string, Uint8Array<ArrayBuffer>>({ maxSize: CACHE_BYTES, sizeCalculation: (b) => b.byteLength })
  return async function page(query: UserListQuery): Promise<UserListPage> {
    const queryKey = JSON.stringify(query)
    const cached = pages.get(`${(await versions.current()).users}|${queryKey}`)
    if (cached) return { body: cached, cache: 'hit' }
    const { rows, total, version } = await listUsers(db, query)
    const response: UserListResponse = {
      success: true,
      users: rows.map(toUserSummary),
      pagination: { currentPage: query.page, totalPages: Math.ceil(total / query.limit), totalUsers: total },
    }
    const body = utf8.encode(JSON.stringify(response))
    if (version !== undefined) pages.set(`${version}|${queryKey}`, body)
    return { body, cache: 'miss' }
  }
}
