/** The verification status pill (SPEC.md 4 values), shared by the list, the detail and the history. */
import { Badge, type BadgeTone } from '../../../components/badge'
import type { VerificationStatus } from '../../../api/schemas/projects'
import { statusTitle } from '../../../lib/status-title'

const TONES: Record<VerificationStatus, BadgeTone> = {
  approved: 'success',
  pending: 'warning',
  under_review: 'info',
  rejected: 'danger',
  needs_changes: 'accent',
}

export { statusTitle }

export function VerificationBadge({ status }: { status: VerificationStatus }) {
  return (
    <span data-testid="verification-badge" data-status={status}>
      <Badge tone={TONES[status]} dot>
        {statusTitle(status)}
      </Badge>
    </span>
  )
}
