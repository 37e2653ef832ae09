/**
 * The I/O of the projects list's actions: one row through the per-project call, several through the
 * bulk endpoint (one transaction server-side).
 */
import { bulkDeleteProjects, bulkSetActive, bulkVerifyProjects, deleteProject } from '../api/projects'
import type { BulkOutcome } from '../api/bulk-outcome'
import type { UndoTicket } from '../api/schemas/undo'
import { verifyProject } from '../api/verification'
import { notesOrDefault, type ListAction } from './projects-list.rules'

/**
 * Runs `action` against the API with the rows' versions as listed; resolves with the undo ticket of
 * a row's decision, or a bulk outcome (an (in)activation of one row too goes through bulk-update, so
 * it can be undone; a delete's has no ticket). Rejects with an ApiError (a row's stale version: 409).
 */
export async function runListAction(action: ListAction): Promise<UndoTicket | BulkOutcome | null> {
  const [first] = action.ids
  const single = action.ids.length === 1
  const { versions } = action
  switch (action.kind) {
    case 'delete':
      if (single) {
        await deleteProject(first, versions?.[first])
        return null
      }
      return { ...(await bulkDeleteProjects(action.ids, versions)), undo: null }
    case 'setActive':
      return bulkSetActive(action.ids, action.isActive, versions)
    case 'verify': {
      const notes = notesOrDefault(action.status, action.notes)
      return single
        ? verifyProject(first, action.status, notes, versions?.[first])
        : bulkVerifyProjects(action.ids, action.status, notes, versions)
    }
  }
}
