/**
 * Pure rules of triage (contract src/api/schemas/triage.ts): the start of today in India,
 * the 30-day window of the median, and the audit rows of a project turned into field changes.
 */
import type { FieldChange } from '../../src/api/schemas/triage'
import { IST_OFFSET_MS } from './user-rules'

const DAY_MS = 86_400_000
/** The median time to decision is taken over the decisions of this many days. */
export const MEDIAN_WINDOW_DAYS = 30

/** 00:00 of `now`'s day in India (IST, UTC+05:30), as an instant. */
export function istDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS)
}

/** The start of the median's window: `now` minus MEDIAN_WINDOW_DAYS days. */
export function medianWindowStart(now: Date): Date {
  return new Date(now.getTime() - MEDIAN_WINDOW_DAYS * DAY_MS)
}

/** Columns kept by triggers or derived: never shown as a change. */
const HIDDEN_FIELDS = new Set(['updatedAt', 'createdAt'])

/** One `project.update` audit row: before and after hold the changed columns only. */
export type ProjectUpdateRow = {
  before: unknown
  after: unknown
  at: Date
  actorId: string | null
  actorName: string | null
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/**
 * One FieldChange per field per audit row, oldest first, fields of a row in name order; a field
 * present on one side only has null on the other.
 */
export function fieldChanges(rows: readonly ProjectUpdateRow[]): FieldChange[] {
  return rows.flatMap((row) => {
    const before = record(row.before)
    const after = record(row.after)
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((f) => !HIDDEN_FIELDS.has(f))
      .sort()
    const by = row.actorId ? { _id: row.actorId, name: row.actorName ?? 'Removed user' } : null
    return fields.map((field) => ({
      field,
      before: before[field] ?? null,
      after: after[field] ?? null,
      by,
      at: row.at.toISOString(),
    }))
  })
}

/** When a claim taken or renewed at `now` expires: CLAIM_TTL_MS later (src/api/schemas/live.ts). */
export function claimExpiry(now: Date, ttlMs: number): Date {
  return new Date(now.getTime() + ttlMs)
}

/** The message of the 409 `claimed`: who is reviewing the project. */
export const claimedMessage = (moderatorName: string) => `${moderatorName} is reviewing this project`

/** The message of the 409 `not_in_queue`: a claim of a project that no longer waits for a decision. */
export const NOT_IN_QUEUE_MESSAGE = 'This project no longer waits for a decision'
