/**
 * The Monthly Revenue bar chart (SPEC.md 2 "Analytics"): 12 bars, oldest first, on recharts 3.
 * Its own chunk (revenue-chart-lazy.ts), so recharts loads only on /analytics. It fills its box (the card sets the height). Colours are the
 * design tokens (CSS variables), so it follows the light and dark themes; the axes read 'Mar' and
 * '₹1.2L', the tooltip 'March 2026 · ₹1,23,456.00'. Hidden from screen readers: the screen renders
 * the same figures as a table for them (revenue-table.tsx). Each bar carries data-month for tests.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type TooltipContentProps,
} from 'recharts'
import type { Analytics } from '../../../api/schemas/analytics'
import { formatINR, formatINRCompact, formatMonth } from '../../../lib/format'

type Month = Analytics['monthlyRevenue'][number]

const TICK = { fill: 'var(--text-muted)', fontSize: 11 }

function RevenueTooltip({ active, payload, label }: TooltipContentProps) {
  if (!active || !payload?.length) return null
  return (
    <div className="chart-tooltip" data-testid="chart-tooltip">
      <span className="chart-tooltip__label">{formatMonth(String(label))}</span>
      <span className="num">{formatINR(Number(payload[0].value))}</span>
    </div>
  )
}

/** A bar with its month on its group (a bar of ₹0 draws no shape, but its group is there). */
function MonthBar(props: BarShapeProps) {
  const month = (props.payload as Month | undefined)?.month
  return (
    <g className="revenue-bar" data-month={month}>
      <Rectangle {...props} />
    </g>
  )
}

export default function RevenueChart({ months }: { months: readonly Month[] }) {
  return (
    <BarChart
      responsive
      data={[...months]}
      style={{ width: '100%', height: '100%' }}
      accessibilityLayer={false}
      margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="month"
        tickFormatter={(month: string) => formatMonth(month, 'short')}
        interval={0}
        tick={TICK}
        tickLine={false}
        axisLine={{ stroke: 'var(--border-strong)' }}
      />
      <YAxis
        tickFormatter={(rupees: number) => formatINRCompact(rupees)}
        tick={TICK}
        width={56}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip
        content={RevenueTooltip}
        cursor={{ fill: 'var(--surface-hover)', stroke: 'none' }}
        isAnimationActive={false}
      />
      <Bar
        dataKey="revenue"
        name="Revenue"
        fill="var(--accent)"
        radius={[3, 3, 0, 0]}
        maxBarSize={40}
        isAnimationActive={false}
        shape={MonthBar}
        activeBar={{ fill: 'var(--accent-hover)' }}
      />
    </BarChart>
  )
}
