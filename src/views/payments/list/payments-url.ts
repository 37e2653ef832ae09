/**
 * The payments screen's state in the URL query (bookmarkable; SPEC.md 2 "Payments"):
 * ?search=&status=&payment=. `search` and `status` are the list filters; `payment` is the payment
 * whose details panel is open. Unknown or malformed values fall back to the defaults (no search,
 * All Status, no panel), and defaults are left out of the URL. No page: the list scrolls by cursor.
 */
import type { PaymentListFilters } from '../../../api/payments'
import { PAYMENT_STATUSES } from '../../../api/schemas/payments'
import { oneOf } from '../../../lib/list-url'

/** The filters plus the open details panel ('' = closed). */
export interface PaymentsUrlState extends PaymentListFilters {
  payment: string
}

/** Parses `location.search` (with or without '?'). */
export function parsePaymentsSearch(search: string): PaymentsUrlState {
  const q = new URLSearchParams(search)
  return {
    search: q.get('search') ?? '',
    status: oneOf(q.get('status'), PAYMENT_STATUSES),
    payment: q.get('payment') ?? '',
  }
}

/** The query string (without '?'), defaults omitted. */
export function toPaymentsSearch(state: PaymentsUrlState): string {
  const q = new URLSearchParams()
  if (state.search) q.set('search', state.search)
  if (state.status) q.set('status', state.status)
  if (state.payment) q.set('payment', state.payment)
  return q.toString()
}

/** The screen's address for `state`: '/payments' plus its query. */
export function paymentsPath(state: PaymentsUrlState): string {
  const query = toPaymentsSearch(state)
  return query ? `/payments?${query}` : '/payments'
}

/** The orders screen with `orderRecordId`'s panel open (/orders?order=<id>). */
export function orderPath(orderRecordId: string): string {
  return `/orders?${new URLSearchParams({ order: orderRecordId })}`
}
