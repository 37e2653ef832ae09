/**
 * The Monthly Revenue card: the bar chart (lazy, recharts) with the year's total beside the
 * title, the same figures as a table for screen readers, and a note when no month had revenue.
 */
import { Suspense, useEffect } from 'react'
import type { Analytics } from '../../../api/schemas/analytics'
import { Card } from '../../../components/card'
import { formatINR } from '../../../lib/format'
import { FigureTerm } from './figure-term'
import { RevenueChart } from './revenue-chart-lazy'
import { RevenueTable } from './revenue-table'

export function MonthlyRevenue({ months }: { months: Analytics['monthlyRevenue'] }) {
  const total = months.reduce((sum, m) => sum + m.revenue, 0)
  return (
    <Card
      title={<FigureTerm figure="monthlyRevenue">Monthly Revenue</FigureTerm>}
      className="analytics-chart"
      data-testid="monthly-revenue"
      actions={
        <span className="muted analytics-chart__total">
          12 months <span className="num">{formatINR(total)}</span>
        </span>
      }
    >
      <div className="analytics-chart__plot" aria-hidden="true" data-testid="revenue-chart">
        <Suspense fallback={null}>
          <RevenueChart months={months} />
        </Suspense>
        {total === 0 ? <p className="analytics-chart__empty muted">No revenue in the last 12 months</p> : null}
      </div>
      <RevenueTable months={months} />
    </Card>
  )
}

/** Starts fetching the chart's chunk (with the figures, not after them). */
export function usePreloadRevenueChart() {
  useEffect(() => void RevenueChart.preload().catch(() => undefined), [])
}
