/**
 * Presence storage (table presence, migration 0036; decision 045). A heartbeat is one upsert;
 * a leave and the sweep are one DELETE each. Each statement that changes who is on a record or
 * which section they edit also sends `pg_notify('console_events', PresenceEvent)` in the same
 * statement, so the event leaves at its commit; a heartbeat that changes nothing sends none.
 * Presence is not the marketplace's data and audits nothing, so these are plain statements
 * (decision 031, "writes that audit nothing").
 */
import { and, asc, eq, gte, ne, sql } from 'drizzle-orm'
import type { PresenceTarget } from '../../../src/api/schemas/live'
import { CONSOLE_EVENTS_CHANNEL, presenceCutoff, type PresenceRow } from '../../domain/presence'
import type { Db } from '../client'
import { presence, users } from '../schema'
import { rawRows } from '../sql'

/** One heartbeat: who, where, and the section being edited (null while only viewing). */
export type Heartbeat = PresenceTarget & { adminId: string; section: string | null }

/** The PresenceEvent of each row of `rows` (a CTE with entity_type and entity_id), as NOTIFY payload text. */
const eventPayload = sql`json_build_object('type', 'presence', 'entityType', entity_type, 'entityId', entity_id)::text`

/**
 * Upsert the admin's row on the record at `now` (the app's clock). `since` is kept while the row
 * is live and restarts when it had expired. Notifies when the admin was not there (no row, or an
 * expired one) or the section changed. Answers whether it notified.
 */
export async function recordHeartbeat(db: Db, beat: Heartbeat, now: Date): Promise<boolean> {
  const at = now.toISOString()
  const cutoff = presenceCutoff(now).toISOString()
  const [row] = await rawRows<{ notified: number }>(
    db,
    sql`WITH prev AS (
      SELECT section FROM presence
      WHERE admin_id = ${beat.adminId} AND entity_type = ${beat.entityType} AND entity_id = ${beat.entityId}
        AND seen_at >= ${cutoff}::timestamptz
    ), up AS (
      INSERT INTO presence AS p (admin_id, entity_type, entity_id, section, since, seen_at)
      VALUES (${beat.adminId}, ${beat.entityType}, ${beat.entityId}, ${beat.section}, ${at}::timestamptz, ${at}::timestamptz)
      ON CONFLICT (admin_id, entity_type, entity_id) DO UPDATE SET
        section = excluded.section,
        seen_at = excluded.seen_at,
        since = CASE WHEN p.seen_at < ${cutoff}::timestamptz THEN excluded.since ELSE p.since END
      RETURNING entity_type, entity_id
    ), changed AS (
      SELECT pg_notify(${CONSOLE_EVENTS_CHANNEL}, ${eventPayload}) FROM up
      WHERE NOT EXISTS (SELECT 1 FROM prev WHERE prev.section IS NOT DISTINCT FROM ${beat.section}::text)
    )
    SELECT (SELECT count(*) FROM changed)::int AS notified`,
  )
  return row.notified > 0
}

/** The live viewers of a record other than `adminId`, earliest arrival first. */
export async function otherViewers(db: Db, target: PresenceTarget, adminId: string, now: Date): Promise<PresenceRow[]> {
  return db
    .select({ adminId: presence.adminId, name: users.name, section: presence.section, since: presence.since })
    .from(presence)
    .innerJoin(users, eq(users.id, presence.adminId))
    .where(
      and(
        eq(presence.entityType, target.entityType),
        eq(presence.entityId, target.entityId),
        ne(presence.adminId, adminId),
        gte(presence.seenAt, presenceCutoff(now)),
      ),
    )
    .orderBy(asc(presence.since), asc(presence.adminId))
}

/** The admin left the record: delete their row, notifying when there was one. Answers whether there was. */
export async function leaveRecord(db: Db, adminId: string, target: PresenceTarget): Promise<boolean> {
  const [row] = await rawRows<{ removed: number }>(
    db,
    sql`WITH gone AS (
      DELETE FROM presence
      WHERE admin_id = ${adminId} AND entity_type = ${target.entityType} AND entity_id = ${target.entityId}
      RETURNING entity_type, entity_id
    ), sent AS (SELECT pg_notify(${CONSOLE_EVENTS_CHANNEL}, ${eventPayload}) FROM gone)
    SELECT (SELECT count(*) FROM sent)::int AS removed`,
  )
  return row.removed > 0
}

/**
 * Delete the rows not seen since the TTL before `now` (background job 'sweep-presence'), one
 * notification per record they were on, so open screens drop a viewer whose tab went away
 * without leaving. Answers how many rows it deleted.
 */
export async function sweepPresence(db: Db, now: Date): Promise<number> {
  const [row] = await rawRows<{ removed: number }>(
    db,
    sql`WITH gone AS (
      DELETE FROM presence WHERE seen_at < ${presenceCutoff(now).toISOString()}::timestamptz
      RETURNING entity_type, entity_id
    ), sent AS (
      SELECT pg_notify(${CONSOLE_EVENTS_CHANNEL}, ${eventPayload})
      FROM (SELECT DISTINCT entity_type, entity_id FROM gone) AS records
    )
    SELECT (SELECT count(*) FROM gone)::int AS removed, (SELECT count(*) FROM sent)::int AS notified`,
  )
  return row.removed
}
