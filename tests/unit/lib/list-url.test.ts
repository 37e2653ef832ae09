import { describe, expect, it } from 'vitest'
import { DEFAULT_PAGE_SIZE, oneOf, readListPaging, writeListQuery } from '../../../src/lib/list-url'

describe('shared list URL helpers', () => {
  it('oneOf keeps an allowed value and turns anything else into the "all" filter', () => {
    expect(oneOf('paid', ['paid', 'failed'] as const)).toBe('paid')
    expect(oneOf('PAID', ['paid', 'failed'] as const)).toBe('')
    expect(oneOf(null, ['paid'] as const)).toBe('')
  })

  it('readListPaging falls back to the default page size and page 1 on bad values', () => {
    expect(readListPaging(new URLSearchParams('search=ab&limit=50&page=3'))).toEqual({
      search: 'ab',
      limit: 50,
      page: 3,
    })
    expect(readListPaging(new URLSearchParams('limit=7&page=0'))).toEqual({
      search: '',
      limit: DEFAULT_PAGE_SIZE,
      page: 1,
    })
    expect(readListPaging(new URLSearchParams('page=2.5'))).toEqual({ search: '', limit: DEFAULT_PAGE_SIZE, page: 1 })
  })

  it('writeListQuery writes search, the own filters in order, then non-default limit and page', () => {
    expect(
      writeListQuery({ search: 'a b', limit: 50, page: 2 }, [
        ['z', 'x'],
        ['a', ''],
        ['m', 'y'],
      ]),
    ).toBe('search=a+b&z=x&m=y&limit=50&page=2')
    expect(writeListQuery({ search: '', limit: DEFAULT_PAGE_SIZE, page: 1 }, [['status', '']])).toBe('')
  })
})
