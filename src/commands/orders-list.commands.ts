/**
 * Orders list commands (SPEC.md 2 "Orders list", 4 "Order status", 5): j/k focus, x and
 * shift+x select, Enter opens the focused order in the side panel, the row moves offered only
 * where legal (c Confirm, s Start Work, d Complete, # Cancel; ORDER_TRANSITIONS), the bulk
 * Confirm/Complete/Cancel of the orders of the selection that can make the move ('Confirm 12
 * orders', 'Complete 1 of 3 orders'; disabled with the reason when none can; 'Please select orders
 * to update' without a selection), Export CSV of the filtered view, / focuses the search. A Cancel (row or bulk) only
 * asks 'Cancel order ORD-…?' / 'Cancel N orders?' first (order-cancel.commands.ts answers it). They read what the list
 * view publishes (`ordersList`, `focused`, `selection`) and only send events to its actors or
 * navigate. Filters: orders-list-filters.commands.ts; the side panel: order-panel.commands.ts.
 */
import type { ActorRefFrom } from 'xstate'
import {
  canMoveOrder,
  ORDER_ACTIONS,
  shortOrderId,
  type OrderAction,
  type OrderBulkAction,
} from '../api/schemas/orders'
import type { OrderRow, ordersListMachine } from '../machines/orders-list.machine'
import { ORDER_ACTION_WORDS } from '../machines/orders-list.rules'
import type { csvExportMachine } from '../machines/csv-export.machine'
import { bulkDisabledReason, bulkLabel, planBulk, type BulkPlan } from '../domain/bulk'
import { orderMoveRefusal } from '../domain/order-moves'
import { listFilters, ordersListPath, type OrdersUrlState } from '../views/orders/list/orders-url'
import { listCommands } from './list.commands'
import type { Command, CommandContext } from './registry'

/** What the orders list view publishes for its commands. */
export interface OrdersListHandle {
  actor: ActorRefFrom<typeof ordersListMachine>
  exporter: ActorRefFrom<typeof csvExportMachine>
  rows: readonly OrderRow[]
  /** The list's selection (kept here too: a row's own controls run with the selection cleared). */
  selected: readonly string[]
  /** The URL state: filters and the open order; commands navigate to change it. */
  url: OrdersUrlState
  /** True while a move or a bulk action is with the server. */
  busy: boolean
  /** True while the export link is fetched. */
  exporting: boolean
  /** True while a bulk report is shown. */
  hasReport: boolean
  focusSearch: () => void
  /** A search or filter narrows the list; `clearFilters` drops them (Clear filters). */
  filtered: boolean
  clearFilters: () => void
}

declare module './registry' {
  interface ViewCommandContext {
    ordersList?: OrdersListHandle
  }
}

export const onOrdersList = (ctx: CommandContext) => !!ctx.view.ordersList
const list = (ctx: CommandContext) => ctx.view.ordersList
const rowOf = (ctx: CommandContext, id: string | undefined) => list(ctx)?.rows.find((r) => r.id === id)
const busy = (ctx: CommandContext) => (list(ctx)?.busy ? 'Updating orders…' : null)
const send = (ctx: CommandContext, event: Parameters<OrdersListHandle['actor']['send']>[0]) =>
  list(ctx)?.actor.send(event)
const ORDER_NOUN = { one: 'order', many: 'orders' }

/** Goes to the list with `patch` applied to the URL state (filters, open order). */
export function navigateOrders(ctx: CommandContext, patch: Partial<OrdersUrlState>) {
  const handle = list(ctx)
  if (handle) ctx.navigate(ordersListPath({ ...handle.url, ...patch }))
}

const keys = listCommands('orders', {
  group: 'Orders',
  kind: 'order',
  noun: { one: 'order', a: 'an order', many: 'orders' },
  shape: 'scrolled',
  handle: list,
  actor: (handle) => handle.actor,
  rowLabel: (row) => `order #${shortOrderId(row.id)}`,
})
const focusedOrder = keys.focusedId
const noFocus = keys.noFocus
const openOrder = (id: string, title: string, label: string, shortcut?: string) =>
  keys.open({ id, title, label, shortcut, go: (ctx, order) => navigateOrders(ctx, { order }) })

/** A row move: shown only when the focused (or the row's own) order may make it (SPEC.md 4). */
function moveCommand(action: OrderAction, shortcut: string): Command {
  const { verb } = ORDER_ACTION_WORDS[action]
  return {
    id: `orders.${action}`,
    title: `${verb} order`,
    group: 'Orders',
    shortcut,
    keywords: ['status', ORDER_ACTIONS[action]],
    when: (ctx) => {
      if (!onOrdersList(ctx)) return false
      const row = rowOf(ctx, focusedOrder(ctx))
      return !focusedOrder(ctx) || (!!row && canMoveOrder(row.status, ORDER_ACTIONS[action]))
    },
    label: (ctx) => {
      const row = rowOf(ctx, focusedOrder(ctx))
      return row ? `${verb} order #${shortOrderId(row.id)}` : `${verb} order`
    },
    disabledReason: (ctx) => noFocus(ctx) ?? busy(ctx),
    run: (ctx) => {
      const id = focusedOrder(ctx)
      if (id) send(ctx, { type: 'order.move', id, action })
    },
  }
}

/**
 * The selected orders split by whether `action` may move them (the rule the server's bulk update
 * refuses by, src/domain/order-moves.ts).
 */
function orderBulkPlan(ctx: CommandContext, action: OrderBulkAction): BulkPlan {
  const selected = new Set(ctx.view.selection ?? [])
  const rows = (list(ctx)?.rows ?? []).filter((r) => selected.has(r.id))
  return planBulk(rows, (r) => orderMoveRefusal(r.status, ORDER_ACTIONS[action]))
}

/**
 * A bulk move of the selection: enabled when one selected order can make it, labelled with how
 * many will ('Complete 3 orders', 'Complete 1 of 3 orders'), disabled with the reason when none
 * can; it sends only the orders that can. Without a selection it still runs and the machine says
 * 'Please select orders to update' (SPEC.md 5).
 */
function bulkCommand(action: OrderBulkAction, shortcut: string): Command {
  const { verb } = ORDER_ACTION_WORDS[action]
  return {
    id: `orders.bulk${verb}`,
    title: `${verb} selected orders`,
    group: 'Orders',
    shortcut,
    keywords: ['bulk', 'status', verb.toLowerCase()],
    when: onOrdersList,
    label: (ctx) => bulkLabel(orderBulkPlan(ctx, action), ORDER_NOUN, (n) => `${verb} ${n}`, verb),
    disabledReason: (ctx) => busy(ctx) ?? bulkDisabledReason(orderBulkPlan(ctx, action)),
    run: (ctx) => send(ctx, { type: 'bulk.run', ids: orderBulkPlan(ctx, action).ids, action }),
  }
}

export const ordersListCommands: Command[] = [
  ...keys.focus,
  ...keys.select,
  keys.clearSelection,
  openOrder('orders.open', 'Open focused order', 'Open order', 'enter'),
  openOrder('orders.view', 'View order details', 'View details'),
  moveCommand('confirm', 'c'),
  moveCommand('start', 's'),
  moveCommand('complete', 'd'),
  moveCommand('cancel', '#'),
  bulkCommand('confirm', 'shift+c'),
  bulkCommand('complete', 'shift+d'),
  bulkCommand('cancel', 'shift+backspace'),
  {
    id: 'orders.dismissReport',
    title: 'Dismiss the bulk update report',
    group: 'Orders',
    when: (ctx) => !!list(ctx)?.hasReport,
    label: () => 'Dismiss',
    run: (ctx) => send(ctx, { type: 'report.dismiss' }),
  },
  {
    id: 'orders.exportCsv',
    title: 'Export CSV',
    group: 'Orders',
    shortcut: 'shift+e',
    keywords: ['download', 'csv', 'export'],
    when: onOrdersList,
    label: (ctx) => (list(ctx)?.exporting ? 'Exporting…' : 'Export CSV'),
    disabledReason: (ctx) => (list(ctx)?.exporting ? 'Preparing the export…' : null),
    run: (ctx) => {
      const handle = list(ctx)
      handle?.exporter.send({ type: 'export.start', request: { resource: 'orders', filters: listFilters(handle.url) } })
    },
  },
  keys.search,
  keys.clearFilters,
]
