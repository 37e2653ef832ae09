/** Verification timeline filtering (SPEC.md 2 "Verification History"): by status and a search over notes. */
import type { OwnerNoticeOutcome, VerificationEntry, VerificationStatus } from '../../../api/schemas/projects'
import { formatDateTime } from '../../../lib/format'

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

const NOT_TOLD: Record<Exclude<OwnerNoticeOutcome, 'sent'>, string> = {
  notifications_off: 'notifications off',
  no_owner: 'no owner with an e-mail',
  failed: 'the e-mail could not be sent',
}

/**
 * Whether the owner was told of the decision (decision 048), or null while the mail waits or for a
 * decision that mails nobody: 'Owner told by e-mail · 28 Nov 2026, 10:41 am' or 'Owner not told: notifications off'.
 */
export function ownerNoticeText(entry: VerificationEntry): string | null {
  const notice = entry.ownerNotice
  if (!notice) return null
  if (notice.outcome === 'sent') return `Owner told by e-mail · ${formatDateTime(notice.at)}`
  return `Owner not told: ${NOT_TOLD[notice.outcome]}`
}
