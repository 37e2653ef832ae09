import { describe, expect, it } from 'vitest'
import { paymentStatusLabel, paymentStatusTone } from '../../../../src/views/payments/list/payment-status-text'
import {
  orderPath,
  parsePaymentsSearch,
  paymentsPath,
  toPaymentsSearch,
} from '../../../../src/views/payments/list/payments-url'

describe('payments URL state', () => {
  it('round-trips search, status and the open panel; defaults are left out', () => {
    const state = { search: 'TXN ab', status: 'refunded' as const, payment: 'p-1' }
    expect(parsePaymentsSearch(`?${toPaymentsSearch(state)}`)).toEqual(state)
    expect(paymentsPath({ search: '', status: '', payment: '' })).toBe('/payments')
    expect(paymentsPath(state)).toBe('/payments?search=TXN+ab&status=refunded&payment=p-1')
  })
  it('an unknown status falls back to All Status', () => {
    expect(parsePaymentsSearch('status=lost&search=x')).toEqual({ search: 'x', status: '', payment: '' })
  })
  it('the order link opens the orders screen on that order', () => {
    expect(orderPath('0193-ab')).toBe('/orders?order=0193-ab')
  })
})

describe('payment status colours (SPEC.md 4)', () => {
  it('pending yellow, completed green, failed red, any other grey', () => {
    expect(['pending', 'completed', 'failed', 'refunded', 'disputed'].map(paymentStatusTone)).toEqual([
      'warning',
      'success',
      'danger',
      'neutral',
      'neutral',
    ])
    expect(paymentStatusLabel('refunded')).toBe('Refunded')
    expect(paymentStatusLabel('disputed')).toBe('Disputed')
  })
})
