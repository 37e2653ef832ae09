/**
 * The payments status filter as commands (SPEC.md 2 "Payments": All Status, Pending, Completed,
 * Failed; plus Refunded, which the data holds, decision record 011), one palette entry per option
 * (`payments.filter.status.failed`). Each navigates with the filter in the URL.
 */
import type { PaymentStatus } from '../api/schemas/payments'
import { PAYMENT_STATUS_LABEL } from '../views/payments/list/payment-status-text'
import { navigatePayments, onPayments } from './payments.commands'
import type { Command } from './registry'

function option(status: '' | PaymentStatus, title: string, label: string): Command {
  return {
    id: `payments.filter.status.${status || 'all'}`,
    title,
    label: () => label,
    group: 'Filters',
    keywords: ['filter', 'show', 'payments', 'status', label.toLowerCase()],
    when: onPayments,
    checked: (ctx) => ctx.view.payments?.url.status === status,
    run: (ctx) => navigatePayments(ctx, { status }),
  }
}

const STATUSES: PaymentStatus[] = ['pending', 'completed', 'failed', 'refunded']

export const paymentsFilterCommands: Command[] = [
  option('', 'Show payments of every status', 'All Status'),
  ...STATUSES.map((s) => option(s, `Show ${s} payments`, PAYMENT_STATUS_LABEL[s])),
]
