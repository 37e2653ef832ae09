/**
 * The verification queue's figures on the dashboard (GET /api/admin/triage/stats):
 * waiting, the oldest one's age in the queue, decisions since midnight in India, and the median
 * time to a decision over the last 30 days, with 'Start triage'. Loads on its own: a failure
 * shows one line and leaves the rest of the dashboard alone.
 */
import { Clock, Gavel, Hourglass, Inbox } from 'lucide-react'
import { useTriageStats } from '../../api/triage'
import { CommandButton } from '../../commands/command-button'
import { StatCard } from '../../components/card'
import { formatCount } from '../../lib/format'
import { formatAge } from '../triage/format-age'

export function QueueFigures() {
  const { data, error } = useTriageStats()
  return (
    <section className="queue-figures" aria-labelledby="queue-figures-title" data-testid="queue-figures">
      <header className="queue-figures__header">
        <h2 id="queue-figures-title">Verification queue</h2>
        <CommandButton id="projects.triage.open" size="sm" />
      </header>
      {error && !data ? (
        <p className="muted">Queue figures are unavailable: {error.message}</p>
      ) : (
        <div className="stat-grid">
          <StatCard
            name="queue-waiting"
            label="Waiting"
            value={data ? formatCount(data.waiting) : '…'}
            icon={<Inbox size={16} />}
          />
          <StatCard
            name="queue-oldest"
            label="Oldest in queue"
            value={data ? (data.oldestAgeMs === null ? '—' : formatAge(data.oldestAgeMs)) : '…'}
            icon={<Hourglass size={16} />}
          />
          <StatCard
            name="queue-decided-today"
            label="Decided today"
            value={data ? formatCount(data.decidedToday) : '…'}
            icon={<Gavel size={16} />}
            footer="Since midnight IST"
          />
          <StatCard
            name="queue-median"
            label="Median time to decision"
            value={data ? (data.medianDecisionMs === null ? '—' : formatAge(data.medianDecisionMs)) : '…'}
            icon={<Clock size={16} />}
            footer="Last 30 days"
          />
        </div>
      )}
    </section>
  )
}
