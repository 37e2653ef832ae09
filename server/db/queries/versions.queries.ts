/**
 * What a stale write is answered with (decision 041): the audited changes of a record made after
 * the version the write named, who last changed the rows a bulk write left alone, and the 409
 * `version_conflict` itself. Also the SQL form of domain/versions.ts `nextVersion`, for an UPDATE
 * of many rows.
 *
 * The audit rows of a versioned write carry the version it set as their `created_at` (the app's
 * entries through AuditEntry.at, the triggers of migration 0010 by migration 0037), so "after
 * version V" is `created_at > V` at the version's precision, and the write that made V is not
 * among them.
 */
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { VERSION_CONFLICT, type RowConflict, type VersionChange } from '../../../src/api/schemas/versions'
import { ApiError } from '../../http/errors'
import {
  AUDITED_AS,
  changedFields,
  conflictMessage,
  versionOf,
  type StaleVersion,
  type VersionedEntity,
} from '../../domain/versions'
import type { Db } from '../client'
import { auditLog, users } from '../schema'
import { rawRows } from '../sql'

/** Audited actions that read a record without changing it: never a change since a version. */
const READS = ['user.bank_account.reveal', 'report.download', 'report.download_link']

/** `created_at` to the millisecond, the precision of a version. */
const auditedAt = sql`date_trunc('milliseconds', ${auditLog.createdAt})`

/**
 * The audited changes of `entity` `id` made after `version` (an ISO time), oldest first, each with
 * its actor (id and name; null without one or when the user is gone), time, action, the contract
 * field names it touched and its before/after as recorded.
 */
export async function changesSince(
  db: Db,
  entity: VersionedEntity,
  id: string,
  version: string,
): Promise<VersionChange[]> {
  const since = Date.parse(version)
  const rows = await db
    .select({
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      actorId: auditLog.actorId,
      actorName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        inArray(auditLog.entityType, [...AUDITED_AS[entity]]),
        eq(auditLog.entityId, id),
        notInArray(auditLog.action, READS),
        // A version that is not a time (a client's own tag) is older than every change.
        Number.isNaN(since) ? undefined : sql`${auditedAt} > ${new Date(since).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
  return rows.map((row) => ({
    actor: row.actorId && row.actorName !== null ? { id: row.actorId, name: row.actorName } : null,
    at: row.createdAt.toISOString(),
    action: row.action,
    fields: changedFields(row.before, row.after),
    before: row.before,
    after: row.after,
  }))
}

/**
 * The 409 `version_conflict` of `stale` (src/api/schemas/live.ts VersionConflictBodySchema): the
 * message names who made the newest change, `version` is the record's version now, `changes`
 * those made since the version the write named.
 */
export async function versionConflict(db: Db, stale: StaleVersion): Promise<ApiError> {
  const changes = await changesSince(db, stale.entity, stale.id, stale.expected)
  const last = changes.at(-1)
  return new ApiError(
    409,
    conflictMessage(stale.entity, last?.actor?.name ?? null),
    undefined,
    VERSION_CONFLICT,
    undefined,
    {
      version: stale.current,
      changes,
    },
  )
}

/**
 * The rows a bulk write left unchanged because they moved since the client loaded them, as the
 * answer's `conflicts`: id, version now, and the actor of each one's newest audited change.
 */
export async function rowConflicts(
  db: Db,
  entity: VersionedEntity,
  moved: readonly { id: string; updatedAt: Date }[],
): Promise<RowConflict[]> {
  if (!moved.length) return []
  const types = sql.join(
    AUDITED_AS[entity].map((type) => sql`${type}`),
    sql`, `,
  )
  const latest = await rawRows<{ entity_id: string; actor_id: string | null; name: string | null }>(
    db,
    sql`SELECT DISTINCT ON (a.entity_id) a.entity_id, a.actor_id::text AS actor_id, u.name
      FROM ${auditLog} a LEFT JOIN ${users} u ON u.id = a.actor_id
      WHERE a.entity_type IN (${types}) AND a.entity_id = ANY(${sql.param(moved.map((m) => m.id))}::text[])
        AND a.action <> ALL(${sql.param(READS)}::text[])
      ORDER BY a.entity_id, a.created_at DESC, a.id DESC`,
  )
  const byId = new Map(latest.map((row) => [row.entity_id, row]))
  return moved.map((row) => {
    const last = byId.get(row.id)
    return {
      id: row.id,
      version: versionOf(row.updatedAt),
      changedBy: last?.actor_id && last.name !== null ? { id: last.actor_id, name: last.name } : null,
    }
  })
}

/**
 * domain/versions.ts `nextVersion` in SQL, for `SET updated_at = …` of many rows: `now`, or one
 * millisecond after the row's version (to the millisecond) when `now` is not past it.
 */
export function nextVersionSql(column: PgColumn, now: Date): SQL<Date> {
  return sql<Date>`GREATEST(${now.toISOString()}::timestamptz, date_trunc('milliseconds', ${column}) + interval '1 millisecond')`
}
