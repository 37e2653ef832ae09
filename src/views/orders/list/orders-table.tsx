/**
 * The orders table (SPEC.md 2 "Orders list"; issue 10), virtualized with @tanstack/react-virtual
 * over every order loaded so far: only the rows in view are mounted (the DOM stays small however
 * far the list scrolls), the j/k focus row is scrolled into view, and when the rows in view come
 * within `PREFETCH_ROWS` of the end the next cursor page is asked for, so scrolling never jumps.
 */
import { useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { OrderSummary } from '../../../api/schemas/orders'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import { Table, TableBody, TableHeadCell, TableHeader } from '../../../components/table'
import { OrderRow } from './order-row'

/**
 * Checkbox, Order, Customer, Project, Amount, Status, Date, Actions. Customer and Project share
 * the rest and cut with an ellipsis. Minimums add up to 1,036 px (orders.css).
 */
export const ORDER_COLUMNS = '40px 150px minmax(150px, 1fr) minmax(150px, 1fr) 168px 110px 112px 156px'
const ROW_HEIGHT = 52
/** Ask for the next page when the last row in view is this close to the end of the loaded rows. */
const PREFETCH_ROWS = 30

export interface OrdersTableProps {
  orders: readonly OrderSummary[]
  total: number
  focus: number
  selection: readonly string[]
  onOpen: (id: string) => void
  /** More pages after the loaded rows. */
  hasMore: boolean
  loadingMore: boolean
  onNearEnd: () => void
}

export function OrdersTable({ orders, total, focus, selection, onOpen, hasMore, loadingMore, onNearEnd }: OrdersTableProps) {
  const bodyRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => bodyRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  })
  useEffect(() => {
    if (focus >= 0) virtualizer.scrollToIndex(focus, { align: 'auto' })
  }, [focus, virtualizer])
  const items = virtualizer.getVirtualItems()
  const lastInView = items.at(-1)?.index ?? -1
  useEffect(() => {
    if (hasMore && !loadingMore && lastInView >= orders.length - PREFETCH_ROWS) onNearEnd()
  }, [lastInView, orders.length, hasMore, loadingMore, onNearEnd])

  return (
    <Table columns={ORDER_COLUMNS} className="projects-table orders-table" aria-rowcount={total}>
      <TableHeader>
        <TableHeadCell><CommandCheckbox id="orders.selectAll" /></TableHeadCell>
        <TableHeadCell>Order</TableHeadCell>
        <TableHeadCell>Customer</TableHeadCell>
        <TableHeadCell>Project</TableHeadCell>
        <TableHeadCell>Amount</TableHeadCell>
        <TableHeadCell>Status</TableHeadCell>
        <TableHeadCell>Date</TableHeadCell>
        <TableHeadCell align="end">Actions</TableHeadCell>
      </TableHeader>
      <TableBody ref={bodyRef} className="projects-table__body" data-testid="orders-rows">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const order = orders[item.index]
            return (
              <OrderRow key={order._id} order={order} index={item.index} start={item.start} height={item.size}
                active={item.index === focus} selected={selection.includes(order._id)} onOpen={onOpen} />
            )
          })}
        </div>
      </TableBody>
    </Table>
  )
}
