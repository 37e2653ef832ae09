/**
 * The order side panel (SPEC.md 3 "Order", 4 "Order status"): opened by ?order=<id>
 * (so a reload keeps it open), docked right and not modal like the payments details (the list
 * keeps its keys: j/k and Enter open another order in it). It loads the order with its add-ons,
 * notes timeline and payments, and offers the legal transitions as commands
 * (order-panel.commands.ts: N focuses the note, mod+Enter runs the next step, Escape closes) with
 * an optional note, run by the panel machine. A failed move shows its text here and keeps the note.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useSelector } from '@xstate/react'
import { X } from 'lucide-react'
import type { ActorRefFrom } from 'xstate'
import { ApiError } from '../../../api/client'
import { errorText } from '../../../api/error-text'
import { useOrder } from '../../../api/orders'
import { useRecordOpened } from '../../../api/preferences'
import { ORDER_NOTE_MAX, shortOrderId, type OrderDetail } from '../../../api/schemas/orders'
import { CommandButton } from '../../../commands/command-button'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { CommandRetry } from '../../../commands/command-retry'
import type { OrderPanelHandle } from '../../../commands/order-panel.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { Badge } from '../../../components/badge'
import { Field, TextArea } from '../../../components/field'
import { PresenceBar, PresenceContext, SectionEditors } from '../../../components/presence/presence'
import { usePresence } from '../../../components/presence/use-presence'
import { SidePanel } from '../../../components/side-panel'
import { Spinner } from '../../../components/spinner'
import { formatDateTime } from '../../../lib/format'
import type { orderPanelMachine } from '../../../machines/order-panel.machine'
import { CancelDialog } from '../list/cancel-dialog'
import { ORDER_STATUS_TONE, statusLabel } from '../list/order-status'
import { OrderFacts } from './order-facts'
import { OrderPayments } from './order-payments'
import { OrderTimeline } from './order-timeline'
import './order-panel.css'

type Actor = ActorRefFrom<typeof orderPanelMachine>

/** What another admin may be editing here: the status note ('Asha is editing the note'). */
const SECTION_TITLES: Readonly<Record<string, string>> = { note: 'the note' }

const ACTIONS = <CommandIconButton id="orders.panel.close" size="sm" icon={<X size={14} />} />

export function OrderPanel({ orderId, actor }: { orderId: string; actor: Actor }) {
  const { data: order, error, isPending, refetch } = useOrder(orderId)
  useRecordOpened(
    'order',
    order?._id,
    order ? `${order.orderId}${order.user ? ` · ${order.user.name}` : ''}` : undefined,
  )
  const busy = useSelector(actor, (s) => s.matches('moving'))
  const confirming = useSelector(actor, (s) => s.matches('confirming'))
  const answer = useCallback(
    (event: { type: 'confirm.accept' } | { type: 'confirm.cancel' }) => actor.send(event),
    [actor],
  )
  const noteRef = useRef<HTMLTextAreaElement>(null)
  // A note being written is the section edited; the order's id once it has loaded.
  const writing = useSelector(actor, (s) => s.context.note.trim() !== '')
  const viewers = usePresence('order', order?._id, writing ? 'note' : null)
  useEffect(() => actor.send({ type: 'order.show', id: orderId }), [actor, orderId])
  useEffect(() => () => actor.send({ type: 'order.show', id: null }), [actor])
  const handle = useMemo<OrderPanelHandle>(
    () => ({ actor, order, busy, focusNote: () => noteRef.current?.focus() }),
    [actor, order, busy],
  )
  usePublishCommandContext(useMemo(() => ({ orderPanel: handle }), [handle]))

  if (order) {
    return (
      <PresenceContext.Provider value={viewers}>
        <SidePanel
          data-testid="order-panel"
          actions={ACTIONS}
          title={
            <>
              Order #{shortOrderId(order._id)}{' '}
              <Badge tone={ORDER_STATUS_TONE[order.status]}>{statusLabel(order.status)}</Badge>
            </>
          }
          subtitle={
            <>
              <span className="num">{order.orderId}</span> · {formatDateTime(order.createdAt)}
            </>
          }
        >
          <PresenceBar titles={SECTION_TITLES} />
          <OrderFacts order={order} />
          <MoveSection order={order} actor={actor} noteRef={noteRef} />
          <OrderTimeline notes={order.notes} />
          <OrderPayments payments={order.payments} />
          <CancelDialog open={confirming} count={1} orderId={order.orderId} answer={answer} />
        </SidePanel>
      </PresenceContext.Provider>
    )
  }
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400)
  return (
    <SidePanel title={`Order #${shortOrderId(orderId)}`} actions={ACTIONS} data-testid="order-panel">
      {isPending ? (
        <div className="side-panel__state">
          <Spinner size={20} label="Loading order" />
        </div>
      ) : missing ? (
        <p className="side-panel__state" role="alert">
          Order not found
        </p>
      ) : (
        <div className="side-panel__state" role="alert">
          <p>{errorText(error, 'Failed to load order')}</p>
          <CommandRetry retry={() => void refetch()} />
        </div>
      )}
    </SidePanel>
  )
}

/** The note and the legal moves of the order (hidden once it is completed or cancelled). */
function MoveSection({
  order,
  actor,
  noteRef,
}: {
  order: OrderDetail
  actor: Actor
  noteRef: React.Ref<HTMLTextAreaElement>
}) {
  const busy = useSelector(actor, (s) => s.matches('moving'))
  const note = useSelector(actor, (s) => s.context.note)
  const failure = useSelector(actor, (s) => s.context.error)
  if (order.status === 'completed' || order.status === 'cancelled') return null
  return (
    <section className="side-panel__section order-panel__move" aria-label="Change status">
      <h3>
        Change status <SectionEditors section="note" />
      </h3>
      <Field label="Note (optional)">
        {(id) => (
          <TextArea
            id={id}
            ref={noteRef}
            rows={2}
            value={note}
            maxLength={ORDER_NOTE_MAX}
            disabled={busy}
            placeholder="For the timeline (N to focus, Ctrl+Enter runs the next step)"
            onChange={(e) => actor.send({ type: 'note.change', value: e.target.value })}
          />
        )}
      </Field>
      {failure ? (
        <p className="field__error" role="alert" data-testid="panel-error">
          {failure}
        </p>
      ) : null}
      <div className="order-panel__actions">
        <CommandButton id="orders.panel.cancel" variant="ghost" size="sm" />
        <CommandButton id="orders.panel.confirm" variant="primary" size="sm" loading={busy} showShortcut />
        <CommandButton id="orders.panel.start" variant="primary" size="sm" loading={busy} showShortcut />
        <CommandButton id="orders.panel.complete" variant="primary" size="sm" loading={busy} showShortcut />
      </div>
    </section>
  )
}
