/**
 * An LRU of built values whose identical concurrent misses build once (decision 004): after a
 * write every open console asks for the same thing at once, and one build serves them all. The
 * callers key it with cacheKey (cache-key.ts: the table versions and the query; used by
 * versioned-json-cache.ts, dashboard-cache.ts, user-list-cache.ts, project-list-pages.ts). A build that fails stores nothing; the requests
 * waiting on it get its error.
 */
import { LRUCache } from 'lru-cache'

/** Where a value came from: the cache, a build of this request, or a build another request had started. */
export type CacheOutcome = 'hit' | 'miss' | 'shared'

/**
 * A built value to store under `key` instead of the key it was asked for, or not at all (`null`):
 * for a build whose statements saw table versions other than the ones in the key asked for (a
 * value is stored under the versions its data is from, never newer ones).
 */
export class StoreUnder<V> {
  constructor(
    readonly key: string | null,
    readonly value: V,
  ) {}
}

/**
 * A cache bounded by `options` (LRU: `max` entries, or `maxSize` with `sizeCalculation`).
 * `get(key, build)` answers the stored value of `key`, or joins the build of `key` in flight, or
 * runs `build`, stores its value under `key` (or where its StoreUnder says) and answers it.
 */
export function createSingleFlightCache<V extends object | number | string>(
  options: LRUCache.Options<string, V, unknown>,
) {
  const entries = new LRUCache<string, V>(options)
  const building = new Map<string, Promise<V>>()

  return async function get(
    key: string,
    build: () => Promise<V | StoreUnder<V>>,
  ): Promise<{ value: V; cache: CacheOutcome }> {
    const cached = entries.get(key)
    if (cached !== undefined) return { value: cached, cache: 'hit' }
    const inFlight = building.get(key)
    if (inFlight) return { value: await inFlight, cache: 'shared' }
    const pending = build().then((built) => {
      const { key: storeKey, value }: StoreUnder<V> = built instanceof StoreUnder ? built : new StoreUnder(key, built)
      if (storeKey !== null) entries.set(storeKey, value)
      return value
    })
    building.set(key, pending)
    try {
      return { value: await pending, cache: 'miss' }
    } finally {
      building.delete(key)
    }
  }
}
