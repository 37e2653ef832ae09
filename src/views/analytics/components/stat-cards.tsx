/**
 * The four period cards (SPEC.md 2 "Analytics": Total Revenue, Total Orders, Total Users, Total
 * Projects): the period's figure, its change badge against the previous period of the same length
 * (green up, red down, grey at 0; 'No earlier figures' when there is nothing to compare with) and
 * the all-time total. Revenue in rupees, ₹ en-IN.
 */
import { FolderKanban, ShoppingCart, Users, Wallet } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Analytics, AnalyticsPeriod } from '../../../api/schemas/analytics'
import { Badge, type BadgeTone } from '../../../components/badge'
import { StatCard } from '../../../components/card'
import { formatCount, formatINR, formatPercentChange } from '../../../lib/format'
import { PERIOD_SHORT_LABELS } from '../analytics-url'
import type { Figure } from '../definitions'
import { FigureTerm } from './figure-term'

type TotalKey = keyof Analytics['totals']

/** The cards in SPEC.md's order: label, icon, how the value reads. */
export const TOTAL_CARDS: ReadonlyArray<{
  key: TotalKey & Figure
  label: string
  icon: ReactNode
  format: (n: number) => string
}> = [
  { key: 'revenue', label: 'Total Revenue', icon: <Wallet size={16} />, format: formatINR },
  { key: 'orders', label: 'Total Orders', icon: <ShoppingCart size={16} />, format: formatCount },
  { key: 'users', label: 'Total Users', icon: <Users size={16} />, format: formatCount },
  { key: 'projects', label: 'Total Projects', icon: <FolderKanban size={16} />, format: formatCount },
]

/** The badge of a change in percent: '+12.5%' green, '-3%' red, '0%' grey; null has none. */
export function changeBadge(change: number | null): { text: string; tone: BadgeTone } | null {
  if (change === null) return null
  return { text: formatPercentChange(change), tone: change > 0 ? 'success' : change < 0 ? 'danger' : 'neutral' }
}

function Change({ change, period }: { change: number | null; period: AnalyticsPeriod }) {
  const badge = changeBadge(change)
  return (
    <span className="analytics-change" data-testid="change">
      {badge ? (
        <>
          <Badge tone={badge.tone}>{badge.text}</Badge>
          <span className="faint">vs previous {PERIOD_SHORT_LABELS[period]}</span>
        </>
      ) : (
        <span className="faint">No earlier figures</span>
      )}
    </span>
  )
}

export function AnalyticsStatCards({ analytics }: { analytics: Analytics }) {
  return (
    <div className="stat-grid" data-testid="analytics-totals">
      {TOTAL_CARDS.map(({ key, label, icon, format }) => (
        <StatCard
          key={key}
          name={key}
          label={label}
          term={<FigureTerm figure={key}>{label}</FigureTerm>}
          icon={icon}
          value={format(analytics.totals[key].value)}
          footer={
            <>
              <Change change={analytics.totals[key].change} period={analytics.period} />
              <span className="analytics-all-time faint">
                All time <span className="num">{format(analytics.allTime[key])}</span>
              </span>
            </>
          }
        />
      ))}
    </div>
  )
}
