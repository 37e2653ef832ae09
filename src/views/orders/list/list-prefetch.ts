/**
 * What a cold load of /orders fetches before the list screen has run: the first cursor page of
 * the filters in the URL, the stats and the order of an open side panel (?order=), with the keys
 * and query functions `useOrderList` / `useOrderStats` / `useOrder` use, so the screen finds them
 * in the cache. Started by the route table.
 */
import { fetchOrder, fetchOrders, fetchOrderStats, orderKeys } from '../../../api/orders'
import { queryClient } from '../../../api/query-client'
import { CURSOR_PAGE } from '../../../api/schemas/orders'
import { listFilters, parseOrdersSearch } from './orders-url'

/** Starts loading the first page `search` (location.search) asks for, the stats and the open order; failures are left to the screen. */
export function prefetchOrdersList(search: string): Promise<unknown> {
  const url = parseOrdersSearch(search)
  const filters = listFilters(url)
  return Promise.all([
    url.order
      ? queryClient.prefetchQuery({
          queryKey: orderKeys.detail(url.order),
          queryFn: ({ signal }) => fetchOrder(url.order, signal),
        })
      : null,
    queryClient.prefetchInfiniteQuery({
      queryKey: orderKeys.list(filters),
      initialPageParam: '',
      queryFn: ({ signal, pageParam }) => fetchOrders(filters, pageParam, CURSOR_PAGE.default, signal),
    }),
    queryClient.prefetchQuery({ queryKey: orderKeys.stats, queryFn: ({ signal }) => fetchOrderStats(signal) }),
  ])
}
