import { describe, expect, it } from 'vitest'
import {
  listFilters,
  ordersListPath,
  parseOrdersSearch,
  toOrdersSearch,
} from '../../../../src/views/orders/list/orders-url'

describe('orders list URL', () => {
  it('reads the filters and the open order; bad values fall back to all', () => {
    expect(parseOrdersSearch('?search=asha&status=in_progress&from=2026-11-01&to=2026-11-20&order=abc')).toEqual({
      search: 'asha',
      status: 'in_progress',
      from: '2026-11-01',
      to: '2026-11-20',
      order: 'abc',
      page: 1,
    })
    expect(parseOrdersSearch('status=shipped&from=yesterday&to=2026-13-45')).toMatchObject({
      status: '',
      from: '',
      to: '',
    })
    expect(parseOrdersSearch('from=2026-11-20&to=2026-11-01')).toMatchObject({ from: '2026-11-20', to: '' })
  })
  it('writes only what is set, in a stable order; the list filters leave the order out', () => {
    const state = parseOrdersSearch('order=abc&status=pending&search=a b')
    expect(toOrdersSearch(state)).toBe('search=a+b&status=pending&order=abc')
    expect(ordersListPath({ ...state, search: '', status: '', order: '' })).toBe('/orders')
    expect(listFilters(state)).toEqual({ search: 'a b', status: 'pending', from: '', to: '' })
  })
})
