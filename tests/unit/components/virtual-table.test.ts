import { describe, expect, it } from 'vitest'
import { rowInView, shouldLoadMore } from '../../../src/components/list/virtual-table'

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

describe('VirtualTable focus: whether the focus row needs a scroll', () => {
  const view = { offset: 112, size: 560 }
  it('a row wholly inside the view needs none', () => {
    expect(rowInView(2, 56, view)).toBe(true)
    expect(rowInView(11, 56, view)).toBe(true)
    expect(rowInView(0, 56, { offset: 0, size: 560 })).toBe(true)
  })
  it('a row above, below or cut by an edge does', () => {
    expect(rowInView(1, 56, view)).toBe(false)
    expect(rowInView(12, 56, view)).toBe(false)
    expect(rowInView(2, 56, { offset: 120, size: 560 })).toBe(false)
    expect(rowInView(11, 56, { offset: 100, size: 560 })).toBe(false)
  })
  it('a view not measured yet holds no row', () => {
    expect(rowInView(0, 56, { offset: 0, size: 0 })).toBe(false)
  })
})
