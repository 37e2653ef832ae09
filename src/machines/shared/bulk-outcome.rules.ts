/**
 * The notice of a list action's outcome when some rows were left unchanged because another admin
 * changed them after the list was loaded (decision 042): the success text counts only the rows
 * written, followed by who changed the others; when none was written it is an error notice.
 */
import type { RowConflict } from '../../api/schemas/versions'
import { appliedIds, conflictNote } from '../../domain/row-conflicts'
import { successOrUndo, ticketIn, type UndoOffered } from './undo-offer.rules'

/** The rows an actor's output reports as stale (a bulk outcome's `conflicts`), else none. */
export function conflictsIn(output: unknown): RowConflict[] {
  const o = output as { conflicts?: unknown } | null | undefined
  return o && Array.isArray(o.conflicts) ? (o.conflicts as RowConflict[]) : []
}

/**
 * What to emit for `action`'s outcome: `successOrUndo(successText(written rows))` with the
 * conflict note appended ('2 projects activated successfully. 1 changed since you loaded it (by
 * Asha)'), or `notify.error` with 'Nothing changed: …' when every row was stale.
 */
export function bulkNotice<A extends { ids: string[] }>(
  action: A,
  output: unknown,
  successText: (action: A) => string,
): UndoOffered | { type: 'notify.success'; text: string } | { type: 'notify.error'; text: string } {
  const conflicts = conflictsIn(output)
  const note = conflictNote(conflicts)
  if (!note) return successOrUndo(successText(action), ticketIn(output))
  const written = appliedIds(action.ids, conflicts)
  if (written.length === 0) return { type: 'notify.error', text: `Nothing changed: ${note}` }
  return successOrUndo(`${successText({ ...action, ids: written })}. ${note}`, ticketIn(output))
}
