/**
 * Pure rules of undo (docs/decisions/014-undo.md): the record an undoable change keeps
 * per row, when an undo is refused (not found, another admin's, already undone, too late), and
 * whether a row is still exactly as the change left it. No I/O; the restores are in the query
 * module of each kind, next to the write they reverse.
 */
import * as v from 'valibot'
import { UNDO_GRACE_MS, UNDO_MESSAGES, UNDO_WINDOW_MS, type UndoKind } from '../../src/api/schemas/undo'

/** A JSON value of a column as the undo stores it (Dates as ISO text). */
type Stored = string | number | boolean | null

/**
 * One row a change touched: its id, the columns before and after (only those the change set),
 * `version` (its updated_at, ISO, as the change left it) and `created` (the id of the history
 * entry or order note the change inserted, which the undo deletes).
 */
export type UndoRecord = {
  id: string
  before: Record<string, Stored>
  after: Record<string, Stored>
  version: string
  created?: string
}

const StoredSchema = v.union([v.string(), v.number(), v.boolean(), v.null()])
const UndoRecordSchema = v.object({
  id: v.string(),
  before: v.record(v.string(), StoredSchema),
  after: v.record(v.string(), StoredSchema),
  version: v.string(),
  created: v.optional(v.string()),
})
/** The payload column: the records of one change. */
export const UndoPayloadSchema = v.object({ records: v.array(UndoRecordSchema) })

/** The entity type each kind's records are, in the audit log. */
export const UNDO_ENTITY: Readonly<Record<UndoKind, string>> = {
  'project.verify': 'project',
  'project.active': 'project',
  'user.active': 'user',
  'order.status': 'order',
  'contact.status': 'contact',
}

/** When a change made at `now` stops being undoable (the server still accepts UNDO_GRACE_MS more). */
export function undoExpiry(now: Date): Date {
  return new Date(now.getTime() + UNDO_WINDOW_MS)
}

/** Undo rows this far past their expiry are deleted by later undoable writes, ms. */
export const UNDO_PRUNE_AFTER_MS = 60 * 60 * 1000

/** What the stored undo row says about who may use it and until when. */
export type UndoState = { actorId: string; expiresAt: Date; undoneAt: Date | null }

/**
 * Why `actorId` may not undo now (HTTP status and message), or null when it may: 403 for another
 * admin's change, 409 once undone, 410 after expiresAt + UNDO_GRACE_MS.
 */
export function undoRefusal(
  row: UndoState,
  actorId: string,
  now: Date,
): { status: 403 | 409 | 410; message: string } | null {
  if (row.actorId !== actorId) return { status: 403, message: UNDO_MESSAGES.notYours }
  if (row.undoneAt) return { status: 409, message: UNDO_MESSAGES.alreadyUndone }
  if (now.getTime() > row.expiresAt.getTime() + UNDO_GRACE_MS) return { status: 410, message: UNDO_MESSAGES.expired }
  return null
}

/** A column value as the undo stores it: Dates as ISO text, undefined as null. */
export function stored(value: unknown): Stored {
  if (value instanceof Date) return value.toISOString()
  if (value === undefined) return null
  return value as Stored
}

/**
 * True when `row` (its current columns and updated_at) is exactly as `record`'s change left it:
 * same version and every column of `after` unchanged. False means someone edited it since.
 */
export function unchangedSince(row: Record<string, unknown> & { updatedAt: Date }, record: UndoRecord): boolean {
  if (row.updatedAt.toISOString() !== record.version) return false
  return Object.entries(record.after).every(([key, value]) => stored(row[key]) === value)
}

/** The record of one row: `before` and `after` hold the same columns; `version` is the row's new updated_at. */
export function undoRecord(
  id: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  updatedAt: Date,
  created?: string,
): UndoRecord {
  const pick = (source: Record<string, unknown>) =>
    Object.fromEntries(Object.keys(after).map((k) => [k, stored(source[k])]))
  return {
    id,
    before: pick(before),
    after: pick(after),
    version: updatedAt.toISOString(),
    ...(created ? { created } : {}),
  }
}

/** Records grouped by their `before` state, so a restore is one UPDATE per distinct previous state. */
export function groupByBefore(records: readonly UndoRecord[]): { before: UndoRecord['before']; ids: string[] }[] {
  const groups = new Map<string, { before: UndoRecord['before']; ids: string[] }>()
  for (const record of records) {
    const key = JSON.stringify(Object.entries(record.before).sort(([a], [b]) => a.localeCompare(b)))
    const group = groups.get(key) ?? { before: record.before, ids: [] }
    group.ids.push(record.id)
    groups.set(key, group)
  }
  return [...groups.values()]
}
