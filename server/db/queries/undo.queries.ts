/**
 * Recording an undoable change (issue 14; docs/decisions/014-undo.md): the writes of
 * verification, projects, users, orders and contacts call `recordUndo` inside their own
 * transaction, so a change and its undo row commit together. Using it is undo-restore.queries.ts.
 */
import { lt } from 'drizzle-orm'
import type { UndoKind, UndoTicket } from '../../../src/api/schemas/undo'
import { UNDO_MESSAGES } from '../../../src/api/schemas/undo'
import { UNDO_PRUNE_AFTER_MS, unchangedSince, undoExpiry, type UndoRecord } from '../../domain/undo'
import { conflict } from '../../http/errors'
import { undoActions } from '../schema'
import type { Tx } from './projects.queries'

/** Who acts and from where (the audit rows of an undo). */
export type UndoActor = { actorId: string; ip?: string | null }

/** A change to record: its kind, the admin, the app's clock, and one record per row it changed. */
export type UndoableChange = { kind: UndoKind; actorId: string; now: Date; records: UndoRecord[] }

/**
 * Insert the undo row of `change` in `tx` and answer its ticket, or null when the change touched
 * no row (nothing to undo). Rows that expired over UNDO_PRUNE_AFTER_MS ago are deleted on the way.
 */
export async function recordUndo(tx: Tx, change: UndoableChange): Promise<UndoTicket | null> {
  if (!change.records.length) return null
  await tx.delete(undoActions).where(lt(undoActions.expiresAt, new Date(change.now.getTime() - UNDO_PRUNE_AFTER_MS)))
  const [row] = await tx.insert(undoActions).values({ actorId: change.actorId, kind: change.kind,
    payload: { records: change.records }, createdAt: change.now, expiresAt: undoExpiry(change.now) })
    .returning({ id: undoActions.id, expiresAt: undoActions.expiresAt })
  return { id: row.id, expiresAt: row.expiresAt.toISOString() }
}

/**
 * 409 UNDO_MESSAGES.changed unless every record's row is among `rows` (locked by the caller) and
 * exactly as the change left it (domain/undo.ts unchangedSince).
 */
export function assertUnchanged<Row extends Record<string, unknown> & { id: string; updatedAt: Date }>(
  rows: readonly Row[], records: readonly UndoRecord[]): void {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const changed = records.some((record) => {
    const row = byId.get(record.id)
    return !row || !unchangedSince(row, record)
  })
  if (changed) throw conflict(UNDO_MESSAGES.changed)
}
