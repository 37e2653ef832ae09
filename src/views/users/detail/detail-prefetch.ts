/**
 * What a move to /users/:id fetches before the detail screen has rendered: the user, with the
 * key `useUser` reads, so the screen draws once, complete (src/routes.tsx).
 */
import { firstQuery, loadUncached } from '../../../api/query-client'
import { fetchUser, userKeys } from '../../../api/users'

/** Starts loading user `id` unless cached; settles once answered, or undefined when cached (the screen refreshes it behind). */
export function prefetchUserDetail(id: string): Promise<unknown> | undefined {
  return loadUncached([firstQuery(userKeys.detail(id), ({ signal }) => fetchUser(id, signal))])
}
