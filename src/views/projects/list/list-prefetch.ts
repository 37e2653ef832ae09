/**
 * What a cold load of /projects fetches before the list screen has run: its first page, with
 * the key and query function `useProjectList` uses, so the screen finds it in the cache. Started
 * by the route table (src/routes.tsx) alongside the session restore instead of after it.
 */
import { fetchProjects, projectKeys } from '../../../api/projects'
import { queryClient } from '../../../api/query-client'
import { parseListSearch } from './projects-url'

/** Starts loading the list page `search` (location.search) asks for; failures are left to the screen. */
export function prefetchProjectsList(search: string): Promise<void> {
  const filters = parseListSearch(search)
  return queryClient.prefetchQuery({
    queryKey: projectKeys.list(filters),
    queryFn: ({ signal }) => fetchProjects(filters, signal),
  })
}
