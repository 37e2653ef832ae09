/**
 * Analytics (SPEC.md 2 "Analytics"; DESIGN.md: real figures): 'Analytics Dashboard' with
 * the period in ?period= (30d | 90d | 12m; analytics.commands.ts, keys 1/2/3), the four period
 * cards with change badges and all-time totals, the Monthly Revenue chart (recharts, its own lazy
 * chunk) with the same figures as a table for screen readers, Top Performing Projects (each opens
 * /projects/{id}; j/k, Enter) and the Conversion Rate, Average Order Value and Customer Retention
 * cards. Each figure's label shows its definition as a tooltip. Money in rupees, ₹ en-IN. While
 * another period loads, the previous figures stay, dimmed. Loading, error with Retry, and empty
 * states (nothing in the marketplace yet).
 */
import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { useSearch } from 'wouter'
import { useAnalytics } from '../../api/analytics'
import { withReason } from '../../api/error-text'
import type { Analytics } from '../../api/schemas/analytics'
import { TOP_PROJECT, type AnalyticsHandle } from '../../commands/analytics.commands'
import { CommandRetry } from '../../commands/command-retry'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { PageHeader } from '../../components/page-header'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { formatDate } from '../../lib/format'
import { actorOptions } from '../../machines/shared/inspect'
import { listFocusMachine } from '../../machines/list-focus.machine'
import { parseAnalyticsSearch, PERIOD_SHORT_LABELS } from './analytics-url'
import { MonthlyRevenue, usePreloadRevenueChart } from './components/monthly-revenue'
import { PeriodSelector } from './components/period-selector'
import { RateCards } from './components/rate-cards'
import { AnalyticsStatCards } from './components/stat-cards'
import { TopProjects } from './components/top-projects'
import { FigureTerm } from './components/figure-term'
import './analytics.css'
// Bundle layout only, measured and not explained (decision 035): without this
// import of a module the entry holds anyway, rolldown 1.2 moves xstate, @xstate/react and the API
// client out of the entry into four shared chunks, +2.1 kB gzip on /login.
import '../layout/auth-context'

/** Nothing to show at all: no project, user, order or revenue ever. */
export const isEmptyMarketplace = (a: Analytics) => Object.values(a.allTime).every((n) => n === 0)

export default function AnalyticsView() {
  const period = parseAnalyticsSearch(useSearch())
  const { data, error, isPending, isPlaceholderData, refetch } = useAnalytics(period)
  usePreloadRevenueChart()

  const list = useActorRef(listFocusMachine, actorOptions())
  const focus = useSelector(list, (s) => s.context.focus)
  const projects = useMemo(() => (data?.topProjects ?? []).map((p) => ({ id: p._id, title: p.title })), [data])
  useEffect(() => {
    list.send({ type: 'rows.loaded', rows: projects })
  }, [projects, list])
  const focusedId = projects[focus]?.id
  const handle = useMemo<AnalyticsHandle>(() => ({ period, projects, list }), [period, projects, list])
  usePublishCommandContext(
    useMemo(
      () => ({
        analytics: handle,
        focused: focusedId ? { kind: TOP_PROJECT, id: focusedId } : undefined,
      }),
      [handle, focusedId],
    ),
  )

  return (
    <div className="analytics" data-testid="analytics-screen">
      <PageHeader
        title="Analytics Dashboard"
        actions={<PeriodSelector period={period} />}
        description={
          data ? <Bounds analytics={data} /> : 'Sales, customers and projects of the period. 1/2/3 switch the period.'
        }
      />
      {isPending ? (
        <LoadingState title="Loading Analytics" description="Fetching analytics figures..." />
      ) : error && !data ? (
        <ErrorState
          title="Error Loading Analytics"
          message={withReason('Failed to load analytics', error)}
          action={<CommandRetry retry={() => void refetch()} />}
        />
      ) : !data || isEmptyMarketplace(data) ? (
        <EmptyState
          title="No data available"
          description="Figures appear once the marketplace has projects, users or orders."
        />
      ) : (
        <Figures analytics={data} focus={focus} updating={isPlaceholderData} />
      )}
    </div>
  )
}

/** '26 Oct 2026 – 25 Nov 2026, compared with the 30 days before', the period's definition as its tooltip. */
function Bounds({ analytics }: { analytics: Analytics }) {
  return (
    <>
      <FigureTerm figure="period">
        <span className="num">
          {formatDate(analytics.from)} – {formatDate(analytics.to)}
        </span>
      </FigureTerm>
      {`, compared with the ${PERIOD_SHORT_LABELS[analytics.period]} before. 1/2/3 switch the period; J/K and Enter open a top project.`}
    </>
  )
}

function Figures({ analytics, focus, updating }: { analytics: Analytics; focus: number; updating: boolean }) {
  return (
    <div
      className="analytics__figures"
      data-testid="analytics-figures"
      data-period={analytics.period}
      aria-busy={updating || undefined}
      data-updating={updating || undefined}
    >
      <AnalyticsStatCards analytics={analytics} />
      <div className="analytics__main">
        <MonthlyRevenue months={analytics.monthlyRevenue} />
        <TopProjects projects={analytics.topProjects} focus={focus} />
      </div>
      <RateCards analytics={analytics} />
    </div>
  )
}
