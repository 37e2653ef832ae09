/**
 * The payment details panel (DESIGN.md: "The view-details button opens a details panel":
 * the payment with its order). Opened by ?payment=<id>; fetched as a query (usePayment). Shows
 * the payment (amount, method, status, transaction id, date) and its order (number, customer,
 * project, amount, status) with 'Open order', which goes to /orders?order=<order record id>.
 * 'Payment not found' for a 404 (or a malformed id); another failure shows its message and Retry.
 */
import { ExternalLink, X } from 'lucide-react'
import { ApiError } from '../../../api/client'
import { errorText } from '../../../api/error-text'
import type { usePayment } from '../../../api/payments'
import type { OrderSummary } from '../../../api/schemas/orders'
import type { Payment } from '../../../api/schemas/payments'
import { CommandButton } from '../../../commands/command-button'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { CommandRetry } from '../../../commands/command-retry'
import { Badge } from '../../../components/badge'
import { DetailList, SidePanel } from '../../../components/side-panel'
import { Spinner } from '../../../components/spinner'
import { formatDateTime, formatINR } from '../../../lib/format'
import { PaymentStatusBadge } from '../list/payment-status'
import { NO_TRANSACTION_ID } from '../list/payment-row'
import { ORDER_STATUS_TONE, statusLabel } from '../../orders/list/order-status'

type Query = ReturnType<typeof usePayment>

const actions = (
  <>
    <CommandIconButton id="payments.openOrder" size="sm" icon={<ExternalLink size={14} />} />
    <CommandIconButton id="payments.closeDetails" size="sm" icon={<X size={14} />} />
  </>
)

export function PaymentDetailsPanel({ query }: { query: Query }) {
  const { data, error, isPending, refetch } = query
  if (data) {
    return (
      <SidePanel
        title={data.payment.paymentId}
        subtitle={<span className="num">{data.payment._id}</span>}
        actions={actions}
        data-testid="payment-details"
      >
        <PaymentSection payment={data.payment} />
        {data.order ? (
          <OrderSection order={data.order} />
        ) : (
          <p className="muted" data-testid="payment-order">
            This payment has no order.
          </p>
        )}
      </SidePanel>
    )
  }
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400)
  return (
    <SidePanel title="Payment details" actions={actions} data-testid="payment-details">
      {isPending ? (
        <div className="side-panel__state">
          <Spinner size={20} label="Loading payment" />
        </div>
      ) : notFound ? (
        <p className="side-panel__state" role="alert">
          Payment not found
        </p>
      ) : (
        <div className="side-panel__state" role="alert">
          <p>{errorText(error, 'Failed to load payment')}</p>
          <CommandRetry retry={() => void refetch()} />
        </div>
      )}
    </SidePanel>
  )
}

function PaymentSection({ payment: p }: { payment: Payment }) {
  return (
    <section className="side-panel__section" data-testid="payment-summary">
      <h3>Payment</h3>
      <DetailList
        items={[
          { label: 'Amount', value: <span className="num">{formatINR(p.amount)}</span> },
          { label: 'Method', value: p.method },
          { label: 'Status', value: <PaymentStatusBadge status={p.status} /> },
          {
            label: 'Transaction ID',
            value: <span className="num">{p.transactionId || NO_TRANSACTION_ID}</span>,
            testId: 'detail-transaction',
          },
          { label: 'Date', value: formatDateTime(p.createdAt) },
        ]}
      />
    </section>
  )
}

function OrderSection({ order: o }: { order: OrderSummary }) {
  return (
    <section className="side-panel__section" data-testid="payment-order">
      <h3>Order</h3>
      <DetailList
        items={[
          { label: 'Order', value: <span className="num">{o.orderId}</span>, testId: 'detail-order-number' },
          {
            label: 'Customer',
            value: o.user ? (
              <>
                {o.user.name}
                <span className="faint"> · {o.user.email}</span>
              </>
            ) : (
              <span className="faint">—</span>
            ),
            testId: 'detail-customer',
          },
          {
            label: 'Project',
            value: o.project ? (
              <>
                {o.project.title}
                <span className="faint"> · {o.project.category}</span>
              </>
            ) : (
              <span className="faint">—</span>
            ),
            testId: 'detail-project',
          },
          { label: 'Amount', value: <span className="num">{formatINR(o.totalAmount)}</span> },
          {
            label: 'Status',
            value: <Badge tone={ORDER_STATUS_TONE[o.status]}>{statusLabel(o.status)}</Badge>,
            testId: 'detail-order-status',
          },
          { label: 'Placed', value: formatDateTime(o.createdAt) },
        ]}
      />
      <CommandButton id="payments.openOrder" size="sm" icon={<ExternalLink size={14} />} />
    </section>
  )
}
