/** dd/mm/yyyy days for the en-IN date filters: format, mask and parse (src/lib/day-month-year.ts). */
import { describe, expect, it } from 'vitest'
import { formatDayMonthYear, maskDayMonthYear, parseDayMonthYear } from '../../../src/lib/day-month-year'

describe('dd/mm/yyyy days', () => {
  it('shows a YYYY-MM-DD day day first, through Intl en-IN', () => {
    expect(formatDayMonthYear('2026-11-27')).toBe('27/11/2026')
    expect(formatDayMonthYear('2026-01-05')).toBe('05/01/2026')
    expect(formatDayMonthYear('')).toBe('')
    expect(formatDayMonthYear('27/11/2026')).toBe('')
  })
  it('puts the slashes in as digits are typed, and drops anything else', () => {
    expect(maskDayMonthYear('2')).toBe('2')
    expect(maskDayMonthYear('27')).toBe('27')
    expect(maskDayMonthYear('271')).toBe('27/1')
    expect(maskDayMonthYear('27112026')).toBe('27/11/2026')
    expect(maskDayMonthYear('27/11/20269')).toBe('27/11/2026')
    expect(maskDayMonthYear('ab')).toBe('')
  })
  it('reads day/month/year into YYYY-MM-DD, refusing days that do not exist', () => {
    expect(parseDayMonthYear('27/11/2026')).toBe('2026-11-27')
    expect(parseDayMonthYear('5-1-2026')).toBe('2026-01-05')
    expect(parseDayMonthYear('29/02/2028')).toBe('2028-02-29')
    expect(parseDayMonthYear('29/02/2026')).toBeNull()
    expect(parseDayMonthYear('31/04/2026')).toBeNull()
    expect(parseDayMonthYear('11/27/2026')).toBeNull()
    expect(parseDayMonthYear('27/11')).toBeNull()
    expect(parseDayMonthYear('01/01/1899')).toBeNull()
  })
})
