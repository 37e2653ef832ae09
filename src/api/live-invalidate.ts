/**
 * Coalesced invalidation for live events (decision 044): keys arriving within `delayMs` (150 ms)
 * are collected and each invalidated once, keys covered by a shorter one left out, so a bulk change
 * of 500 rows is one refetch of each list on screen, not 500.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { ALL_QUERIES, coveringKeys } from './live-keys'

/** How long keys are collected before one invalidation of each (ms). */
export const COALESCE_MS = 150

export type LiveInvalidator = {
  /** Collect `keys` (or every query) for the next flush. */
  add: (keys: readonly QueryKey[] | typeof ALL_QUERIES) => void
  /** Drop what is collected and stop (the shell unmounts). */
  cancel: () => void
}

export function createLiveInvalidator(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  delayMs = COALESCE_MS,
): LiveInvalidator {
  let pending: QueryKey[] = []
  let all = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    timer = undefined
    const keys = all ? [] : coveringKeys(pending)
    if (all) void queryClient.invalidateQueries()
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey })
    pending = []
    all = false
  }
  return {
    add(keys) {
      if (keys === ALL_QUERIES) all = true
      else pending.push(...keys)
      timer ??= setTimeout(flush, delayMs)
    },
    cancel() {
      clearTimeout(timer)
      timer = undefined
      pending = []
      all = false
    },
  }
}
