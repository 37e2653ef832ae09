/**
 * Shared react-query list hook for the admin lists (projects, users, orders and
 * payments). A page-numbered list keeps the previous page on screen while the next loads
 * (`keepPreviousData`) and prefetches the next page once the current one is in, so 'Next' shows
 * at once and then revalidates (SPEC.md 8). A cursor-paged infinite list is not served here: it
 * needs `useInfiniteQuery` (getNextPageParam from the response's cursor) beside this hook.
 */
import { useEffect } from 'react'
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'

/** How long a prefetched page or item counts as fresh enough to show without a spinner, ms. */
export const PREFETCH_FRESH_MS = 15_000

/** What a page-numbered list endpoint needs: filters carrying a 1-based `page`, a response with `pagination.totalPages`. */
export interface PagedListSource<F extends { page: number }, R extends { pagination: { totalPages: number } }> {
  /** The query key of one page (the filters object included). */
  key: (filters: F) => QueryKey
  /** The GET of one page; aborts with `signal`. Rejects with an ApiError (src/api/client.ts). */
  fetch: (filters: F, signal?: AbortSignal) => Promise<R>
}

/**
 * The current page of `source` for `filters` as a react-query result (`data` is the previous
 * page while `isPlaceholderData`), prefetching page `filters.page + 1` when there is one.
 * `source` must be a module-level constant (it is an effect dependency).
 */
export function usePagedList<F extends { page: number }, R extends { pagination: { totalPages: number } }>(
  source: PagedListSource<F, R>,
  filters: F,
) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: source.key(filters),
    queryFn: ({ signal }) => source.fetch(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  const totalPages = query.isPlaceholderData ? undefined : query.data?.pagination.totalPages
  useEffect(() => {
    if (totalPages === undefined || filters.page >= totalPages) return
    const next = { ...filters, page: filters.page + 1 }
    void queryClient.prefetchQuery({
      queryKey: source.key(next),
      queryFn: ({ signal }) => source.fetch(next, signal),
      staleTime: PREFETCH_FRESH_MS,
    })
  }, [source, filters, totalPages, queryClient])
  return query
}
