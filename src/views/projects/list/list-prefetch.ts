/**
 * What a cold load of /projects fetches before the list screen has run: its first page, with
 * the key and query function `useProjectList` uses, so the screen finds it in the cache. Started
 * by the route table (src/routes.tsx) alongside the session restore instead of after it.
 */
import { fetchProjects, projectKeys } from '../../../api/projects'
import { firstQuery, loadUncached } from '../../../api/query-client'
import { parseListSearch } from './projects-url'

/** Starts loading the list page `search` (location.search) asks for where the cache lacks it, settling once answered (undefined: all cached); failures are left to the screen. */
export function prefetchProjectsList(search: string): Promise<unknown> | undefined {
  const filters = parseListSearch(search)
  return loadUncached([firstQuery(projectKeys.list(filters), ({ signal }) => fetchProjects(filters, signal))])
}
