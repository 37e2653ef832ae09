/**
 * The payments table (SPEC.md 2 "Payments"): every matching payment in one scroll, page after
 * page by cursor as the list nears its end (VirtualTable's load-more), only the rows in view mounted.
 */
import { useCallback, type ReactNode } from 'react'
import type { Payment } from '../../../api/schemas/payments'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { VirtualTable, type VirtualRowSlot } from '../../../components/list/virtual-table'
import { TableHeadCell } from '../../../components/table'
import { PaymentRow } from './payment-row'

/**
 * Checkbox, Payment, Order, Amount, Method, Status, Transaction ID, Date, Actions. The fixed
 * columns fit their longest content ('ORD-2026-000123', '₹1,25,000.00', 'Netbanking', 'Completed',
 * '30 Sept 2026'); Payment and Transaction ID share the rest. Minimums add up to 982 px
 * (Table's --table-min-width), which fits the 1280 px layout.
 */
export const PAYMENT_COLUMNS = '40px minmax(170px, 1.3fr) 148px 112px 100px 120px minmax(124px, 1fr) 116px 52px'
const ROW_HEIGHT = 52

export interface PaymentsTableProps {
  payments: readonly Payment[]
  /** Every matching row (aria-rowcount); -1 when the server capped its count. */
  total: number
  focus: number
  selection: readonly string[]
  /** The payment whose panel is open ('' = none). */
  openId: string
  canLoadMore: boolean
  hasMore: boolean
  onLoadMore: () => void
  footer: ReactNode
  onOpen: (id: string) => void
}

const idOf = (p: Payment) => p._id

export function PaymentsTable({
  payments,
  total,
  focus,
  selection,
  openId,
  canLoadMore,
  hasMore,
  onLoadMore,
  footer,
  onOpen,
}: PaymentsTableProps) {
  const renderRow = useCallback(
    (payment: Payment, slot: VirtualRowSlot) => (
      <PaymentRow payment={payment} {...slot} open={payment._id === openId} onOpen={onOpen} />
    ),
    [openId, onOpen],
  )
  return (
    <VirtualTable
      rows={payments}
      rowId={idOf}
      columns={PAYMENT_COLUMNS}
      rowHeight={ROW_HEIGHT}
      total={total}
      className="payments-table"
      bodyTestId="payments-rows"
      focus={focus}
      selection={selection}
      canLoadMore={canLoadMore}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      footer={footer}
      renderRow={renderRow}
      header={
        <>
          <TableHeadCell>
            <CommandCheckbox id="payments.selectAll" />
          </TableHeadCell>
          <TableHeadCell>Payment</TableHeadCell>
          <TableHeadCell>Order</TableHeadCell>
          <TableHeadCell align="end">Amount</TableHeadCell>
          <TableHeadCell>Method</TableHeadCell>
          <TableHeadCell>Status</TableHeadCell>
          <TableHeadCell>Transaction ID</TableHeadCell>
          <TableHeadCell>Date</TableHeadCell>
          <TableHeadCell align="end">Actions</TableHeadCell>
        </>
      }
    />
  )
}
