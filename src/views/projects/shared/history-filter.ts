/** Verification timeline filtering (SPEC.md 2 "Verification History"): by status and a search over notes. */
import type { VerificationEntry, VerificationStatus } from '../../../api/schemas/projects'

/** Entries with `status` ('' = any) whose notes contain `search` (case-insensitive, trimmed). */
export function filterHistory(
  entries: readonly VerificationEntry[],
  status: '' | VerificationStatus,
  search: string,
): VerificationEntry[] {
  const needle = search.trim().toLowerCase()
  return entries.filter((e) => (!status || e.status === status) && (!needle || e.notes.toLowerCase().includes(needle)))
}

/** Who made the change: the admin's name, or 'Project Owner' when absent (SPEC.md 6). */
export const verifiedByName = (entry: VerificationEntry) => entry.verifiedBy?.name || 'Project Owner'
