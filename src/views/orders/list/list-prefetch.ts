/**
 * What a cold load of /orders fetches before the list screen has run: the first cursor page of
 * the filters in the URL and the stats, with the keys and query functions `useOrderList` /
 * `useOrderStats` use, so the screen finds them in the cache. Started by the route table.
 */
import { fetchOrders, fetchOrderStats, orderKeys } from '../../../api/orders'
import { queryClient } from '../../../api/query-client'
import { CURSOR_PAGE } from '../../../api/schemas/orders'
import { listFilters, parseOrdersSearch } from './orders-url'

/** Starts loading the first page `search` (location.search) asks for and the stats; failures are left to the screen. */
export function prefetchOrdersList(search: string): Promise<unknown> {
  const filters = listFilters(parseOrdersSearch(search))
  return Promise.all([
    queryClient.prefetchInfiniteQuery({
      queryKey: orderKeys.list(filters), initialPageParam: '',
      queryFn: ({ signal, pageParam }) => fetchOrders(filters, pageParam, CURSOR_PAGE.default, signal),
    }),
    queryClient.prefetchQuery({ queryKey: orderKeys.stats, queryFn: ({ signal }) => fetchOrderStats(signal) }),
  ])
}
