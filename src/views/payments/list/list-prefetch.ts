/**
 * What a cold load of /payments fetches before the screen has run: the first cursor page of the
 * filters in the URL, the totals, and the open details panel's payment, with the keys and query
 * functions `usePaymentList` / `usePaymentStats` / `usePayment` use, so the screen finds them in
 * the cache. Started by the route table (src/routes.tsx) alongside the session restore.
 */
import { fetchPayment, fetchPayments, fetchPaymentStats, paymentKeys } from '../../../api/payments'
import { firstPage, firstQuery, loadUncached, queryClient } from '../../../api/query-client'
import { CURSOR_PAGE } from '../../../api/schemas/orders'
import { parsePaymentsSearch } from './payments-url'

/** Starts loading what `search` (location.search) shows where the cache lacks it, settling once answered (undefined: all cached); failures are left to the screen. */
export function prefetchPayments(search: string): Promise<unknown> | undefined {
  const { payment, ...filters } = parsePaymentsSearch(search)
  return loadUncached([
    firstPage(paymentKeys.list(filters), ({ pageParam, signal }) =>
      fetchPayments(filters, pageParam, CURSOR_PAGE.default, signal),
    ),
    firstQuery(paymentKeys.stats, ({ signal }) => fetchPaymentStats(signal)),
    payment ? firstQuery(paymentKeys.detail(payment), ({ signal }) => fetchPayment(payment, signal)) : null,
  ])
}

/** Loads `id`'s details ahead of Enter (the focus rested on its row); fresh for 15 s. */
export function prefetchPaymentDetail(id: string): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: paymentKeys.detail(id),
    queryFn: ({ signal }) => fetchPayment(id, signal),
    staleTime: 15_000,
  })
}
