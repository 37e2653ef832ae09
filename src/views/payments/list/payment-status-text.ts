/**
 * A payment status's words and colour (SPEC.md 2 "Payments", 4): pending yellow, completed green,
 * failed red, any other grey (refunded, decision record 011). Shared by the badge, the status
 * filter commands and the details panel.
 */
import type { PaymentStatus } from '../../../api/schemas/payments'
import type { BadgeTone } from '../../../components/badge'

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
}
const TONE: Partial<Record<string, BadgeTone>> = { pending: 'warning', completed: 'success', failed: 'danger' }

/** The badge tone of `status`: 'neutral' (grey) for anything but pending, completed and failed. */
export function paymentStatusTone(status: string): BadgeTone {
  return TONE[status] ?? 'neutral'
}

/** 'Completed' for 'completed'; an unknown status is shown as it came, capitalised. */
export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABEL[status as PaymentStatus] ?? status.charAt(0).toUpperCase() + status.slice(1)
}
