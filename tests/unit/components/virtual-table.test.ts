import { describe, expect, it } from 'vitest'
import { shouldLoadMore } from '../../../src/components/list/virtual-table'

describe('VirtualTable load-more: when the next cursor page is asked for', () => {
  it('only near the end of what is loaded', () => {
    expect(shouldLoadMore(true, 10, 50, 20)).toBe(false)
    expect(shouldLoadMore(true, 29, 50, 20)).toBe(false)
    expect(shouldLoadMore(true, 30, 50, 20)).toBe(true)
    // The footer slot (index = loaded) counts as the end too.
    expect(shouldLoadMore(true, 50, 50, 20)).toBe(true)
  })
  it('never while a page loads, after one failed, on the last page, or with nothing mounted', () => {
    expect(shouldLoadMore(false, 49, 50, 20)).toBe(false)
    expect(shouldLoadMore(true, -1, 0, 20)).toBe(false)
  })
})
