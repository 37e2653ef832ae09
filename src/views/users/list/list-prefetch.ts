/**
 * What a cold load of /users fetches before the list screen has run: its first page and the
 * stats, with the keys and query functions `useUserList` / `useUserStats` use, so the screen finds
 * them in the cache. Started by the route table (src/routes.tsx) alongside the session restore.
 */
import { fetchUsers, fetchUserStats, userKeys } from '../../../api/users'
import { firstQuery, loadUncached } from '../../../api/query-client'
import { parseUsersSearch } from './users-url'

/** Starts loading the page `search` (location.search) asks for and the stats where the cache lacks it, settling once answered (undefined: all cached); failures are left to the screen. */
export function prefetchUsersList(search: string): Promise<unknown> | undefined {
  const filters = parseUsersSearch(search)
  return loadUncached([
    firstQuery(userKeys.list(filters), ({ signal }) => fetchUsers(filters, signal)),
    firstQuery(userKeys.stats, ({ signal }) => fetchUserStats(signal)),
  ])
}
