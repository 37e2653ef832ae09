/**
 * Audit log of admin actions: who, what, when, before/after. A change of the app's data names its
 * entries to db/write.ts `write`, which inserts them in the change's own transaction, so the log
 * never disagrees with the data; `audit` is for events that change nothing else (a sign-in). The table is append-only: migration 0010
 * refuses UPDATE and DELETE in the database itself.
 *
 * Written by the app: `auth.sign_in`, `auth.otp_failed` (services/otp.ts), refresh-token reuse
 * (services/refresh-tokens.ts), `report.download_link` and `report.download`, every project write, the users writes
 * (`user.create`, `user.<group>.update` with the changed fields other than the role flags,
 * `user.bank_details.update` masked, `user.bank_account.reveal` without the number), the contacts writes
 * (`contact.status`, `contact.reply`). Written by database
 * triggers (migration 0010), whichever code makes the change: `user.role_change` (is_admin,
 * is_active, is_agent, agent_status), `commission.insert|update|delete`, `payment.update|delete`;
 * a route making such a change calls `setAuditActor` first in its transaction so the row names it.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  entityTypesOf,
  type AuditEntry as AuditEntryOut,
  type AuditFacets,
  type AuditFilters,
  type AuditListQuery,
} from '../../../src/api/schemas/audit'
import type { Db } from '../client'
import { auditLog, contacts, orders, projects, users } from '../schema'
import { escapeLike, rawRows } from '../sql'
import { projectTextMatches } from './projects-list.queries'
import {
  actionFilter,
  decodeAuditCursor,
  encodeAuditCursor,
  entityTypeOf,
  storedEntityTypes,
  USER_ENTITY_TYPES,
  type AuditCursor,
} from '../../domain/audit'
import { isCalendarDay, istDayRange } from '../../domain/orders'
import { badRequest } from '../../http/errors'

export type AuditEntry = {
  actorId: string | null
  /** Dotted action, e.g. `project.update`, `project.verify`, `auth.sign_in`. */
  action: string
  entityType: string
  entityId?: string | null
  before?: unknown
  after?: unknown
  ip?: string | null
  /**
   * When the change was made, when it set a record's version: that `updated_at` (decision 041: the
   * changes since a version are the rows after it). Default: the database's now().
   */
  at?: Date
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
  await auditInsert(db, entries)
}

/**
 * The INSERT of `entries` as audit rows, not yet run (undefined for an empty list): for
 * db/write.ts, which sends it with the change's other writes in one statement.
 */
export function auditInsert(db: Pick<Db, 'insert'>, entries: readonly AuditEntry[]) {
  if (!entries.length) return undefined
  return db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip ?? null,
      ...(entry.at ? { createdAt: entry.at } : {}),
    })),
  )
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

/**
 * Reads of the log (GET /api/admin/audit and /facets). Pages are keyset-paged newest
 * first over (created_at, id); every filter has an index of migration 0027 ending in (created_at,
 * id), so a filtered page is one backward index scan that stops after `limit + 1` rows. A search
 * is resolved first (resolveAuditSearch) so each of its arms is an index condition too: a rare
 * term is a BitmapOr of those indexes, a common one the same backward scan (BENCHMARKS.md
 * "Audit log": 1,000,000 rows).
 */
const UUID_TEXT = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
const entityUser = alias(users, 'entity_user')

/** The entity id as a uuid when the row is of `types` and its id is one, else NULL (never a failed cast). */
const entityUuid = (types: readonly string[]) => sql`CASE WHEN ${inArray(auditLog.entityType, [...types])}
  AND ${auditLog.entityId} ~ ${UUID_TEXT} THEN ${auditLog.entityId}::uuid END`

/** created_at as stored, to the microsecond, as UTC ISO text: the cursor's key. */
const cursorAt = sql<string>`to_char(${auditLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/**
 * A user's searchable text: exactly the expression users_search_trgm_idx indexes (the same as
 * users.queries.ts `userSearchText`, which imports this module, so it is not imported from there).
 */
const userSearchText = sql`lower(${users.name} || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, '') || ' '
  || regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g'))`

/**
 * What a search matches besides the log's own columns, resolved before the page query
 * (resolveAuditSearch): the actions in the log containing it, and the users, projects, orders and
 * contacts whose name/e-mail, title, number or subject contains it. As plain id lists they make
 * every arm of the search an index condition of audit_log (action, actor, entity indexes), so a
 * term that matches few rows is a BitmapOr instead of a walk down the whole log. A list that
 * reaches SEARCH_IDS_MAX falls back to its sub-select (such a common term matches rows early).
 */
export type AuditSearch = {
  pattern: string
  actions: string[]
  users: SQL | string[]
  projects: SQL | string[]
  orders: SQL | string[]
  contacts: SQL | string[]
}

/** Most ids of one kind a search resolves into a list. */
export const SEARCH_IDS_MAX = 500

/** `query`'s ids (text) as a list when fewer than SEARCH_IDS_MAX, else the sub-select itself. */
async function idsOrQuery(db: Db, query: SQL): Promise<SQL | string[]> {
  const rows = await rawRows<{ id: string }>(db, sql`${query} LIMIT ${SEARCH_IDS_MAX}`)
  return rows.length < SEARCH_IDS_MAX ? rows.map((r) => r.id) : query
}

/** Resolve `search` (non-empty) into an AuditSearch: one loose index scan of the actions and four trigram lookups. */
export async function resolveAuditSearch(db: Db, search: string): Promise<AuditSearch> {
  const term = search.toLowerCase()
  const pattern = `%${escapeLike(term)}%`
  const [actions, matchedUsers, matchedProjects, matchedOrders, matchedContacts] = await Promise.all([
    distinctValues(db, 'action').then((all) => all.filter((a) => a.toLowerCase().includes(term))),
    idsOrQuery(db, sql`SELECT ${users.id}::text AS id FROM ${users} WHERE ${userSearchText} LIKE ${pattern}`),
    idsOrQuery(
      db,
      sql`SELECT ${projects.id}::text AS id FROM ${projects}
      WHERE ${projectTextMatches(pattern)} AND lower(${projects.title}) LIKE ${pattern}`,
    ),
    idsOrQuery(
      db,
      sql`SELECT ${orders.id}::text AS id FROM ${orders}
      WHERE ${orders.searchText} LIKE ${pattern} AND lower(${orders.orderId}) LIKE ${pattern}`,
    ),
    idsOrQuery(
      db,
      sql`SELECT ${contacts.id}::text AS id FROM ${contacts}
      WHERE ${contacts.searchText} LIKE ${pattern} AND lower(${contacts.subject}) LIKE ${pattern}`,
    ),
  ])
  return {
    pattern,
    actions,
    users: matchedUsers,
    projects: matchedProjects,
    orders: matchedOrders,
    contacts: matchedContacts,
  }
}

/**
 * `column` (of SQL type `type`) among `ids`: `= ANY(array)` for a list (nothing for an empty one),
 * `IN (sub-select)` otherwise; the ids are cast to the column's type so its index serves the match.
 */
function among(column: SQL, ids: SQL | string[], type: 'text' | 'uuid' = 'text'): SQL | undefined {
  const cast = sql.raw(type)
  if (Array.isArray(ids)) return ids.length ? sql`${column} = ANY(${sql.param(ids)}::${cast}[])` : undefined
  return sql`${column} IN (SELECT matched.id::${cast} FROM (${ids}) AS matched)`
}

/** Rows of an entity type among the matched ids of that kind. */
function entityAmong(types: readonly string[], ids: SQL | string[]): SQL | undefined {
  const match = among(sql`${auditLog.entityId}`, ids)
  return match && and(inArray(auditLog.entityType, [...types]), match)
}

/**
 * The search arms: the action is one of the matched actions, the record id contains the term
 * (audit_entity_id_trgm_idx), the actor is a matched user, or the record is a matched user,
 * project, order or contact.
 */
function auditSearchWhere(search: AuditSearch): SQL {
  const arms = [
    search.actions.length ? inArray(auditLog.action, search.actions) : undefined,
    sql`lower(${auditLog.entityId}) LIKE ${search.pattern}`,
    among(sql`${auditLog.actorId}`, search.users, 'uuid'),
    entityAmong(USER_ENTITY_TYPES, search.users),
    entityAmong(['project'], search.projects),
    entityAmong(['order'], search.orders),
    entityAmong(['contact'], search.contacts),
  ].filter((arm): arm is SQL => !!arm)
  return sql`(${sql.join(arms, sql` OR `)})`
}

/**
 * The WHERE of `filters`; 400 for a day that does not exist. With a search, `search` is its
 * resolution (resolveAuditSearch): a case-insensitive literal substring of the action, the record
 * id, the actor's name/e-mail, or the record's label.
 */
export function auditFilterWhere(filters: AuditFilters, search?: AuditSearch): SQL | undefined {
  const conditions: SQL[] = []
  const types = storedEntityTypes(entityTypesOf(filters.entityType))
  if (types.length)
    conditions.push(types.length === 1 ? eq(auditLog.entityType, types[0]) : inArray(auditLog.entityType, types))
  if (filters.entityId) conditions.push(eq(auditLog.entityId, filters.entityId))
  if (filters.actorId) conditions.push(eq(auditLog.actorId, filters.actorId))
  const action = actionFilter(filters.action)
  if (action.kind === 'exact') conditions.push(eq(auditLog.action, action.action))
  if (action.kind === 'prefix') {
    conditions.push(sql`split_part(${auditLog.action}, '.', 1) = ${action.family}`)
    if (action.prefix !== `${action.family}.`)
      conditions.push(sql`${auditLog.action} LIKE ${`${escapeLike(action.prefix)}%`}`)
  }
  if (filters.from && !isCalendarDay(filters.from)) throw badRequest('From must be a date (YYYY-MM-DD)')
  if (filters.to && !isCalendarDay(filters.to)) throw badRequest('To must be a date (YYYY-MM-DD)')
  const { start, end } = istDayRange(filters.from, filters.to)
  if (start) conditions.push(sql`${auditLog.createdAt} >= ${start.toISOString()}::timestamptz`)
  if (end) conditions.push(sql`${auditLog.createdAt} < ${end.toISOString()}::timestamptz`)
  if (filters.search && search) conditions.push(auditSearchWhere(search))
  return conditions.length ? and(...conditions) : undefined
}

/**
 * The query of up to `limit` rows of the filtered log after `position`, newest first, with actor
 * and entity label (not run: await it; bench/audit-list.bench.ts EXPLAINs its SQL).
 */
export function auditRowsQuery(
  db: Db,
  filters: AuditFilters,
  search: AuditSearch | undefined,
  position: AuditCursor | undefined,
  limit: number,
) {
  const after = position
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${position.createdAt}::timestamptz, ${position.id}::bigint)`
    : undefined
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      cursorAt,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      actorId: auditLog.actorId,
      actorName: users.name,
      actorEmail: users.email,
      label: sql<
        string | null
      >`coalesce(${projects.title}, ${entityUser.name}, ${orders.orderId}, ${contacts.subject})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(projects, sql`${projects.id} = ${entityUuid(['project'])}`)
    .leftJoin(entityUser, sql`${entityUser.id} = ${entityUuid(USER_ENTITY_TYPES)}`)
    .leftJoin(orders, sql`${orders.id} = ${entityUuid(['order'])}`)
    .leftJoin(contacts, sql`${contacts.id} = ${entityUuid(['contact'])}`)
    .where(and(auditFilterWhere(filters, search), after))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
}

type AuditRow = Awaited<ReturnType<typeof auditRowsQuery>>[number]

/** A row → the contract's entry (ISO time, actor null when there is none or the user is gone). */
export function toAuditEntry(row: AuditRow): AuditEntryOut {
  return {
    id: String(row.id),
    at: row.createdAt.toISOString(),
    actor:
      row.actorId && row.actorName !== null
        ? { id: row.actorId, name: row.actorName, email: row.actorEmail ?? '' }
        : null,
    actorId: row.actorId,
    action: row.action,
    entityType: entityTypeOf(row.entityType),
    entityId: row.entityId,
    entityLabel: row.label,
    before: row.before,
    after: row.after,
    ip: row.ip,
  }
}

/**
 * One page of GET /api/admin/audit: `limit` entries after `cursor`, newest first, and the next
 * cursor (null on the last page). A cursor this server did not make → 400 'Invalid cursor'.
 */
export async function listAudit(db: Db, query: AuditListQuery) {
  let position: AuditCursor | undefined
  if (query.cursor) {
    position = decodeAuditCursor(query.cursor) ?? undefined
    if (!position) throw badRequest('Invalid cursor')
  }
  const search = query.search ? await resolveAuditSearch(db, query.search) : undefined
  const rows = await auditRowsQuery(db, query, search, position, query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  const nextCursor =
    rows.length > query.limit && last ? encodeAuditCursor({ createdAt: last.cursorAt, id: String(last.id) }) : null
  return { entries: page.map(toAuditEntry), pagination: { nextCursor } }
}

/**
 * The distinct values of a column of the log by a loose index scan (a recursive CTE that jumps
 * from one value to the next over that column's index): a few index probes per value instead of
 * reading a million rows. `column` is a fixed identifier, never user input.
 */
async function distinctValues(db: Db, column: 'entity_type' | 'action' | 'actor_id'): Promise<string[]> {
  const col = sql.identifier(column)
  const rows = await rawRows<{ value: string }>(
    db,
    sql`WITH RECURSIVE t(value) AS (
      (SELECT ${col} FROM ${auditLog} WHERE ${col} IS NOT NULL ORDER BY ${col} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${col} FROM ${auditLog} WHERE ${col} > t.value ORDER BY ${col} LIMIT 1) FROM t WHERE t.value IS NOT NULL
    ) SELECT value::text AS value FROM t WHERE value IS NOT NULL`,
  )
  return rows.map((r) => r.value)
}

/** GET /api/admin/audit/facets: the entity types, actions and actors (with a user row, by name) in the log. */
export async function auditFacets(db: Db): Promise<AuditFacets> {
  const [entityTypes, actions, actorIds] = await Promise.all([
    distinctValues(db, 'entity_type'),
    distinctValues(db, 'action'),
    distinctValues(db, 'actor_id'),
  ])
  const actors = actorIds.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, actorIds))
        .orderBy(asc(users.name), asc(users.email))
    : []
  return { entityTypes: [...new Set(entityTypes.map(entityTypeOf))].sort(), actions, actors }
}
