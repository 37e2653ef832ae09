/**
 * The order side panel (issue 10; SPEC.md 3 "Order", 4 "Order status"): opened by ?order=<id>
 * (so a reload keeps it open), it loads the order with its add-ons, notes timeline and payments,
 * and offers the legal transitions as commands (order-panel.commands.ts) with an optional note,
 * run by the panel machine. A failed move shows its text here and keeps the note.
 */
import { useEffect, useMemo } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { useOrder } from '../../../api/orders'
import { ApiError } from '../../../api/client'
import { ORDER_NOTE_MAX, shortOrderId } from '../../../api/schemas/orders'
import { CommandButton } from '../../../commands/command-button'
import type { OrderPanelHandle } from '../../../commands/order-panel.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { Badge } from '../../../components/badge'
import { Field, TextArea } from '../../../components/field'
import { Sheet } from '../../../components/sheet'
import { ErrorState, LoadingState } from '../../../components/states'
import { formatDateTime } from '../../../lib/format'
import type { orderPanelMachine } from '../../../machines/order-panel.machine'
import { ORDER_STATUS_TONE, statusLabel } from '../list/order-status'
import { OrderFacts } from './order-facts'
import { OrderPayments } from './order-payments'
import { OrderTimeline } from './order-timeline'

export interface OrderPanelProps {
  /** The open order's record id; '' = closed. */
  orderId: string
  actor: ActorRefFrom<typeof orderPanelMachine>
  onClose: () => void
}

export function OrderPanel({ orderId, actor, onClose }: OrderPanelProps) {
  const { data: order, error, isPending, refetch } = useOrder(orderId || undefined)
  const busy = useSelector(actor, (s) => s.matches('moving'))
  const note = useSelector(actor, (s) => s.context.note)
  const failure = useSelector(actor, (s) => s.context.error)
  useEffect(() => actor.send({ type: 'order.show', id: orderId || null }), [actor, orderId])
  const handle = useMemo<OrderPanelHandle | undefined>(() => (orderId ? { actor, order, busy } : undefined), [actor, order, busy, orderId])
  usePublishCommandContext(useMemo(() => ({ orderPanel: handle }), [handle]))

  const missing = error instanceof ApiError && error.status === 404
  const footer = order ? (
    <div className="order-panel__move">
      <Field label="Note (optional)">
        {(id) => (
          <TextArea id={id} rows={2} autoFocus value={note} maxLength={ORDER_NOTE_MAX} disabled={busy} placeholder="Why, for the timeline (Ctrl+Enter runs the next step)"
            onChange={(e) => actor.send({ type: 'note.change', value: e.target.value })} />
        )}
      </Field>
      {failure ? <p className="field__error" role="alert" data-testid="panel-error">{failure}</p> : null}
      <div className="order-panel__actions">
        <CommandButton id="orders.panel.cancel" variant="ghost" size="sm" />
        <CommandButton id="orders.panel.confirm" variant="primary" size="sm" loading={busy} showShortcut />
        <CommandButton id="orders.panel.start" variant="primary" size="sm" loading={busy} showShortcut />
        <CommandButton id="orders.panel.complete" variant="primary" size="sm" loading={busy} showShortcut />
      </div>
    </div>
  ) : null
  return (
    <Sheet open={!!orderId} onOpenChange={(open) => !open && onClose()} closeCommand="orders.panel.close" data-testid="order-panel"
      title={<>Order #{shortOrderId(orderId)} {order ? <Badge tone={ORDER_STATUS_TONE[order.status]}>{statusLabel(order.status)}</Badge> : null}</>}
      description={order ? <><span className="num">{order.orderId}</span> · {formatDateTime(order.createdAt)}</> : undefined}
      footer={footer}>
      {isPending ? <LoadingState title="Loading order" />
        : missing ? <ErrorState title="Order not found" message={`No order has the id ${orderId}.`} />
        : error || !order ? <ErrorState title="Error Loading Order" message={error?.message || 'Failed to load order'} onRetry={() => void refetch()} />
        : (
          <div className="order-panel">
            <OrderFacts order={order} />
            <OrderTimeline notes={order.notes} />
            <OrderPayments payments={order.payments} />
          </div>
        )}
    </Sheet>
  )
}
