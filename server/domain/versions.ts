/**
 * Record versions (decision 041, src/api/schemas/live.ts "Versions"): a record's version is its
 * `updated_at` as ISO 8601 text with milliseconds. Pure rules: the next version a write gives a
 * row, whether a named version is stale, which rows of a bulk write moved, the contract field
 * names an audit entry touched and the texts of a conflict. No I/O.
 */

/** The version of a row whose `updated_at` is `updatedAt`: ISO 8601, UTC, milliseconds. */
export const versionOf = (updatedAt: Date): string => updatedAt.toISOString()

/**
 * The `updated_at` a write gives a row last written at `previous`: the write's clock `now`, or
 * one millisecond after `previous` when the clock is not past it (two writes in one millisecond,
 * a clock behind the last writer's), so each write of a row makes a new, larger version.
 * db/queries/versions.queries.ts `nextVersionSql` is the same rule in SQL, for an UPDATE of many rows.
 */
export function nextVersion(previous: Date, now: Date): Date {
  const after = previous.getTime() + 1
  return now.getTime() >= after ? now : new Date(after)
}

/** A write named a version (If-Match) that is not the row's: the write changes nothing (409). */
export class StaleVersion extends Error {
  constructor(
    /** What the conflict says: `entity` ('project', 'user', 'order', 'contact', 'commission_config'). */
    readonly entity: VersionedEntity,
    readonly id: string,
    /** The row's version now (updatedAt ISO). */
    readonly current: string,
    /** The version the write named. */
    readonly expected: string,
  ) {
    super(`${entity} ${id} is at ${current}, not ${expected}`)
  }
}

/** The records writes are versioned for (src/api/schemas/live.ts PRESENCE_ENTITIES names the same kinds). */
export type VersionedEntity = 'project' | 'user' | 'order' | 'contact' | 'commission_config'

/**
 * Throw StaleVersion when `expected` (the If-Match version; null: none sent) is not the version of
 * `row`; otherwise nothing. Called where the write reads its row: in an optimistic plan or after
 * the FOR UPDATE of a locked write.
 */
export function assertVersion(
  entity: VersionedEntity,
  row: { id: string; updatedAt: Date },
  expected: string | null | undefined,
): void {
  if (expected == null) return
  const current = versionOf(row.updatedAt)
  if (current !== expected) throw new StaleVersion(entity, row.id, current, expected)
}

/**
 * Split the rows a bulk write read by the versions the client chose them at (`{ id: updatedAt }`):
 * `current` are still that version (or have none named), `moved` changed since (left unchanged by
 * the write and reported). Without `versions` every row is current.
 */
export function splitByVersion<Row extends { id: string; updatedAt: Date }>(
  rows: readonly Row[],
  versions: Readonly<Record<string, string>> | undefined,
): { current: Row[]; moved: Row[] } {
  const current: Row[] = []
  const moved: Row[] = []
  for (const row of rows) {
    const named = versions?.[row.id]
    if (named !== undefined && named !== versionOf(row.updatedAt)) moved.push(row)
    else current.push(row)
  }
  return { current, moved }
}

/** How a record is named in a conflict's message. */
const RECORD_NAMES: Record<VersionedEntity, string> = {
  project: 'Project',
  user: 'User',
  order: 'Order',
  contact: 'Contact',
  commission_config: 'Commission configuration',
}

/** The message of a 409 version_conflict: "Project was changed by Asha since you opened it". */
export function conflictMessage(entity: VersionedEntity, changedBy: string | null): string {
  return `${RECORD_NAMES[entity]} was changed by ${changedBy ?? 'someone else'} since you opened it`
}

/**
 * A bulk answer's message with the rows left unchanged counted: the SPEC text when none moved,
 * else "<text>; 1 changed since you loaded it" ("…; 2 changed since you loaded them").
 */
export function withMovedCount(message: string, moved: number): string {
  if (!moved) return message
  return `${message}; ${moved} changed since you loaded ${moved === 1 ? 'it' : 'them'}`
}

/**
 * The stored entity types whose audit rows record changes of an entity: the app writes the
 * singular, the triggers of migration 0010 their table's name (decision 036).
 */
export const AUDITED_AS: Record<VersionedEntity, readonly string[]> = {
  project: ['project'],
  user: ['user', 'users'],
  order: ['order'],
  contact: ['contact'],
  commission_config: ['commission_configs'],
}

/** Stored names whose contract name is not their camel case. */
const CONTRACT_NAMES: Record<string, string> = {
  projectOwnerId: 'projectOwner',
  projectId: 'project',
  defaultDiscountBps: 'defaultDiscountPercent',
  agentDiscountBps: 'agentDiscountPercent',
  studentCommissionBps: 'studentCommissionPercent',
}
/** Columns every write changes or none does: not a field an admin edits. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'searchText', 'replyClaimedAt'])

/**
 * The contract's name of a stored field: snake case (the triggers' rows) to camel case, paise
 * amounts by their rupee field (`pricePaise` → `price`), `…RateBps` → `…Rate`, other basis points
 * by their percent field, `projectOwnerId` → `projectOwner`.
 */
export function contractFieldName(stored: string): string {
  const camel = stored.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
  if (CONTRACT_NAMES[camel]) return CONTRACT_NAMES[camel]
  if (camel.endsWith('Paise')) return camel.slice(0, -'Paise'.length)
  if (camel.endsWith('RateBps')) return camel.slice(0, -'Bps'.length)
  if (camel.endsWith('Bps')) return `${camel.slice(0, -'Bps'.length)}Percent`
  return camel
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/**
 * The contract field names an audit entry's `before`/`after` touched: the keys whose values
 * differ (a key on one side only counts), without bookkeeping columns, sorted, each once.
 */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = asRecord(before)
  const a = asRecord(after)
  const names = new Set<string>()
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const name = contractFieldName(key)
    if (BOOKKEEPING.has(name)) continue
    if (JSON.stringify(b[key]) !== JSON.stringify(a[key])) names.add(name)
  }
  return [...names].sort()
}
