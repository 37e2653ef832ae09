import { describe, expect, it } from 'vitest'
import {
  commissionPath,
  parseCommissionSearch,
  toCommissionSearch,
} from '../../../../src/views/commission/commission-url'

describe('the commission URL state', () => {
  it('defaults: Configurations, no search, All Status, page 1, and an empty query', () => {
    const state = parseCommissionSearch('')
    expect(state).toEqual({ tab: 'configs', search: '', isActive: '', page: 1 })
    expect(toCommissionSearch(state)).toBe('')
    expect(commissionPath(state)).toBe('/commission')
  })

  it('round-trips every field', () => {
    const query = 'tab=stats&search=crm+app&isActive=false&page=3'
    expect(parseCommissionSearch(`?${query}`)).toEqual({ tab: 'stats', search: 'crm app', isActive: 'false', page: 3 })
    expect(toCommissionSearch(parseCommissionSearch(query))).toBe(query)
  })

  it('unknown or malformed values fall back to the defaults', () => {
    expect(parseCommissionSearch('tab=settings&isActive=yes&page=-2')).toEqual({
      tab: 'configs',
      search: '',
      isActive: '',
      page: 1,
    })
    expect(parseCommissionSearch('page=1.5').page).toBe(1)
  })
})
