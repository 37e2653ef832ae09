/**
 * The orders table (SPEC.md 2 "Orders list") on the shared VirtualTable (with its load-more slot): only
 * the rows in view are mounted however far the list scrolls, the j/k focus row is scrolled into
 * view, and near the end of the loaded rows the next cursor page is asked for, so scrolling never
 * jumps; the slot after the last row says 'Loading more…' or offers a failed page's Retry.
 */
import { useCallback, type ReactNode } from 'react'
import type { OrderSummary } from '../../../api/schemas/orders'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { VirtualTable, type VirtualRowSlot } from '../../../components/list/virtual-table'
import { TableHeadCell } from '../../../components/table'
import { OrderRow } from './order-row'

/**
 * Checkbox, Order, Customer, Project, Amount, Status, Date, Actions ('Start Work' and two icons).
 * Customer and Project share the rest and cut with an ellipsis. Minimums add up to 980 px
 * (Table's --table-min-width): at 1280 px the table fits without scrolling sideways.
 */
export const ORDER_COLUMNS = '40px 140px minmax(124px, 1fr) minmax(124px, 1fr) 168px 106px 112px 166px'
const ROW_HEIGHT = 52

export interface OrdersTableProps {
  orders: readonly OrderSummary[]
  /** Every matching row (aria-rowcount); -1 when the server capped its count. */
  total: number
  focus: number
  selection: readonly string[]
  /** The order open in the side panel ('' = none). */
  openId: string
  onOpen: (id: string) => void
  /** A next page exists and may be asked for now. */
  canLoadMore: boolean
  /** More orders exist than are loaded. */
  hasMore: boolean
  onLoadMore: () => void
  footer: ReactNode
}

const idOf = (o: OrderSummary) => o._id
const HEADER = (
  <>
    <TableHeadCell>
      <CommandCheckbox id="orders.selectAll" />
    </TableHeadCell>
    <TableHeadCell>Order</TableHeadCell>
    <TableHeadCell>Customer</TableHeadCell>
    <TableHeadCell>Project</TableHeadCell>
    <TableHeadCell>Amount</TableHeadCell>
    <TableHeadCell>Status</TableHeadCell>
    <TableHeadCell>Date</TableHeadCell>
    <TableHeadCell align="end">Actions</TableHeadCell>
  </>
)

export function OrdersTable({
  orders,
  total,
  focus,
  selection,
  openId,
  onOpen,
  canLoadMore,
  hasMore,
  onLoadMore,
  footer,
}: OrdersTableProps) {
  const renderRow = useCallback(
    (order: OrderSummary, slot: VirtualRowSlot) => (
      <OrderRow order={order} {...slot} open={order._id === openId} onOpen={onOpen} />
    ),
    [openId, onOpen],
  )
  return (
    <VirtualTable
      rows={orders}
      rowId={idOf}
      columns={ORDER_COLUMNS}
      rowHeight={ROW_HEIGHT}
      total={total}
      className="list-table orders-table"
      bodyTestId="orders-rows"
      focus={focus}
      selection={selection}
      header={HEADER}
      canLoadMore={canLoadMore}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      footer={footer}
      renderRow={renderRow}
    />
  )
}
