/**
 * One orders table row (SPEC.md 2 "Orders list"): checkbox, order (short id = last 6 characters,
 * and the order number), customer (name, e-mail), project (title, category), amount with the
 * payment status and method, status, date, and the actions: the forward move this order may make
 * (Confirm, Start Work or Complete), Cancel while legal, and View details. Its controls are the
 * list's commands with this row as `target`, so they act on this row only, and a command that does
 * not apply to this order's status renders nothing.
 */
import { memo } from 'react'
import { Ban, PanelRightOpen } from 'lucide-react'
import { shortOrderId, type OrderSummary } from '../../../api/schemas/orders'
import { CommandButton } from '../../../commands/command-button'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { Badge } from '../../../components/badge'
import { TableCell } from '../../../components/table'
import { VirtualRow, type VirtualRowSlot } from '../../../components/list/virtual-table'
import { formatDate, formatINR } from '../../../lib/format'
import { PaymentStatusBadge } from '../../payments/list/payment-status'
import { ORDER_STATUS_TONE, statusLabel } from './order-status'

interface OrderRowProps extends VirtualRowSlot {
  order: OrderSummary
  /** Its side panel is open. */
  open: boolean
  onOpen: (id: string) => void
}

export const OrderRow = memo(function OrderRow({ order: o, open, onOpen, ...slot }: OrderRowProps) {
  const target = { kind: 'order', id: o._id }
  return (
    <VirtualRow
      {...slot}
      id={o._id}
      onOpen={onOpen}
      data-testid="order-row"
      data-status={o.status}
      aria-current={open || undefined}
      className="orders-row"
    >
      <TableCell>
        <CommandCheckbox id="orders.toggleSelect" target={target} />
      </TableCell>
      <TableCell className="list-row__text">
        <span className="list-row__title num" data-testid="short-id">
          #{shortOrderId(o._id)}
        </span>
        <span className="list-row__desc faint num">{o.orderId}</span>
      </TableCell>
      <TableCell className="list-row__text">
        <span className="list-row__title">{o.user?.name ?? 'Deleted user'}</span>
        <span className="list-row__desc faint">{o.user?.email ?? '—'}</span>
      </TableCell>
      <TableCell className="list-row__text">
        <span className="list-row__title">{o.project?.title ?? 'Deleted project'}</span>
        <span className="list-row__desc faint">{o.project?.category ?? '—'}</span>
      </TableCell>
      <TableCell className="list-row__text orders-row__amount">
        <span className="num">{formatINR(o.totalAmount)}</span>
        <span className="list-row__desc faint">
          {o.payment ? (
            <>
              <PaymentStatusBadge status={o.payment.status} /> {o.payment.paymentMethod}
            </>
          ) : (
            'No payment'
          )}
        </span>
      </TableCell>
      <TableCell data-testid="status-cell">
        <Badge tone={ORDER_STATUS_TONE[o.status]}>{statusLabel(o.status)}</Badge>
      </TableCell>
      <TableCell className="muted num" data-fit>
        {formatDate(o.createdAt)}
      </TableCell>
      <TableCell align="end" className="list-row__actions">
        <CommandButton id="orders.confirm" target={target} size="sm" variant="ghost">
          Confirm
        </CommandButton>
        <CommandButton id="orders.start" target={target} size="sm" variant="ghost">
          Start Work
        </CommandButton>
        <CommandButton id="orders.complete" target={target} size="sm" variant="ghost">
          Complete
        </CommandButton>
        <CommandIconButton
          id="orders.cancel"
          target={target}
          size="sm"
          icon={<Ban size={14} />}
          className="orders-row__cancel"
        />
        <CommandIconButton id="orders.view" target={target} size="sm" icon={<PanelRightOpen size={14} />} />
      </TableCell>
    </VirtualRow>
  )
})
