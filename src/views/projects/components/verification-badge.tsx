/** The verification status pill (SPEC.md 4 values), shared by the list, the detail and the history. */
import { Badge, type BadgeTone } from '../../../components/badge'
import type { VerificationStatus } from '../../../api/schemas/projects'

const TONES: Record<VerificationStatus, BadgeTone> = {
  approved: 'success', pending: 'warning', under_review: 'info', rejected: 'danger', needs_changes: 'accent',
}

/** 'under_review' → 'Under Review'. */
export function statusTitle(status: VerificationStatus): string {
  return status.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ')
}

export function VerificationBadge({ status }: { status: VerificationStatus }) {
  return (
    <span data-testid="verification-badge" data-status={status}>
      <Badge tone={TONES[status]} dot>{statusTitle(status)}</Badge>
    </span>
  )
}
