/**
 * Hands a section's change to the whole page: the sections actor shows it at once, the query
 * cache keeps it, and the projects list is marked stale. `refetchProject` reloads the project
 * when a change touches more than the section knows (a files re-upload).
 */
import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { projectKeys } from '../../../api/projects'
import type { Project } from '../../../api/schemas/projects'
import { useSectionsActor } from './sections-context'

/** `(patch) => void`: merges a section's change into the page's project at once. */
export function useProjectPatch() {
  const sections = useSectionsActor()
  const queryClient = useQueryClient()
  return useCallback(
    (patch: Partial<Project>) => {
      const project = { ...sections.getSnapshot().context.project, ...patch }
      sections.send({ type: 'project.refresh', project })
      queryClient.setQueryData(projectKeys.detail(project._id), project)
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists })
    },
    [sections, queryClient],
  )
}

/** Reloads the project from the server and hands it to the sections actor ('Could not refresh project data' is logged only, SPEC.md 8). */
export function useRefetchProject() {
  const sections = useSectionsActor()
  const queryClient = useQueryClient()
  return useCallback(
    async (id: string) => {
      try {
        await queryClient.refetchQueries({ queryKey: projectKeys.detail(id), exact: true })
        const fresh = queryClient.getQueryData<Project>(projectKeys.detail(id))
        if (fresh) sections.send({ type: 'project.refresh', project: fresh })
      } catch {
        console.warn('Could not refresh project data')
      }
    },
    [sections, queryClient],
  )
}
