/**
 * The replay of GET /api/events after a `Last-Event-ID`: the announced audit entries (those
 * migration 0034 NOTIFYs) with a greater id, oldest first, as ChangeEvents. The primary key walks
 * them in id order and stops after `limit + 1` rows.
 */
import { and, asc, eq, gt, max, notInArray, sql } from 'drizzle-orm'
import type { ChangeEvent } from '../../../src/api/schemas/live'
import { entityTypeOf } from '../../domain/audit'
import { UNANNOUNCED_ACTIONS } from '../../domain/live-events'
import type { Db } from '../client'
import { auditLog, users } from '../schema'

/** `events` after the id, or `complete: false` when they are more than `limit` or the id is unknown (then resync). */
export type Replay = { complete: true; events: ChangeEvent[] } | { complete: false }

/** The changes after audit id `afterId` (decimal text), at most `limit` of them. */
export async function changesAfter(db: Db, afterId: string, limit: number): Promise<Replay> {
  const after = BigInt(afterId)
  const [{ newest }] = await db.select({ newest: max(auditLog.id) }).from(auditLog)
  // An id above the newest entry names another database (restored, reset): nothing after it is known.
  if (after > BigInt(newest ?? 0)) return { complete: false }
  const rows = await db
    .select({
      id: sql<string>`${auditLog.id}::text`,
      at: sql<string>`to_char(${auditLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      actorId: auditLog.actorId,
      actorName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(gt(auditLog.id, sql`${afterId}::bigint`), notInArray(auditLog.action, [...UNANNOUNCED_ACTIONS])))
    .orderBy(asc(auditLog.id))
    .limit(limit + 1)
  if (rows.length > limit) return { complete: false }
  return {
    complete: true,
    events: rows.map((row) => ({
      type: 'change',
      id: row.id,
      at: row.at,
      action: row.action,
      entityType: entityTypeOf(row.entityType),
      entityId: row.entityId,
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    })),
  }
}
