/**
 * Order status labels and badge tones (SPEC.md 4 "Order status"): the statuses as words ('In
 * Progress'). Payment statuses: the payments screen's PaymentStatusBadge (payment-status.tsx).
 */
import type { OrderStatus } from '../../../api/schemas/orders'
import type { BadgeTone } from '../../../components/badge'

const LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
}
export const ORDER_STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  pending: 'warning',
  confirmed: 'info',
  in_progress: 'accent',
  completed: 'success',
  cancelled: 'neutral',
}

/** 'In Progress' for in_progress. */
export function statusLabel(status: OrderStatus): string {
  return LABELS[status]
}
