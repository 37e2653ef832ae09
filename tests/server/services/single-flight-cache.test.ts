/**
 * The single-flight LRU (server/services/single-flight-cache.ts) every response cache builds on:
 * a hit, one build for concurrent misses, no storing of a failed build, and a value stored under
 * the key its StoreUnder names (the versions a build saw) or not at all.
 */
import { describe, expect, it } from 'vitest'
import { createSingleFlightCache, StoreUnder } from '../../../server/services/single-flight-cache'

describe('createSingleFlightCache', () => {
  it('builds once for concurrent misses, then answers from the cache', async () => {
    const get = createSingleFlightCache<string>({ max: 10 })
    let builds = 0
    const build = async () => {
      builds++
      await new Promise((resolve) => setTimeout(resolve, 5))
      return 'page'
    }
    const burst = await Promise.all([get('k', build), get('k', build), get('k', build)])
    expect(burst.map((r) => r.cache)).toEqual(['miss', 'shared', 'shared'])
    expect(burst.every((r) => r.value === 'page')).toBe(true)
    expect(await get('k', build)).toEqual({ value: 'page', cache: 'hit' })
    expect(builds).toBe(1)
  })

  it('stores nothing for a failed build and passes its error to every waiter', async () => {
    const get = createSingleFlightCache<string>({ max: 10 })
    const failing = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      throw new Error('database down')
    }
    const results = await Promise.allSettled([get('k', failing), get('k', failing)])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(await get('k', async () => 'fresh')).toEqual({ value: 'fresh', cache: 'miss' })
  })

  it('stores a StoreUnder value under its own key, or not at all for null', async () => {
    const get = createSingleFlightCache<string>({ max: 10 })
    // Asked under the versions read before the build, stored under the newer ones its statements saw.
    expect(await get('v1|q', async () => new StoreUnder('v2|q', 'page at v2'))).toEqual({
      value: 'page at v2',
      cache: 'miss',
    })
    expect(await get('v2|q', async () => 'rebuilt')).toEqual({ value: 'page at v2', cache: 'hit' })
    expect(await get('v1|q', async () => 'again')).toEqual({ value: 'again', cache: 'miss' })

    expect(await get('x', async () => new StoreUnder(null, 'not kept'))).toEqual({ value: 'not kept', cache: 'miss' })
    expect(await get('x', async () => 'built again')).toEqual({ value: 'built again', cache: 'miss' })
  })
})
