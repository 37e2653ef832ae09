/**
 * What every bulk write answers beside its own figures (live.ts "Versions"): the undo ticket when
 * it can be undone, and the rows it left unchanged because they changed since they were listed.
 */
import type { RowConflict, RowVersions } from './schemas/versions'
import type { UndoTicket } from './schemas/undo'

/** The undo ticket (null: nothing to undo) and the rows left unchanged because they changed since they were listed. */
export interface BulkOutcome {
  undo: UndoTicket | null
  conflicts: RowConflict[]
}

/** The outcome part of a bulk answer (`undo`, `conflicts` both optional in the contract). */
export function bulkOutcome(answer: { undo?: UndoTicket | null; conflicts?: RowConflict[] }): BulkOutcome {
  return { undo: answer.undo ?? null, conflicts: answer.conflicts ?? [] }
}

/**
 * The versions (`updatedAt` by id) of the rows among `rows` whose id is in `ids`, as they were
 * listed; rows without a version are left out (the server then applies them as SPEC.md says).
 * Undefined when none has one, so the request carries no `versions` at all.
 */
export function versionsOf(
  rows: ReadonlyArray<{ id: string; updatedAt?: string }>,
  ids: readonly string[],
): RowVersions | undefined {
  const wanted = new Set(ids)
  const entries = rows.filter((r) => wanted.has(r.id) && r.updatedAt).map((r) => [r.id, r.updatedAt as string])
  return entries.length > 0 ? Object.fromEntries(entries) : undefined
}
