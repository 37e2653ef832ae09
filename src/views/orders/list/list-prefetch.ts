/**
 * What a cold load of /orders fetches before the list screen has run: the first cursor page of
 * the filters in the URL, the stats and the order of an open side panel (?order=), with the keys
 * and query functions `useOrderList` / `useOrderStats` / `useOrder` use, so the screen finds them
 * in the cache. Started by the route table.
 */
import { fetchOrder, fetchOrders, fetchOrderStats, orderKeys } from '../../../api/orders'
import { firstPage, firstQuery, loadUncached } from '../../../api/query-client'
import { CURSOR_PAGE } from '../../../api/schemas/orders'
import { listFilters, parseOrdersSearch } from './orders-url'

/** Starts loading the first page `search` (location.search) asks for, the stats and the open order where the cache lacks it, settling once answered (undefined: all cached); failures are left to the screen. */
export function prefetchOrdersList(search: string): Promise<unknown> | undefined {
  const url = parseOrdersSearch(search)
  const filters = listFilters(url)
  return loadUncached([
    url.order ? firstQuery(orderKeys.detail(url.order), ({ signal }) => fetchOrder(url.order, signal)) : null,
    firstPage(orderKeys.list(filters), ({ signal, pageParam }) =>
      fetchOrders(filters, pageParam, CURSOR_PAGE.default, signal),
    ),
    firstQuery(orderKeys.stats, ({ signal }) => fetchOrderStats(signal)),
  ])
}
