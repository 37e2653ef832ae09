/**
 * Order and payment status labels and badge tones (SPEC.md 4): order statuses as words ('In
 * Progress'); payment pending yellow, completed green, failed red, any other value (refunded)
 * grey.
 */
import type { OrderStatus } from '../../../api/schemas/orders'
import type { BadgeTone } from '../../../components/badge'

const LABELS: Record<OrderStatus, string> = {
  pending: 'Pending', confirmed: 'Confirmed', in_progress: 'In Progress', completed: 'Completed', cancelled: 'Cancelled',
}
export const ORDER_STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  pending: 'warning', confirmed: 'info', in_progress: 'accent', completed: 'success', cancelled: 'neutral',
}

/** 'In Progress' for in_progress. */
export function statusLabel(status: OrderStatus): string {
  return LABELS[status]
}

/** SPEC.md 4 "Payment status": pending yellow, completed green, failed red, anything else grey. */
export function paymentTone(status: string): BadgeTone {
  return status === 'pending' ? 'warning' : status === 'completed' ? 'success' : status === 'failed' ? 'danger' : 'neutral'
}

/** 'Completed', 'Refunded': the first letter capitalised, underscores as spaces. */
export function paymentLabel(status: string): string {
  const text = status.replace(/_/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}
