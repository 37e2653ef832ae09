import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRecentChanges, RECENT_CHANGE_MS } from '../../../src/lib/recent-changes'

describe('createRecentChanges', () => {
  afterEach(() => vi.useRealTimers())

  it('names who changed a record for 4 s, a newer change restarting the time, and tells subscribers', () => {
    vi.useFakeTimers()
    const store = createRecentChanges()
    const listener = vi.fn()
    store.subscribe(listener)
    store.mark('p1', 'Asha')
    expect(store.get('p1')).toBe('Asha')
    expect(store.get('p2')).toBeUndefined()
    vi.advanceTimersByTime(RECENT_CHANGE_MS - 1000)
    store.mark('p1', 'Ravi')
    vi.advanceTimersByTime(RECENT_CHANGE_MS - 1)
    expect(store.get('p1')).toBe('Ravi')
    vi.advanceTimersByTime(1)
    expect(store.get('p1')).toBeUndefined()
    expect(listener).toHaveBeenCalledTimes(3)
  })
})
