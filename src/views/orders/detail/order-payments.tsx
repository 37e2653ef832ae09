/**
 * The order's payments in the side panel (SPEC.md 3 "Payment", 4 "Payment status"), newest first:
 * payment id, method, transaction id ('N/A' when none), amount in ₹ and the coloured status.
 */
import type { OrderDetail } from '../../../api/schemas/orders'
import { formatDateTime, formatINR } from '../../../lib/format'
import { PaymentStatusBadge } from '../../payments/list/payment-status'

export function OrderPayments({ payments }: { payments: OrderDetail['payments'] }) {
  return (
    <section className="side-panel__section" aria-label="Payments">
      <h3>Payments</h3>
      {payments.length === 0 ? (
        <p className="faint">No payments</p>
      ) : (
        <ul className="order-payments">
          {payments.map((p) => (
            <li key={p._id} className="order-payments__item" data-testid="order-payment">
              <div className="list-row__text">
                <span className="num">{p.paymentId}</span>
                <span className="faint">
                  {p.method} · {p.transactionId ?? 'N/A'} · {formatDateTime(p.createdAt)}
                </span>
              </div>
              <span className="num">{formatINR(p.amount)}</span>
              <PaymentStatusBadge status={p.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
