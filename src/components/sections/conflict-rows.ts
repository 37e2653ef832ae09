/**
 * The rows of a section's conflict bar (decision 042): each field both admins changed, with their
 * value and mine as text, and who changed theirs and when (from the 409's `changes`).
 */
import { changeOf } from '../../domain/merge-edits'
import type { SectionConflict } from '../../machines/shared/section-conflict.rules'
import { formatINR } from '../../lib/format'

/** One conflicting field as the bar shows it. */
export interface ConflictRow {
  field: string
  label: string
  theirs: string
  mine: string
  /** Who changed theirs ('someone' when the change had no actor). */
  by: string
  /** When (ISO), or null when the server listed no change naming it. */
  at: string | null
}

/** A form value in words: Yes/No, '(empty)', rupees as INR (en-IN) when `money`. */
export function valueText(value: unknown, money = false): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (value === '' || value === null || value === undefined) return '(empty)'
  if (money && Number.isFinite(Number(value))) return formatINR(Number(value))
  return String(value)
}

/** How a section words its fields in the conflict bar. */
export interface ConflictWording {
  /** The field's label. */
  label: (field: string) => string
  /** Whether the field holds rupees (worded as INR); none do when omitted. */
  money?: (field: string) => boolean
  /** A value in the section's own words; undefined (or omitted) falls back to valueText's. */
  show?: (field: string, value: unknown) => string | undefined
}

/** The bar's rows of `conflict`, worded by the section's `wording`. */
export function conflictRows(
  conflict: SectionConflict<unknown>,
  { label, money, show }: ConflictWording,
): ConflictRow[] {
  const text = (field: string, value: unknown) => show?.(field, value) ?? valueText(value, money?.(field) ?? false)
  return conflict.merge.conflicts.map((c) => {
    const change = changeOf(c.field, conflict.changes)
    return {
      field: c.field,
      label: label(c.field),
      theirs: text(c.field, c.theirs),
      mine: text(c.field, c.mine),
      by: change?.actor?.name ?? 'someone',
      at: change?.at ?? null,
    }
  })
}

/** 'Asha', 'Asha and Ravi': who changed the conflicting fields. */
export function conflictAuthors(rows: readonly ConflictRow[]): string {
  const names = [...new Set(rows.map((r) => r.by))]
  return names.length <= 1 ? (names[0] ?? 'someone') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
