/**
 * The I/O of the projects list's actions: one row through the per-project call, several through the
 * bulk endpoint (one transaction server-side).
 */
import { bulkDeleteProjects, bulkSetActive, bulkVerifyProjects, deleteProject } from '../api/projects'
import type { UndoTicket } from '../api/schemas/undo'
import { verifyProject } from '../api/verification'
import { notesOrDefault, type ListAction } from './projects-list.rules'

/**
 * Runs `action` against the API; resolves with the undo ticket of a decision or an (in)activation
 * (one row too goes through bulk-update, so it can be undone), null after a delete. Rejects with an ApiError.
 */
export async function runListAction(action: ListAction): Promise<UndoTicket | null> {
  const [first] = action.ids
  const single = action.ids.length === 1
  switch (action.kind) {
    case 'delete':
      if (single) await deleteProject(first)
      else await bulkDeleteProjects(action.ids)
      return null
    case 'setActive':
      return bulkSetActive(action.ids, action.isActive)
    case 'verify': {
      const notes = notesOrDefault(action.status, action.notes)
      return single ? verifyProject(first, action.status, notes) : bulkVerifyProjects(action.ids, action.status, notes)
    }
  }
}
