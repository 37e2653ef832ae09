/**
 * The texts of the orders list's status actions' outcomes (SPEC.md 4
 * "Order status", 5, 8 "Users, orders, contacts"): one row through PUT /api/orders/{id}/status (an
 * illegal move is a 409 with the server's reason), a bulk action through PUT
 * /api/orders/bulk-update, which moves the orders it legally can and reports each one it could not.
 */
import { shortOrderId, type OrderAction, type OrderBulkAction, type OrderBulkResult } from '../api/schemas/orders'
import type { RowVersions } from '../api/schemas/versions'
import { conflictNote } from '../domain/row-conflicts'

/** A row's move: order `id` by `action` (Confirm, Start Work, Complete, Cancel), with an optional note. */
export interface OrderMove {
  id: string
  action: OrderAction
  notes?: string
  /** The order's updatedAt as shown, sent as If-Match: an order changed since is not moved (409). */
  version?: string
}

/** A bulk action of the selection. */
export interface OrderBulk {
  ids: string[]
  action: OrderBulkAction
  /** The rows' versions as listed (updatedAt by id): rows changed since are left alone and reported. */
  versions?: RowVersions
}

/** What a finished bulk action reports: the action, how many moved, and the refused orders with why. */
export interface OrderBulkReport extends OrderBulkResult {
  action: OrderBulkAction
  requested: number
}

/** SPEC.md 5: a bulk action without a selection. */
export const NO_SELECTION_TEXT = 'Please select orders to update'

/** The button words of SPEC.md 4 and the past tense of the outcome texts. */
export const ORDER_ACTION_WORDS: Record<OrderAction, { verb: string; done: string }> = {
  confirm: { verb: 'Confirm', done: 'confirmed' },
  start: { verb: 'Start Work', done: 'started' },
  complete: { verb: 'Complete', done: 'completed' },
  cancel: { verb: 'Cancel', done: 'cancelled' },
}

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`)

/** 'Order #a1b2c3 confirmed'. */
export function moveSuccessText(move: OrderMove): string {
  return `Order #${shortOrderId(move.id)} ${ORDER_ACTION_WORDS[move.action].done}`
}

/** SPEC.md 8: 'Failed to update order status: {msg}'. */
export function moveFailureText(msg: string): string {
  return `Failed to update order status: ${msg}`
}

/**
 * '3 orders confirmed'; with refusals '2 orders confirmed, 1 could not be changed'; with rows
 * another admin changed since they were listed '…; 1 changed since you loaded it (by Asha)'.
 */
export function bulkSummaryText(report: OrderBulkReport): string {
  const moved = `${report.updated ? orders(report.updated) : 'No orders'} ${ORDER_ACTION_WORDS[report.action].done}`
  const summary = report.failed.length ? `${moved}, ${report.failed.length} could not be changed` : moved
  const stale = conflictNote(report.conflicts ?? [])
  return stale ? `${summary}; ${stale}` : summary
}

/** SPEC.md 8: 'Failed to update orders: {msg}'. */
export function bulkFailureText(msg: string): string {
  return `Failed to update orders: ${msg}`
}

/** The cancel confirmation's title: 'Cancel order ORD-2026-000123?' for one known order, else 'Cancel 3 orders?'. */
export function cancelQuestion(count: number, orderId?: string): string {
  return count === 1 && orderId ? `Cancel order ${orderId}?` : `Cancel ${orders(count)}?`
}

/**
 * The line under the cancel question: the server refuses any move out of cancelled (SPEC.md 4);
 * only a bulk cancel (`undoable`, even of one order) can be undone, for 10 s from its toast (decision 014).
 */
export function cancelWarning(undoable: boolean): string {
  return undoable
    ? 'Cancelled orders cannot be moved again; Undo in the toast reverts this for 10 seconds.'
    : 'A cancelled order cannot be moved again: this cannot be undone.'
}
