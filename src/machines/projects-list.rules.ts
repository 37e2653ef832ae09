/**
 * The texts of the projects list actions' outcomes (SPEC.md 8): one row uses the per-project call, several rows the
 * bulk endpoint (one transaction server-side). Approve's notes are optional in the UI (SPEC.md 4)
 * but the server requires notes, so a blank approval is recorded as 'Approved'.
 */
import type { RowVersions } from '../api/schemas/versions'
import type { VerificationStatus } from '../api/schemas/projects'

/** A list action over `ids` (one or more projects); `versions` are the rows' versions as listed. */
export type ListAction =
  /** `claimedBy`: for each target another moderator holds in triage, that moderator's name (decision 043). */
  (
    | { kind: 'verify'; ids: string[]; status: VerificationStatus; notes: string; claimedBy?: string[] }
    | { kind: 'delete'; ids: string[] }
    | { kind: 'setActive'; ids: string[]; isActive: boolean }
  ) & { versions?: RowVersions }

/**
 * The question before deciding projects other moderators hold in triage (decision 043), one
 * project: 'Asha is reviewing this project. Decide anyway?'; several: '2 of these 3 projects are
 * being reviewed by Asha and Ravi. Decide anyway?'.
 */
export function claimQuestion(claimedBy: readonly string[], total: number): string {
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format([...new Set(claimedBy)])
  if (total === 1) return `${names} ${claimedBy.length > 1 ? 'are' : 'is'} reviewing this project. Decide anyway?`
  const which =
    claimedBy.length === total
      ? `${total === 2 ? 'Both' : `All ${total}`} projects`
      : `${claimedBy.length} of these ${total} projects`
  return `${which} ${claimedBy.length === 1 ? 'is' : 'are'} being reviewed by ${names}. Decide anyway?`
}

/** Notes sent when the prompt was left blank (only approval allows that). */
export function notesOrDefault(status: VerificationStatus, notes: string): string {
  const trimmed = notes.trim()
  if (trimmed) return trimmed
  return status === 'approved' ? 'Approved' : ''
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
