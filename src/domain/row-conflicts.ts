/**
 * How a bulk write's stale rows are told (live.ts "Versions", decision 042): the rows another
 * admin changed after the list was loaded are left unchanged by the server and named here by
 * count and by who changed them.
 */
import type { RowConflict } from '../api/schemas/versions'

/** Distinct names of the admins who changed the rows, in the order first met (rows without an actor add none). */
export function changedByNames(conflicts: readonly RowConflict[]): string[] {
  return [...new Set(conflicts.flatMap((c) => (c.changedBy ? [c.changedBy.name] : [])))]
}

/**
 * '1 changed since you loaded it (by Asha)', '3 changed since you loaded them (by Asha, Ravi)';
 * without actors the bracket is left out. Null when no row conflicted.
 */
export function conflictNote(conflicts: readonly RowConflict[]): string | null {
  if (conflicts.length === 0) return null
  const names = changedByNames(conflicts)
  const by = names.length > 0 ? ` (by ${names.join(', ')})` : ''
  return `${conflicts.length} changed since you loaded ${conflicts.length === 1 ? 'it' : 'them'}${by}`
}

/** The ids of `ids` the server applied the write to: those not listed in `conflicts`. */
export function appliedIds(ids: readonly string[], conflicts: readonly RowConflict[]): string[] {
  const stale = new Set(conflicts.map((c) => c.id))
  return ids.filter((id) => !stale.has(id))
}
