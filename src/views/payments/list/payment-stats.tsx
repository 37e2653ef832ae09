/**
 * The payments totals (GET /api/payments/stats): count and ₹ per status and in all, as one compact
 * strip under the title (SPEC.md 2 shows no cards for payments, so the figures stay small beside
 * the table rather than a row of cards). A failed load is only logged (SPEC.md 8 "Stats load
 * failures are only logged"); the strip then stays empty.
 */
import { useEffect } from 'react'
import { usePaymentStats } from '../../../api/payments'
import { PAYMENT_STATUSES } from '../../../api/schemas/payments'
import { formatCount, formatINR } from '../../../lib/format'
import { paymentStatusLabel, paymentStatusTone } from './payment-status-text'

export function PaymentStats() {
  const { data, error } = usePaymentStats()
  useEffect(() => {
    if (error) console.warn('Failed to load payment stats', error.message)
  }, [error])
  if (!data) return <div className="payments-stats" data-testid="payment-stats" aria-busy={!error || undefined} />
  const items = [
    { key: 'total', label: 'All', tone: 'neutral', ...data.total },
    ...PAYMENT_STATUSES.map((s) => ({
      key: s,
      label: paymentStatusLabel(s),
      tone: paymentStatusTone(s),
      ...data.byStatus[s],
    })),
  ]
  return (
    <dl className="payments-stats" data-testid="payment-stats">
      {items.map((item) => (
        <div key={item.key} className="payments-stats__item" data-stat={item.key} data-tone={item.tone}>
          <dt className="payments-stats__label">{item.label}</dt>
          <dd className="payments-stats__value">
            <span className="num" data-testid="stat-count">
              {formatCount(item.count)}
            </span>
            <span className="muted num" data-testid="stat-amount">
              {formatINR(item.amount)}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  )
}
