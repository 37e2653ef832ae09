/**
 * What a move to /projects/:id fetches before the detail screen has rendered: the project, with
 * the key `useProject` reads, so the screen draws once, complete (src/routes.tsx).
 */
import { fetchProject, projectKeys } from '../../../api/projects'
import { firstQuery, loadUncached } from '../../../api/query-client'

/** Starts loading project `id` unless cached; settles once answered, or undefined when cached (the screen refreshes it behind). */
export function prefetchProjectDetail(id: string): Promise<unknown> | undefined {
  return loadUncached([firstQuery(projectKeys.detail(id), ({ signal }) => fetchProject(id, signal))])
}
