/**
 * Whether an order may move to a status, and why not (SPEC.md 4 "Order status";
 * ORDER_TRANSITIONS of the contract). The server's bulk update refuses with these reasons and the
 * orders list's commands offer only the moves they allow, so the two cannot disagree.
 */
import { canMoveOrder, type OrderStatus } from '../api/schemas/orders'
import { alreadyIn, type Refusal } from './bulk'

/** 'in_progress' → 'in progress'. */
export function orderStatusWords(status: OrderStatus): string {
  return status.replace('_', ' ')
}

/**
 * Null when an order in `from` may move to `to`; else why not: 'Already cancelled' (with `already`)
 * or 'Cannot move from confirmed to completed'.
 */
export function orderMoveRefusal(from: OrderStatus, to: OrderStatus): Refusal | null {
  if (canMoveOrder(from, to)) return null
  if (from === to) return alreadyIn(orderStatusWords(to))
  return { reason: `Cannot move from ${orderStatusWords(from)} to ${orderStatusWords(to)}` }
}
