/**
 * Pure rules of the audit log list (src/api/schemas/audit.ts): its keyset cursor over
 * (created_at desc, id desc), where the id is the bigint row id, and the reading of the `action`
 * filter (exact, or a prefix ending with a dot). No I/O.
 */

/** A position in the log: created_at as stored (microseconds, UTC ISO text) and the row id (decimal text). */
export type AuditCursor = { createdAt: string; id: string }

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
/** A positive bigint that fits PostgreSQL's bigint (at most 18 digits keeps it far below 2^63). */
const ROW_ID = /^[1-9]\d{0,17}$/

/** The opaque cursor of `position`: base64url of `createdAt|id`. */
export function encodeAuditCursor(position: AuditCursor): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url')
}

/** The position a cursor names, or null when this server did not make it ('' is no cursor: also null). */
export function decodeAuditCursor(cursor: string): AuditCursor | null {
  if (!cursor || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (rest.length || !createdAt || !id || !ISO_MICROS.test(createdAt) || !ROW_ID.test(id)) return null
  const time = Date.parse(createdAt)
  if (
    Number.isNaN(time) ||
    createdAt.startsWith('0000') ||
    new Date(time).toISOString().slice(0, 19) !== createdAt.slice(0, 19)
  ) {
    return null
  }
  return { createdAt, id }
}

/**
 * How the `action` filter matches: '' → no filter; `project.verify` → exact; `project.` → every
 * action of the family `project`; `project.report.` → the family `project` and the prefix
 * `project.report.` (the family is what migration 0027's audit_action_family_idx serves).
 */
export type ActionFilter =
  { kind: 'none' } | { kind: 'exact'; action: string } | { kind: 'prefix'; family: string; prefix: string }

/** Read an `action` query value (already validated as dotted lower-case words). */
export function actionFilter(action: string): ActionFilter {
  if (!action) return { kind: 'none' }
  if (!action.endsWith('.')) return { kind: 'exact', action }
  return { kind: 'prefix', family: action.split('.')[0], prefix: action }
}

/**
 * The entity types the log stores for one kind of record: the app writes the singular (`user`),
 * the audit triggers of migration 0010 write their table's name (`users`, `commission_configs`,
 * `payments`). The log is append-only, so the stored values stay; the read API speaks the
 * singular only: a filter on `user` also matches `users` rows, and every entry and facet says
 * `user`.
 */
const STORED_ENTITY_TYPES: Readonly<Record<string, readonly string[]>> = {
  user: ['user', 'users'],
  commission: ['commission', 'commission_configs'],
  payment: ['payment', 'payments'],
}
const ENTITY_TYPE_OF_STORED = new Map(
  Object.entries(STORED_ENTITY_TYPES).flatMap(([type, stored]) => stored.map((s) => [s, type] as const)),
)

/** The stored entity types a filter on `types` matches ('user' → user, users), without repeats. */
export function storedEntityTypes(types: readonly string[]): string[] {
  return [...new Set(types.flatMap((type) => STORED_ENTITY_TYPES[type] ?? [type]))]
}

/** The entity type the API shows for a stored one ('users' → 'user'; others as they are). */
export function entityTypeOf(stored: string): string {
  return ENTITY_TYPE_OF_STORED.get(stored) ?? stored
}

/** The stored entity types whose rows name a user. */
export const USER_ENTITY_TYPES = storedEntityTypes(['user'])
