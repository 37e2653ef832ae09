/**
 * The chart's figures as a table for screen readers (the chart itself is hidden from them):
 * each of the 12 months, oldest first, and its revenue in ₹ en-IN.
 */
import type { Analytics } from '../../../api/schemas/analytics'
import { formatINR, formatMonth } from '../../../lib/format'

export function RevenueTable({ months }: { months: Analytics['monthlyRevenue'] }) {
  return (
    <table className="sr-only" data-testid="monthly-revenue-table">
      <caption>Monthly revenue for the last 12 months, in India time</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Revenue</th>
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month} data-month={m.month}>
            <th scope="row">{formatMonth(m.month)}</th>
            <td>{formatINR(m.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
