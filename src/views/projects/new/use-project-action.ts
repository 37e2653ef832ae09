/**
 * A files section's one-shot actions on the detail page (images, repository, report): runs an
 * api call, tracks busy/error, and on success refreshes the project shown by every section
 * (the sections actor and the react-query cache). Errors keep the section's own text (SPEC.md 8).
 */
import { useCallback, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { fetchProject, projectKeys } from '../../../api/projects'
import type { Project } from '../../../api/schemas/projects'
import { useSectionsActor } from '../components/sections-context'

export function useProjectAction() {
  const sections = useSectionsActor()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  /** Reloads the project and hands it to the sections actor. */
  const refresh = useCallback(async (id: string, patch?: Partial<Project>) => {
    const current = sections.getSnapshot().context.project
    if (patch) sections.send({ type: 'project.refresh', project: { ...current, ...patch } })
    try {
      const fresh = await fetchProject(id)
      sections.send({ type: 'project.refresh', project: fresh })
      queryClient.setQueryData(projectKeys.detail(id), fresh)
    } catch {
      console.warn('Could not refresh project data')
    }
  }, [sections, queryClient])

  /** Runs `task` as action `name`; on failure shows `failure` (with the server message when given). Resolves true on success. */
  const run = useCallback(async (name: string, failure: string, task: () => Promise<unknown>): Promise<boolean> => {
    setBusy(name)
    setError(null)
    try {
      await task()
      return true
    } catch (e) {
      const detail = e instanceof Error && e.message ? e.message : ''
      setError(detail && detail !== failure ? `${failure}: ${detail}` : failure)
      return false
    } finally {
      setBusy(null)
    }
  }, [])

  return { busy, error, setError, run, refresh }
}
