/**
 * The orders list's filter options as commands (SPEC.md 2 "Orders list"): status (all, pending,
 * confirmed, in progress, completed, cancelled), one palette entry per option
 * (`orders.filter.status.pending`), and clearing the date range. Each navigates to the list with
 * the filter in the URL (the side panel's order is kept).
 */
import { ORDER_STATUSES } from '../api/schemas/orders'
import type { OrderListFilters } from '../api/orders'
import { statusLabel } from '../views/orders/list/order-status'
import { navigateOrders, onOrdersList } from './orders-list.commands'
import type { Command, CommandContext } from './registry'

const url = (ctx: CommandContext) => ctx.view.ordersList?.url

function option(
  id: string,
  title: string,
  label: string,
  isOn: (f: OrderListFilters) => boolean,
  patch: Partial<OrderListFilters>,
): Command {
  return {
    id,
    title,
    label: () => label,
    group: 'Filters',
    keywords: ['filter', 'show', 'orders', label.toLowerCase()],
    when: onOrdersList,
    checked: (ctx) => {
      const f = url(ctx)
      return !!f && isOn(f)
    },
    run: (ctx) => navigateOrders(ctx, patch),
  }
}

export const ordersFilterCommands: Command[] = [
  option('orders.filter.status.all', 'Show orders of every status', 'All Status', (f) => !f.status, { status: '' }),
  ...ORDER_STATUSES.map((status) =>
    option(
      `orders.filter.status.${status}`,
      `Show ${statusLabel(status).toLowerCase()} orders`,
      statusLabel(status),
      (f) => f.status === status,
      { status },
    ),
  ),
  {
    id: 'orders.filter.clearDates',
    title: 'Clear the date range',
    group: 'Filters',
    keywords: ['filter', 'date', 'from', 'to'],
    label: () => 'Clear dates',
    when: (ctx) => onOrdersList(ctx) && !!(url(ctx)?.from || url(ctx)?.to),
    run: (ctx) => navigateOrders(ctx, { from: '', to: '' }),
  },
]
