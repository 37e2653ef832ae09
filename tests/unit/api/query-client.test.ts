/**
 * The query client's mount rule: a screen that mounts right after its cold-load prefetch uses the
 * prefetched answer (one request, the rows the page was drawn with), while an older or invalidated
 * answer is refetched on mount even where the screen's staleTime is 0.
 */
import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { JUST_FETCHED_MS, loadUncached, queryClient } from '../../../src/api/query-client'

afterEach(() => {
  queryClient.clear()
  vi.useRealTimers()
})

/** Prefetches ['rows'] with a counting query function, then mounts an observer of it with staleTime 0; how many fetches ran once it settles. */
async function fetchesAfterMount(between: () => void | Promise<void>): Promise<number> {
  let fetches = 0
  const queryFn = async () => ++fetches
  await queryClient.prefetchQuery({ queryKey: ['rows'], queryFn })
  await between()
  const observer = new QueryObserver(queryClient, { queryKey: ['rows'], queryFn, staleTime: 0 })
  const unsubscribe = observer.subscribe(() => {})
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false))
  unsubscribe()
  return fetches
}

describe('refetch on mount', () => {
  it('uses an answer fetched moments ago as it is', async () => {
    expect(await fetchesAfterMount(() => {})).toBe(1)
  })

  it('refetches an answer invalidated since', async () => {
    expect(
      await fetchesAfterMount(() => queryClient.invalidateQueries({ queryKey: ['rows'], refetchType: 'none' })),
    ).toBe(2)
  })

  it(`refetches an answer older than ${JUST_FETCHED_MS} ms`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    expect(
      await fetchesAfterMount(() => {
        vi.setSystemTime(Date.now() + JUST_FETCHED_MS + 1)
      }),
    ).toBe(2)
  })
})

describe('loadUncached: what a move to a screen waits for', () => {
  /** A first load of `key` whose calls are counted; it answers `value`. */
  const counted = (key: string, value: number) => {
    const calls: string[] = []
    const load = {
      queryKey: [key],
      load: () => {
        calls.push(key)
        return queryClient.prefetchQuery({ queryKey: [key], queryFn: async () => value })
      },
    }
    return { load, calls }
  }

  it('starts only the loads the cache lacks, and settles once they have answered', async () => {
    queryClient.setQueryData(['stats'], 1)
    const list = counted('list', 2)
    const stats = counted('stats', 3)
    const waiting = loadUncached([list.load, null, stats.load])
    expect(waiting).toBeInstanceOf(Promise)
    expect(list.calls).toEqual(['list'])
    expect(stats.calls).toEqual([])
    await waiting
    expect(queryClient.getQueryData(['list'])).toBe(2)
    expect(queryClient.getQueryData(['stats'])).toBe(1)
  })

  it('gives nothing to wait for, and starts nothing, when the cache holds every one', () => {
    queryClient.setQueryData(['list'], 1)
    const list = counted('list', 2)
    expect(loadUncached([list.load, null])).toBeUndefined()
    expect(list.calls).toEqual([])
  })
})
