/**
 * Audit log of admin actions: who, what, when, before/after. Call inside the same transaction as
 * the change so the log never disagrees with the data. The table is append-only: migration 0010
 * refuses UPDATE and DELETE in the database itself.
 *
 * Written by the app: `auth.sign_in`, `auth.otp_failed` (services/otp.ts), refresh-token reuse
 * (services/refresh-tokens.ts), `report.download_link` and `report.download`, every project write, the users writes of issue 9
 * (`user.create`, `user.<group>.update` with the changed fields other than the role flags,
 * `user.bank_details.update` masked, `user.bank_account.reveal` without the number), the contacts writes of
 * issue 11 (`contact.status`, `contact.reply`). Written by database
 * triggers (migration 0010), whichever code makes the change: `user.role_change` (is_admin,
 * is_active, is_agent, agent_status), `commission.insert|update|delete`, `payment.update|delete`;
 * a route making such a change calls `setAuditActor` first in its transaction so the row names it.
 */
import { sql } from 'drizzle-orm'
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
  await auditMany(db, [entry])
}

/**
 * Insert `entries` as audit rows in one statement (ids ascend in the given order; nothing for an
 * empty list). Bulk writes use it so N projects cost one INSERT instead of N round trips
 * (BENCHMARKS.md "Load").
 */
export async function auditMany(db: Pick<Db, 'insert'>, entries: readonly AuditEntry[]): Promise<void> {
  if (!entries.length) return
  await db.insert(auditLog).values(entries.map((entry) => ({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  })))
}

/**
 * Name the admin (and client IP) behind the rest of transaction `tx` for the audit triggers of
 * migration 0010 (role, commission and payment changes). Transaction-local (`set_config(..,
 * true)`): it ends with the transaction, so it must be called inside `db.transaction`.
 */
export async function setAuditActor(tx: Pick<Db, 'execute'>, actor: { actorId: string; ip?: string | null }) {
  await tx.execute(sql`SELECT set_config('app.audit_actor', ${actor.actorId}, true),
    set_config('app.audit_ip', ${actor.ip ?? ''}, true)`)
}
