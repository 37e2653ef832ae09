/** Dashboard arithmetic (server/domain/dashboard-stats.ts): month-over-month growth and UTC months. */
import { describe, expect, it } from 'vitest'
import { growthPercent, monthStarts } from '../../../server/domain/dashboard-stats'

describe('growthPercent', () => {
  it('is the month-over-month change in percent, 1 decimal, with the documented zero cases', () => {
    expect(growthPercent(3, 2)).toBe(50)
    expect(growthPercent(4, 3)).toBe(33.3)
    expect(growthPercent(1, 3)).toBe(-66.7)
    expect(growthPercent(0, 0)).toBe(0)
    expect(growthPercent(5, 0)).toBe(100)
    expect(growthPercent(0, 4)).toBe(-100)
  })
  it('uses UTC calendar months', () => {
    expect(monthStarts(new Date('2026-01-15T10:00:00Z'))).toEqual({
      thisMonth: new Date('2026-01-01T00:00:00Z'),
      lastMonth: new Date('2025-12-01T00:00:00Z'),
    })
  })
})
