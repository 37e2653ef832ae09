/**
 * The answer of a bulk action: '2 orders confirmed, 1 could not be changed' and each
 * refused order with its status and the server's reason, until dismissed (its command) or the
 * next action. The refused orders stay selected for another try.
 */
import { CommandButton } from '../../../commands/command-button'
import { shortOrderId } from '../../../api/schemas/orders'
import type { OrderBulkReport } from '../../../machines/orders-list.rules'
import { bulkSummaryText } from '../../../machines/orders-list.rules'
import { statusLabel } from './order-status'

export function BulkReport({ report }: { report: OrderBulkReport }) {
  const refused = report.failed.length > 0
  return (
    <section
      className={`banner ${refused ? 'banner--warning' : 'banner--success'} orders-report`}
      role="status"
      data-testid="bulk-report"
    >
      <div className="orders-report__head">
        <strong>{bulkSummaryText(report)}</strong>
        <CommandButton id="orders.dismissReport" variant="ghost" size="sm" />
      </div>
      {refused ? (
        <ul className="orders-report__list">
          {report.failed.map((f) => (
            <li key={f._id} data-testid="bulk-refused" data-id={f._id}>
              <span className="num">#{shortOrderId(f._id)}</span> <span className="faint num">{f.orderId}</span>
              {f.status ? ` (${statusLabel(f.status)})` : ''}: {f.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
