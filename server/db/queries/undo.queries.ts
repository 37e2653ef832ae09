/**
 * Recording an undoable change (docs/decisions/014-undo.md): the writes of
 * verification, projects, users, orders and contacts name their UndoableChange to db/write.ts
 * `write`, which inserts its row (`undoInsert`) in the same statement or transaction as the
 * change, so the two commit together. Expired rows are purged hourly by a background job. Using
 * it is undo-restore.queries.ts.
 */
import { lt } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { UndoKind, UndoTicket } from '../../../src/api/schemas/undo'
import { UNDO_MESSAGES } from '../../../src/api/schemas/undo'
import type { StepUpCheck } from '../../domain/sensitive-actions'
import { UNDO_PRUNE_AFTER_MS, unchangedSince, undoExpiry, type UndoRecord } from '../../domain/undo'
import { conflict } from '../../http/errors'
import type { Db } from '../client'
import { undoActions } from '../schema'
import type { Tx } from './projects.queries'

/**
 * Who acts and from where (the audit rows of an undo); `stepUp` is the request's check for a
 * restore that is a sensitive action (an admin's status).
 */
export type UndoActor = { actorId: string; ip?: string | null; stepUp: StepUpCheck }

/** A change to record: its kind, the admin, the app's clock, and one record per row it changed. */
export type UndoableChange = { kind: UndoKind; actorId: string; now: Date; records: UndoRecord[] }

/**
 * The INSERT of `change`'s undo row, not yet run, and the ticket it makes (id and expiry chosen
 * here, so nothing has to be read back): for db/write.ts, which sends it with the change's own
 * writes (an optimistic write) or its audit rows (a locked one) in one statement. Both are empty
 * when the change touched no row.
 */
export function undoInsert(tx: Pick<Tx, 'insert'>, change: UndoableChange) {
  if (!change.records.length) return { insert: undefined, ticket: null }
  const id = uuidv7()
  const expiresAt = undoExpiry(change.now)
  const insert = tx.insert(undoActions).values({
    id,
    actorId: change.actorId,
    kind: change.kind,
    payload: { records: change.records },
    createdAt: change.now,
    expiresAt,
  })
  return { insert, ticket: { id, expiresAt: expiresAt.toISOString() } satisfies UndoTicket }
}

/**
 * Delete the undo rows that expired over UNDO_PRUNE_AFTER_MS before `now` (the hourly background
 * job 'purge-undo', services/background-jobs.ts); answers how many.
 */
export async function purgeExpiredUndo(db: Pick<Db, 'delete'>, now: Date): Promise<number> {
  const removed = await db
    .delete(undoActions)
    .where(lt(undoActions.expiresAt, new Date(now.getTime() - UNDO_PRUNE_AFTER_MS)))
    .returning({ id: undoActions.id })
  return removed.length
}

/**
 * 409 UNDO_MESSAGES.changed unless every record's row is among `rows` (locked by the caller) and
 * exactly as the change left it (domain/undo.ts unchangedSince).
 */
export function assertUnchanged<Row extends Record<string, unknown> & { id: string; updatedAt: Date }>(
  rows: readonly Row[],
  records: readonly UndoRecord[],
): void {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const changed = records.some((record) => {
    const row = byId.get(record.id)
    return !row || !unchangedSince(row, record)
  })
  if (changed) throw conflict(UNDO_MESSAGES.changed)
}
