/**
 * A source report's risk weight (decision 046) as the lists show it: the number, red from
 * HIGH_RISK_WEIGHT, '—' before a report exists; and the "High risk" badge of the triage queue.
 */
import { isHighRisk } from '../api/schemas/source-report'
import { Badge } from './badge'

/** The weight `weight` (null: no report yet), red and titled when high. */
export function RiskWeight({ weight }: { weight: number | null | undefined }) {
  if (weight === null || weight === undefined)
    return (
      <span className="risk-weight risk-weight--none muted" title="No source report yet">
        —
      </span>
    )
  const high = isHighRisk(weight)
  return (
    <span
      className={high ? 'risk-weight risk-weight--high' : 'risk-weight'}
      data-high={high || undefined}
      title={high ? `Risk weight ${weight}: high risk` : `Risk weight ${weight}`}
    >
      {weight}
    </span>
  )
}

/** The red "High risk" badge with its dot. */
export function HighRiskBadge() {
  return (
    <Badge tone="danger" dot>
      High risk
    </Badge>
  )
}
