/**
 * What a move to /users/:id fetches before the detail screen has rendered: the user, with the
 * key `useUser` reads, so the screen draws once, complete (src/routes.tsx).
 */
import { loadUncached, queryClient } from '../../../api/query-client'
import { fetchUser, userKeys } from '../../../api/users'

/** Starts loading user `id` unless cached; settles once answered, or undefined when cached (the screen refreshes it behind). */
export function prefetchUserDetail(id: string): Promise<unknown> | undefined {
  const queryKey = userKeys.detail(id)
  return loadUncached([
    { queryKey, load: () => queryClient.prefetchQuery({ queryKey, queryFn: ({ signal }) => fetchUser(id, signal) }) },
  ])
}
