/**
 * The app's one react-query client: 30 s fresh data, no refetch on focus, one retry for network
 * and server failures only. A module of its own (loaded with the protected area, never by /login)
 * so that a route can start a screen's first query before that screen's chunk has run.
 */
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './client'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not fix themselves; retry only network and server failures, once.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
})
