/**
 * "Asha is reviewing": the badge of a project another moderator holds in triage (decision 043),
 * shown on the projects list rows and the project detail header. The claims come from
 * GET /api/admin/triage/claims (react-query key ['triage','claims']); the signed-in moderator's
 * own claims are left out.
 */
import { useMemo } from 'react'
import { Eye } from 'lucide-react'
import type { Claim } from '../../../api/schemas/live'
import { useTriageClaims } from '../../../api/triage'
import { Badge } from '../../../components/badge'
import { AuthActor } from '../../layout/auth-context'
import './claim-badge.css'

const NONE: ReadonlyMap<string, Claim> = new Map()

/**
 * The live claims of other moderators by project id (empty while loading or failed); the same map
 * until the claims or the signed-in moderator change, so it can be a memo's dependency.
 */
export function useOthersClaims(): ReadonlyMap<string, Claim> {
  const me = AuthActor.useSelector((s) => s.context.admin?._id ?? null)
  const claims = useTriageClaims().data ?? NONE
  return useMemo(() => {
    if (![...claims.values()].some((c) => c.moderator.id === me)) return claims
    return new Map([...claims].filter(([, c]) => c.moderator.id !== me))
  }, [claims, me])
}

/** The badge for `claim` (another moderator's), or nothing. */
export function ClaimBadge({ claim }: { claim: Claim | undefined }) {
  if (!claim) return null
  return (
    <span
      className="claim-badge"
      data-testid="claim-badge"
      data-moderator={claim.moderator.id}
      title="Claimed in triage"
    >
      <Badge tone="info">
        <Eye size={12} aria-hidden /> {claim.moderator.name} is reviewing
      </Badge>
    </span>
  )
}
