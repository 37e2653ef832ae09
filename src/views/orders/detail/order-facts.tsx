/**
 * The order's details in the side panel (SPEC.md 3 "Order"): customer, project, amount and
 * payment, and the add-ons (customization, installation support, report) and referrer.
 */
import type { OrderDetail } from '../../../api/schemas/orders'
import { CommandLink } from '../../../commands/command-link'
import { Badge } from '../../../components/badge'
import { formatINR } from '../../../lib/format'
import { PaymentStatusBadge } from '../../payments/list/payment-status'

const ADD_ONS = [
  ['withCustomization', 'Customization'],
  ['withInstallation', 'Installation support'],
  ['withReport', 'Report'],
] as const

export function OrderFacts({ order }: { order: OrderDetail }) {
  const addOns = ADD_ONS.filter(([key]) => order[key])
  return (
    <section className="side-panel__section" aria-label="Details">
      <dl className="order-facts">
        <dt>Customer</dt>
        <dd>
          {order.user ? (
            <>
              {order.user.name} <span className="faint">{order.user.email}</span>{' '}
              <CommandLink id="orders.panel.openCustomer" />
            </>
          ) : (
            'Deleted user'
          )}
        </dd>
        <dt>Project</dt>
        <dd>
          {order.project ? (
            <>
              {order.project.title} <span className="faint">{order.project.category}</span>
            </>
          ) : (
            'Deleted project'
          )}
        </dd>
        <dt>Amount</dt>
        <dd className="num">{formatINR(order.totalAmount)}</dd>
        <dt>Payment</dt>
        <dd>
          {order.payment ? (
            <>
              <PaymentStatusBadge status={order.payment.status} /> {order.payment.paymentMethod}
            </>
          ) : (
            'No payment'
          )}
        </dd>
        <dt>Add-ons</dt>
        <dd data-testid="order-addons">
          {addOns.length ? (
            addOns.map(([, label]) => <Badge key={label}>{label}</Badge>)
          ) : (
            <span className="faint">None</span>
          )}
        </dd>
        {order.referrer ? (
          <>
            <dt>Referrer</dt>
            <dd>
              {order.referrer.name}
              {order.referrer.agentCode ? <span className="faint num"> {order.referrer.agentCode}</span> : null}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}
