/** Display title of a verification status (SPEC.md 4 values). */
import type { VerificationStatus } from '../api/schemas/projects'

/** 'under_review' → 'Under Review'. */
export function statusTitle(status: VerificationStatus): string {
  return status
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ')
}
