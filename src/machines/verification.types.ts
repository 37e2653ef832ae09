/**
 * The verification machine's context and events, and the invariants its actions rely on (split
 * from the machine to keep both files short).
 */
import type { VerificationEntry, VerificationStatus } from '../api/schemas/projects'
import { toChange, type Change, type EntryEdit, type StatusDraft } from './verification.rules'

export interface VerificationContext {
  projectId: string
  currentStatus: VerificationStatus
  history: VerificationEntry[]
  error: string | null
  success: string | null
  /** The change in flight. */
  change: Change | null
  /** The Quick Status Change form. */
  quick: StatusDraft
  /** The status the palette asked for; its notes prompt is open while set. */
  requested: VerificationStatus | null
  /** The entry edit dialog, open while set. */
  entryEdit: EntryEdit | null
  /** The entry whose delete waits for confirmation. */
  deleting: string | null
  /** The timeline filter: a status ('' = any) and a search over notes. */
  filter: { status: VerificationStatus | ''; search: string }
  /** The other moderator reviewing the project in triage (their name), or null (decision 043). */
  claimedBy: string | null
}

export type VerificationEvent =
  | { type: 'quick.status'; status: VerificationStatus }
  | { type: 'quick.notes'; notes: string }
  | { type: 'quick.submit' }
  | { type: 'status.request'; status: VerificationStatus }
  | { type: 'prompt.submit'; notes: string }
  | { type: 'prompt.cancel' }
  | { type: 'entry.edit'; entryId: string }
  | { type: 'edit.status'; status: VerificationStatus }
  | { type: 'edit.notes'; notes: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' }
  | { type: 'entry.delete'; entryId: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'filter.status'; status: VerificationStatus | '' }
  | { type: 'filter.search'; search: string }
  | { type: 'error.dismiss' }
  | { type: 'history.reload' }
  | { type: 'status.sync'; status: VerificationStatus }
  /** Who else is reviewing the project in triage (null: nobody), from the live claims. */
  | { type: 'claim.sync'; claimedBy: string | null }
  | { type: 'claim.confirm' }
  | { type: 'claim.cancel' }

/** The change in flight; the states that read it are only entered with one set. */
export function changeOf(context: VerificationContext): Change {
  if (!context.change) throw new Error('verification: no change in flight')
  return context.change
}

/** A draft known to be valid (the guard checked it) as a change. */
export function validChange(draft: StatusDraft, entryId?: string): Change {
  const change = toChange(draft, entryId)
  if (!change) throw new Error('verification: invalid change passed its guard')
  return change
}
