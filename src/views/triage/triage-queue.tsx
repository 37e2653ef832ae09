/**
 * The queue beside the project under review: the projects still to show, in the session's order
 * (oldest or lowest risk first), each with its age, its source report's risk weight and a red
 * "High risk" badge from HIGH_RISK_WEIGHT (decision 046). Read-only: the current one is marked.
 */
import type { QueueItem } from '../../api/schemas/triage'
import { HighRiskBadge, RiskWeight } from '../../components/risk-weight'
import { formatAge } from './format-age'

/** How many of the projects to show are listed. */
const SHOWN = 8

export function TriageQueue({ items, currentId }: { items: readonly QueueItem[]; currentId: string | null }) {
  if (!items.length) return null
  return (
    <section className="card triage-queue" aria-label="Queue">
      <ol className="triage-queue__list" data-testid="triage-queue">
        {items.slice(0, SHOWN).map((item) => (
          <li
            key={item._id}
            className="triage-queue__item"
            data-project-id={item._id}
            data-high-risk={item.risk?.high || undefined}
            aria-current={item._id === currentId ? 'true' : undefined}
          >
            <span className="triage-queue__title">{item.title}</span>
            <span className="triage-queue__meta muted">{formatAge(item.ageMs)}</span>
            <span className="triage-queue__risk">
              {item.risk?.high ? <HighRiskBadge /> : null}
              <RiskWeight weight={item.risk?.weight ?? null} />
            </span>
          </li>
        ))}
      </ol>
      {items.length > SHOWN ? <p className="triage-queue__more muted">and {items.length - SHOWN} more</p> : null}
    </section>
  )
}
