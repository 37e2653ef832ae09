/**
 * The rules of the Verification History panel (SPEC.md 4, 5 "Verification"), free of xstate so
 * the machine, the commands and the views share them.
 */
import type { VerificationEntry, VerificationStatus } from '../api/schemas/projects'

/** How long 'Project status updated to …' shows, ms (SPEC.md 9). */
export const BANNER_MS = 3000

/** A status change in the making: Quick Status Change, the palette's prompt or an entry edit. */
export interface StatusDraft {
  status: VerificationStatus | ''
  notes: string
}

/** An entry's edit dialog: which entry, its draft, and whether Save was tried (errors show then). */
export interface EntryEdit extends StatusDraft {
  entryId: string
  tried: boolean
}

/** The change in flight; `entryId` for an entry update or delete. */
export interface Change {
  status: VerificationStatus
  notes: string
  entryId?: string
}

/** The first rule a status change breaks (SPEC.md 5 "Verification"), or null. */
export function verificationInputError(status: string, notes: string): string | null {
  if (!status) return 'Status is required'
  if (!notes.trim()) return 'Notes are required'
  return null
}

/** 'under_review' → 'Project status updated to under review'. */
export const statusUpdatedText = (status: VerificationStatus) =>
  `Project status updated to ${status.replace(/_/g, ' ')}`

/** A valid draft as a change (notes trimmed), or null when it breaks a rule. */
export function toChange(draft: StatusDraft, entryId?: string): Change | null {
  if (!draft.status || verificationInputError(draft.status, draft.notes)) return null
  return { status: draft.status, notes: draft.notes.trim(), ...(entryId ? { entryId } : {}) }
}

/** The draft an entry's edit dialog starts from. */
export function editOf(entry: VerificationEntry | undefined): EntryEdit | null {
  return entry ? { entryId: entry._id, status: entry.status, notes: entry.notes, tried: false } : null
}
