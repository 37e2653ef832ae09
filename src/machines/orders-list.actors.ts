/**
 * The I/O of the orders list's status actions: one row through PUT /api/orders/{id}/status, a bulk
 * action through PUT /api/orders/bulk-update (moves what it legally can, reports the rest).
 */
import { bulkUpdateOrders, setOrderStatus } from '../api/orders'
import { ORDER_ACTIONS, type OrderDetail } from '../api/schemas/orders'
import type { OrderBulk, OrderBulkReport, OrderMove } from './orders-list.rules'

/** PUT /api/orders/{id}/status with the action's status (If-Match: the move's version); resolves with the updated order. */
export function runOrderMove(move: OrderMove): Promise<OrderDetail> {
  return setOrderStatus(move.id, ORDER_ACTIONS[move.action], move.notes?.trim() ?? '', move.version)
}

/** PUT /api/orders/bulk-update with the rows' versions; resolves with the report (moved count, refused and stale orders). */
export async function runOrderBulk(bulk: OrderBulk): Promise<OrderBulkReport> {
  const answer = await bulkUpdateOrders(bulk.ids, bulk.action, bulk.versions)
  return { ...answer, action: bulk.action, requested: bulk.ids.length }
}
