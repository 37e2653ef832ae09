/**
 * The I/O behind the projects list actions, and the texts of their outcomes (SPEC.md 8): one row uses the per-project call, several rows the
 * bulk endpoint (one transaction server-side). Approve's notes are optional in the UI (SPEC.md 4)
 * but the server requires notes, so a blank approval is recorded as 'Approved'.
 */
import { bulkDeleteProjects, bulkSetActive, bulkVerifyProjects, deleteProject } from '../api/projects'
import type { UndoTicket } from '../api/schemas/undo'
import type { VerificationStatus } from '../api/schemas/projects'
import { verifyProject } from '../api/verification'

/** A list action over `ids` (one or more projects). */
export type ListAction =
  | { kind: 'verify'; ids: string[]; status: VerificationStatus; notes: string }
  | { kind: 'delete'; ids: string[] }
  | { kind: 'setActive'; ids: string[]; isActive: boolean }

/** Notes sent when the prompt was left blank (only approval allows that). */
export function notesOrDefault(status: VerificationStatus, notes: string): string {
  const trimmed = notes.trim()
  if (trimmed) return trimmed
  return status === 'approved' ? 'Approved' : ''
}

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

const plural = (a: ListAction) => a.ids.length > 1

/** Success text of a finished action (SPEC.md 8 "Success messages"). */
export function successText(a: ListAction): string {
  if (a.kind === 'delete') return plural(a) ? 'Projects deleted successfully' : 'Project deleted successfully'
  if (a.kind === 'setActive') {
    const word = a.isActive ? 'activated' : 'deactivated'
    return plural(a) ? `${a.ids.length} projects ${word} successfully` : `Project ${word} successfully`
  }
  const status = a.status.replace(/_/g, ' ')
  return plural(a) ? `${a.ids.length} projects updated to ${status}` : `Project status updated to ${status}`
}

/** Failure text (SPEC.md 8 "Projects"); `msg` is the server's message. */
export function failureText(a: ListAction, msg: string): string {
  if (a.kind === 'delete') return plural(a) ? `Failed to delete projects: ${msg}` : `Failed to delete project: ${msg}`
  if (a.kind === 'setActive') return `Failed to update project status: ${msg}`
  if (a.status === 'approved') return 'Approve failed'
  if (a.status === 'rejected') return 'Reject failed'
  return `Failed to update project status: ${msg}`
}
