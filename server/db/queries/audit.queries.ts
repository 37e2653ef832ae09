/**
 * Audit log of admin actions: who, what, when, before/after. Call inside the same transaction as
 * the change so the log never disagrees with the data.
 */
import type { Db } from '../client'
import { auditLog } from '../schema'

export type AuditEntry = {
  actorId: string | null
  /** Dotted action, e.g. `project.update`, `project.verify`, `auth.sign_in`. */
  action: string
  entityType: string
  entityId?: string | null
  before?: unknown
  after?: unknown
  ip?: string | null
}

/** Insert one audit row using `db` (a transaction handle or the database). */
export async function audit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  })
}
