/**
 * The I/O of the orders list's status actions: one row through PUT /api/orders/{id}/status, a bulk
 * action through PUT /api/orders/bulk-update (moves what it legally can, reports the rest).
 */
import { bulkUpdateOrders, setOrderStatus } from '../api/orders'
import { ORDER_ACTIONS, type OrderDetail } from '../api/schemas/orders'
import type { OrderBulk, OrderBulkReport, OrderMove } from './orders-list.rules'

/** PUT /api/orders/{id}/status with the action's status; resolves with the updated order. */
export function runOrderMove(move: OrderMove): Promise<OrderDetail> {
  return setOrderStatus(move.id, ORDER_ACTIONS[move.action], move.notes?.trim() ?? '')
}

/** PUT /api/orders/bulk-update; resolves with the report (moved count, refused orders). */
export async function runOrderBulk(bulk: OrderBulk): Promise<OrderBulkReport> {
  return { ...(await bulkUpdateOrders(bulk.ids, bulk.action)), action: bulk.action, requested: bulk.ids.length }
}
