import { describe, expect, it } from 'vitest'
import { analyticsPath, parseAnalyticsSearch } from '../../../../src/views/analytics/analytics-url'

describe('the analytics URL', () => {
  it('reads ?period= (with or without "?"); unknown, empty or missing is 30d', () => {
    expect(parseAnalyticsSearch('?period=90d')).toBe('90d')
    expect(parseAnalyticsSearch('period=12m')).toBe('12m')
    expect(parseAnalyticsSearch('?period=30d')).toBe('30d')
    expect(parseAnalyticsSearch('?period=7d')).toBe('30d')
    expect(parseAnalyticsSearch('?period=')).toBe('30d')
    expect(parseAnalyticsSearch('')).toBe('30d')
  })

  it('leaves the default out of the address, and round-trips the others', () => {
    expect(analyticsPath('30d')).toBe('/analytics')
    expect(analyticsPath('90d')).toBe('/analytics?period=90d')
    for (const period of ['30d', '90d', '12m'] as const) {
      expect(parseAnalyticsSearch(analyticsPath(period).split('?')[1] ?? '')).toBe(period)
    }
  })
})
