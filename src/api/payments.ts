/**
 * Payments transport (SPEC.md 7 "Payments"): the keyset-paged list, stats, one payment
 * with its order, the CSV export path, and the react-query keys and hooks of the payments screen.
 * A failed load is an ApiError shown with Retry, never sample data (DESIGN.md).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api } from './client'
import { CURSOR_PAGE, ExportLinkResponseSchema } from './schemas/orders'
import {
  PaymentListResponseSchema,
  PaymentResponseSchema,
  PaymentStatsResponseSchema,
  type PaymentListResponse,
  type PaymentStats,
  type PaymentStatus,
} from './schemas/payments'
import type * as v from 'valibot'

/** The list filters as the URL carries them ('' = all). */
export interface PaymentListFilters {
  search: string
  status: '' | PaymentStatus
}

/** The filters as query parameters, empty ones left out. */
export function paymentFilterQuery(filters: PaymentListFilters): Record<string, string> {
  const query: Record<string, string> = {}
  if (filters.search.trim()) query.search = filters.search.trim()
  if (filters.status) query.status = filters.status
  return query
}

/** GET /api/payments: one page after `cursor` ('' for the first). */
export function fetchPayments(
  filters: PaymentListFilters,
  cursor = '',
  limit: number = CURSOR_PAGE.default,
  signal?: AbortSignal,
): Promise<PaymentListResponse> {
  const query: Record<string, string | number> = { ...paymentFilterQuery(filters), limit }
  if (cursor) query.cursor = cursor
  return api.get('/api/payments', PaymentListResponseSchema, { query, signal })
}

/** GET /api/payments/{id} → the payment and its order (null when gone). */
export function fetchPayment(id: string, signal?: AbortSignal): Promise<v.InferOutput<typeof PaymentResponseSchema>> {
  return api.get(`/api/payments/${id}`, PaymentResponseSchema, { signal })
}

/** GET /api/payments/stats → count and amount (rupees) per status and in all. */
export async function fetchPaymentStats(signal?: AbortSignal): Promise<PaymentStats> {
  return (await api.get('/api/payments/stats', PaymentStatsResponseSchema, { signal })).stats
}

/** GET /api/payments/export-link → a signed, expiring URL of the CSV of the filtered view. */
export async function fetchPaymentsExportLink(filters: PaymentListFilters): Promise<string> {
  return (await api.get('/api/payments/export-link', ExportLinkResponseSchema, { query: paymentFilterQuery(filters) }))
    .downloadUrl
}

export const paymentKeys = {
  all: ['payments'] as const,
  list: (filters: PaymentListFilters) => ['payments', 'list', filters] as const,
  stats: ['payments', 'stats'] as const,
  detail: (id: string) => ['payments', 'detail', id] as const,
}

/** Every matching payment, page by page as the list scrolls. */
export function usePaymentList(filters: PaymentListFilters) {
  return useInfiniteQuery({
    queryKey: paymentKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchPayments(filters, pageParam, CURSOR_PAGE.default, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
    staleTime: 0,
  })
}

export function usePaymentStats() {
  return useQuery({ queryKey: paymentKeys.stats, queryFn: ({ signal }) => fetchPaymentStats(signal), staleTime: 0 })
}

export function usePayment(id: string | undefined) {
  return useQuery({
    queryKey: paymentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchPayment(id!, signal),
    enabled: Boolean(id),
    staleTime: 0,
  })
}
