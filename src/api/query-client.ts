/** The app's react-query client: 30 s fresh data, no refetch on focus, one retry for network and server failures only. */
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './client'

/** Creates the QueryClient the protected area provides (one per page load). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not fix themselves; retry only network and server failures, once.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  })
}
