/**
 * How a list or panel machine reports an undoable outcome: `undo.offered` carries the
 * text and the server's ticket, and the view hands both to the undo machine (its toast shows the
 * text with Undo); without a ticket it stays a plain `notify.success`.
 */
import type { UndoTicket } from '../../api/schemas/undo'

/** The event a machine emits when an action it ran can be undone. */
export type UndoOffered = { type: 'undo.offered'; text: string; undo: UndoTicket }

/** `undo.offered` when `undo` is a ticket, else `notify.success` with the same text. */
export function successOrUndo(
  text: string,
  undo: UndoTicket | null | undefined,
): UndoOffered | { type: 'notify.success'; text: string } {
  return undo ? { type: 'undo.offered', text, undo } : { type: 'notify.success', text }
}

/**
 * The ticket in an actor's output when it is one, or a bulk outcome's `undo` (src/api/bulk-outcome.ts),
 * else null (a row's answer, nothing).
 */
export function ticketIn(output: unknown): UndoTicket | null {
  const o = output as (Partial<UndoTicket> & { undo?: unknown }) | null | undefined
  if (typeof o === 'object' && o !== null && 'undo' in o) return ticketIn(o.undo)
  return o && typeof o.id === 'string' && typeof o.expiresAt === 'string' ? { id: o.id, expiresAt: o.expiresAt } : null
}
