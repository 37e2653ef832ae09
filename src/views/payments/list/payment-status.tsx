/** A payment's status as SPEC.md 2 shows it: an icon and a coloured badge (payment-status-text.ts). */
import type { ReactNode } from 'react'
import { CircleCheck, CircleX, Clock, RotateCcw } from 'lucide-react'
import { Badge } from '../../../components/badge'
import { paymentStatusLabel, paymentStatusTone } from './payment-status-text'

const ICON: Partial<Record<string, ReactNode>> = {
  pending: <Clock size={12} />,
  completed: <CircleCheck size={12} />,
  failed: <CircleX size={12} />,
  refunded: <RotateCcw size={12} />,
}

export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <span className="payment-status" data-status={status}>
      <Badge tone={paymentStatusTone(status)}>
        {ICON[status] ?? null}
        {paymentStatusLabel(status)}
      </Badge>
    </span>
  )
}
