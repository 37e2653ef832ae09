/**
 * The app's one react-query client: 30 s fresh data, no refetch on focus, one retry for network
 * and server failures only, and no refetch on mount of what was fetched moments ago. A module of
 * its own (loaded with the protected area, never by /login) so that a route can start a screen's
 * first query before that screen's chunk has run.
 */
import { QueryClient, type Query, type QueryFunction, type QueryKey } from '@tanstack/react-query'
import { ApiError } from './client'

/**
 * How long after its answer a query counts as just fetched (ms): a screen mounting within it uses
 * the answer as is, even where the screen's own staleTime is 0. A cold load prefetches a screen's
 * first page while its chunks load; refetching that page on mount doubles the request and can
 * show rows that differ from the ones the page was first drawn with.
 */
export const JUST_FETCHED_MS = 3_000

/** Whether mounting a screen should refetch `query`: it was invalidated since, or is older than JUST_FETCHED_MS. */
export const refetchOnMount = (query: Query): boolean =>
  query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      refetchOnMount,
      // Client errors (4xx) will not fix themselves; retry only network and server failures, once.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
})

/** One of a screen's first requests: its query key, and what loads it into the cache (a prefetch, which never rejects). */
export interface FirstLoad {
  queryKey: QueryKey
  load: () => Promise<unknown>
}

/** A first request answered by `queryFn` under `queryKey` (the key and function its screen's query uses). */
export const firstQuery = <T>(queryKey: QueryKey, queryFn: QueryFunction<T>): FirstLoad => ({
  queryKey,
  load: () => queryClient.prefetchQuery({ queryKey, queryFn }),
})

/** The first page of a cursor-paged list (useInfiniteQuery, first cursor '') under `queryKey`. */
export const firstPage = <T>(queryKey: QueryKey, queryFn: QueryFunction<T, QueryKey, string>): FirstLoad => ({
  queryKey,
  load: () => queryClient.prefetchInfiniteQuery({ queryKey, queryFn, initialPageParam: '' }),
})

/**
 * What a move to a screen waits for (src/lib/screen-navigation.ts): starts each of `loads` whose
 * key the cache does not hold, and settles once they have answered; undefined when the cache holds
 * every one (the screen shows them at once and refreshes behind). Null entries are skipped.
 */
export function loadUncached(loads: ReadonlyArray<FirstLoad | null>): Promise<unknown> | undefined {
  const started = loads
    .filter((l): l is FirstLoad => l !== null && queryClient.getQueryData(l.queryKey) === undefined)
    .map((l) => l.load())
  return started.length ? Promise.all(started) : undefined
}
