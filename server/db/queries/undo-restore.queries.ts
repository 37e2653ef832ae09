/**
 * POST /api/admin/undo/{id} (docs/decisions/014-undo.md): in one transaction, lock the
 * undo row, refuse what undoRefusal refuses (403 another admin's, 409 already undone, 410 too
 * late), let the kind's restore put every record back (409 when one changed since), mark the row
 * undone and audit `undo.<kind>` per record with before (the change's result) and after (restored).
 * The restores live next to the writes they reverse; the list/table versions move with them
 * through the same triggers as the original writes.
 */
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { UNDO_MESSAGES, type UndoKind, type UndoResponse } from '../../../src/api/schemas/undo'
import { UNDO_ENTITY, UndoPayloadSchema, undoRefusal, type UndoRecord } from '../../domain/undo'
import { ApiError, notFound } from '../../http/errors'
import type { Db } from '../client'
import { undoActions } from '../schema'
import { restoreContactStatuses } from './contacts-write.queries'
import { restoreOrderStatuses } from './orders.queries'
import { restoreProjectsActive } from './projects-write.queries'
import type { Tx } from './projects.queries'
import type { UndoActor } from './undo.queries'
import { restoreUsersActive } from './users-write.queries'
import { restoreVerification } from './verification.queries'
import { write } from '../write'

/** Puts `records` back in `tx` at `now`; throws 409 UNDO_MESSAGES.changed when one was edited since. */
export type Restore = (tx: Tx, records: UndoRecord[], actor: UndoActor, now: Date) => Promise<void>

const RESTORES: Readonly<Record<UndoKind, Restore>> = {
  'project.verify': restoreVerification,
  'project.active': restoreProjectsActive,
  'user.active': restoreUsersActive,
  'order.status': restoreOrderStatuses,
  'contact.status': restoreContactStatuses,
}

/** The success text: 'Undone: 3 projects restored'. */
function undoneMessage(kind: UndoKind, n: number): string {
  const noun = UNDO_ENTITY[kind]
  return `Undone: ${n} ${n === 1 ? noun : `${noun}s`} restored`
}

/** Undo change `id` for `actor` at `now` (see the module comment); 404 UNDO_MESSAGES.notFound for an unknown id. */
export async function undoChange(db: Db, id: string, actor: UndoActor, now: Date): Promise<UndoResponse> {
  const { result } = await write(db, {
    transaction: async (tx) => {
      const [row] = await tx.select().from(undoActions).where(eq(undoActions.id, id)).for('update')
      if (!row) throw notFound(UNDO_MESSAGES.notFound)
      const refusal = undoRefusal(row, actor.actorId, now)
      if (refusal) throw new ApiError(refusal.status, refusal.message)
      const kind = row.kind as UndoKind
      const { records } = v.parse(UndoPayloadSchema, row.payload)
      await RESTORES[kind](tx, records, actor, now)
      await tx.update(undoActions).set({ undoneAt: now }).where(eq(undoActions.id, id))
      return {
        result: {
          success: true as const,
          message: undoneMessage(kind, records.length),
          kind,
          restored: records.length,
        },
        audit: records.map((r) => ({
          actorId: actor.actorId,
          ip: actor.ip,
          action: `undo.${kind}`,
          entityType: UNDO_ENTITY[kind],
          entityId: r.id,
          before: r.after,
          after: r.before,
        })),
      }
    },
  })
  return result
}
