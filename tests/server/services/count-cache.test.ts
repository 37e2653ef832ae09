/** Exact counts cached per table version (services/count-cache.ts). */
import { describe, expect, it } from 'vitest'
import { CountCache } from '../../../server/services/count-cache'

describe('count cache', () => {
  it('serves a count only for the version it was counted at', () => {
    const cache = new CountCache(2)
    expect(cache.get(1, 'a')).toBeUndefined()
    cache.set(1, 'a', 10)
    expect(cache.get(1, 'a')).toBe(10)
    expect(cache.get(2, 'a')).toBeUndefined()
    cache.set(1, 'a', 99) // counted at an older version: ignored
    expect(cache.get(2, 'a')).toBeUndefined()
    cache.set(2, 'a', 11)
    cache.set(2, 'b', 12)
    cache.set(2, 'c', 13) // evicts the oldest entry
    expect([cache.get(2, 'a'), cache.get(2, 'b'), cache.get(2, 'c')]).toEqual([undefined, 12, 13])
  })
})
