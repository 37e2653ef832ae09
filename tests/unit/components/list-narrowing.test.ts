/** Whether a list's URL query narrows it (useListScreen's `filtered`) and what Clear filters keeps. */
import { describe, expect, it } from 'vitest'
import { narrowing } from '../../../src/components/list/use-list-screen'

describe('narrowing', () => {
  it('a search or any filter narrows; the page and the kept keys (page size, open panel) do not', () => {
    expect(narrowing('', ['limit'])).toEqual({ filtered: false, kept: '' })
    expect(narrowing('limit=50&page=3', ['limit'])).toEqual({ filtered: false, kept: 'limit=50' })
    expect(narrowing('search=foo&limit=50&page=2', ['limit'])).toEqual({ filtered: true, kept: 'limit=50' })
    expect(narrowing('status=failed&payment=p1', ['payment'])).toEqual({ filtered: true, kept: 'payment=p1' })
    // A filter the list learns later narrows it too, without a change here.
    expect(narrowing('draft=1', ['limit'])).toEqual({ filtered: true, kept: '' })
  })
})
