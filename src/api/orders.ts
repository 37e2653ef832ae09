/**
 * Orders transport (SPEC.md 7 "Orders"): the keyset-paged list, stats, one order with its
 * notes and payments, a status move, the bulk update, the CSV export URL, and the react-query keys
 * and hooks of the orders screen. Money in rupees. Every failure is an ApiError (src/api/client.ts).
 */
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from './client'
import {
  CURSOR_PAGE,
  ExportLinkResponseSchema,
  OrderBulkResponseSchema,
  OrderListResponseSchema,
  OrderMessageResponseSchema,
  OrderResponseSchema,
  OrderStatsResponseSchema,
  type OrderBulkAction,
  type OrderBulkResult,
  type OrderDetail,
  type OrderListResponse,
  type OrderStats,
  type OrderStatus,
} from './schemas/orders'
import type { RowVersions } from './schemas/versions'

/** The list filters as the URL carries them ('' = all). Dates are YYYY-MM-DD, India time. */
export interface OrderListFilters {
  search: string
  status: '' | OrderStatus
  from: string
  to: string
}

/** The filters as query parameters, empty ones left out (the list and the CSV export share them). */
export function orderFilterQuery(filters: OrderListFilters): Record<string, string> {
  const query: Record<string, string> = {}
  if (filters.search.trim()) query.search = filters.search.trim()
  if (filters.status) query.status = filters.status
  if (filters.from) query.from = filters.from
  if (filters.to) query.to = filters.to
  return query
}

/** GET /api/orders: one page after `cursor` ('' for the first), `limit` rows. */
export function fetchOrders(
  filters: OrderListFilters,
  cursor = '',
  limit: number = CURSOR_PAGE.default,
  signal?: AbortSignal,
): Promise<OrderListResponse> {
  const query: Record<string, string | number> = { ...orderFilterQuery(filters), limit }
  if (cursor) query.cursor = cursor
  return api.get('/api/orders', OrderListResponseSchema, { query, signal })
}

/** GET /api/orders/stats → overview {totalOrders, pendingOrders, completedOrders, totalRevenue (rupees)}. */
export async function fetchOrderStats(signal?: AbortSignal): Promise<OrderStats> {
  return (await api.get('/api/orders/stats', OrderStatsResponseSchema, { signal })).stats
}

/** GET /api/orders/{id} → the order with notes and payments (404 → ApiError status 404). */
export async function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  return (await api.get(`/api/orders/${id}`, OrderResponseSchema, { signal })).order
}

/**
 * PUT /api/orders/{id}/status {status, notes}: an illegal move is a 409 ApiError with the reason;
 * with `version` (If-Match) a move based on a stale order is a 409 version_conflict (versionConflictOf).
 */
export async function setOrderStatus(
  id: string,
  status: OrderStatus,
  notes = '',
  version?: string,
): Promise<OrderDetail> {
  return (await api.put(`/api/orders/${id}/status`, { status, notes }, OrderMessageResponseSchema, { version })).order
}

/**
 * PUT /api/orders/bulk-update {orderIds, action, versions?}: how many moved, each order that could
 * not with why, and (with `versions`) the orders left alone because they changed since listed.
 */
export async function bulkUpdateOrders(
  orderIds: readonly string[],
  action: OrderBulkAction,
  versions?: RowVersions,
): Promise<OrderBulkResult> {
  const body = { orderIds, action, ...(versions ? { versions } : {}) }
  return api.put('/api/orders/bulk-update', body, OrderBulkResponseSchema)
}

/** GET /api/orders/export-link → a signed, expiring URL of the CSV of the filtered view, for the browser to download. */
export async function fetchOrdersExportLink(filters: OrderListFilters): Promise<string> {
  return (await api.get('/api/orders/export-link', ExportLinkResponseSchema, { query: orderFilterQuery(filters) }))
    .downloadUrl
}

export const orderKeys = {
  all: ['orders'] as const,
  list: (filters: OrderListFilters) => ['orders', 'list', filters] as const,
  stats: ['orders', 'stats'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
}

/** Every matching order, page by page as the list scrolls (keyset cursor: no skips, no repeats). */
export function useOrderList(filters: OrderListFilters) {
  return useInfiniteQuery({
    queryKey: orderKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchOrders(filters, pageParam, CURSOR_PAGE.default, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
    staleTime: 0,
  })
}

/** The stats cards; a failure is only logged by the view (SPEC.md 8). */
export function useOrderStats() {
  return useQuery({ queryKey: orderKeys.stats, queryFn: ({ signal }) => fetchOrderStats(signal), staleTime: 0 })
}

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchOrder(id!, signal),
    enabled: Boolean(id),
    staleTime: 0,
  })
}

/** After any order write: lists and stats refetch; `order` (when given) replaces its cached detail. */
export function invalidateOrders(queryClient: QueryClient, order?: OrderDetail): Promise<void> {
  if (order) queryClient.setQueryData(orderKeys.detail(order._id), order)
  return queryClient.invalidateQueries({
    queryKey: orderKeys.all,
    predicate: (q) => !order || q.queryKey[2] !== order._id,
  })
}
