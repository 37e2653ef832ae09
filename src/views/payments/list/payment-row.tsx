/**
 * One payments table row (SPEC.md 2 "Payments"): checkbox, Payment (paymentId over the internal
 * id), Order (its number), Amount (₹, en-IN), Method, Status (icon and coloured badge),
 * Transaction ID ('N/A' when empty), Date (local date), Actions (View details). Its controls are the
 * screen's commands with this row as `target`; a click on the row opens its details too.
 */
import { memo } from 'react'
import { Eye } from 'lucide-react'
import type { Payment } from '../../../api/schemas/payments'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { TableCell } from '../../../components/table'
import { VirtualRow, type VirtualRowSlot } from '../../../components/list/virtual-table'
import { formatDate, formatINR } from '../../../lib/format'
import { PaymentStatusBadge } from './payment-status'

/** SPEC.md 2: the Transaction ID cell of a payment without one. */
export const NO_TRANSACTION_ID = 'N/A'

interface PaymentRowProps extends VirtualRowSlot {
  payment: Payment
  /** The row of the open details panel. */
  open: boolean
  onOpen: (id: string) => void
}

export const PaymentRow = memo(function PaymentRow({
  payment: p,
  index,
  start,
  height,
  active,
  selected,
  open,
  onOpen,
}: PaymentRowProps) {
  const target = { kind: 'payment', id: p._id }
  return (
    <VirtualRow
      id={p._id}
      index={index}
      start={start}
      height={height}
      active={active}
      selected={selected}
      onOpen={onOpen}
      aria-current={open || undefined}
      data-testid="payment-row"
      className="payments-row"
    >
      <TableCell>
        <CommandCheckbox id="payments.toggleSelect" target={target} />
      </TableCell>
      <TableCell>
        <span className="list-row__text">
          <span className="list-row__title num" data-testid="payment-id">
            {p.paymentId}
          </span>
          <span className="list-row__desc faint num" title={p._id}>
            {p._id}
          </span>
        </span>
      </TableCell>
      <TableCell className="num" data-testid="order-cell">
        {p.orderId ?? <span className="faint">—</span>}
      </TableCell>
      <TableCell align="end" className="num" data-testid="amount-cell">
        {formatINR(p.amount)}
      </TableCell>
      <TableCell data-testid="method-cell">{p.method}</TableCell>
      <TableCell data-testid="status-cell">
        <PaymentStatusBadge status={p.status} />
      </TableCell>
      <TableCell className="num payments-row__txn" data-testid="transaction-cell">
        {p.transactionId ? p.transactionId : <span className="faint">{NO_TRANSACTION_ID}</span>}
      </TableCell>
      <TableCell className="muted num" data-testid="date-cell">
        {formatDate(p.createdAt)}
      </TableCell>
      <TableCell align="end" className="list-row__actions">
        <CommandIconButton id="payments.view" target={target} size="sm" icon={<Eye size={14} />} />
      </TableCell>
    </VirtualRow>
  )
})
