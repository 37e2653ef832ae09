/**
 * The three cards under the chart (SPEC.md 2 "Analytics"): Conversion Rate and Customer Retention
 * (percent, one decimal) and Average Order Value (rupees, ₹ en-IN). Each is null when the period
 * has nothing to compute it from: the card shows '—' and says why.
 */
import { IndianRupee, Percent, Repeat } from 'lucide-react'
import type { Analytics } from '../../../api/schemas/analytics'
import { StatCard } from '../../../components/card'
import { formatCount, formatINR, formatPercent } from '../../../lib/format'
import { FigureTerm } from './figure-term'

/** A figure that may be missing: '—' for null. */
export const orDash = (value: number | null, format: (n: number) => string) => (value === null ? '—' : format(value))

export function RateCards({ analytics }: { analytics: Analytics }) {
  const { conversionRate, averageOrderValue, customerRetention, totals } = analytics
  return (
    <div className="stat-grid stat-grid--pricing" data-testid="analytics-rates">
      <StatCard
        name="conversion-rate"
        label="Conversion Rate"
        term={<FigureTerm figure="conversionRate">Conversion Rate</FigureTerm>}
        icon={<Percent size={16} />}
        value={orDash(conversionRate, formatPercent)}
        footer={
          conversionRate === null
            ? 'No orders placed in the period'
            : `completed, of ${formatCount(totals.orders.value)} orders placed`
        }
      />
      <StatCard
        name="average-order-value"
        label="Average Order Value"
        term={<FigureTerm figure="averageOrderValue">Average Order Value</FigureTerm>}
        icon={<IndianRupee size={16} />}
        value={orDash(averageOrderValue, formatINR)}
        footer={averageOrderValue === null ? 'No order completed in the period' : 'per completed order'}
      />
      <StatCard
        name="customer-retention"
        label="Customer Retention"
        term={<FigureTerm figure="customerRetention">Customer Retention</FigureTerm>}
        icon={<Repeat size={16} />}
        value={orDash(customerRetention, formatPercent)}
        footer={
          customerRetention === null ? 'No customer has a completed order' : 'of customers ordered more than once'
        }
      />
    </div>
  )
}
