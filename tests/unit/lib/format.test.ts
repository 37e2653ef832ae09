import { describe, expect, it } from 'vitest'
import {
  formatBytes,
  formatCount,
  formatDate,
  formatDecimal,
  formatINR,
  formatINRCompact,
  formatMB,
  formatMonth,
  formatPercent,
  formatPercentChange,
  formatQuantity,
  formatRelativeTime,
} from '../../../src/lib/format'
import { growthLine } from '../../../src/views/dashboard/stat-cards'
import { contactStatusRows } from '../../../src/views/dashboard/breakdown-grids'

describe('format (en-IN)', () => {
  it('formats rupees with Indian grouping and two decimals', () => {
    expect(formatINR(125000)).toBe('₹1,25,000.00')
    expect(formatINR(1750.5)).toBe('₹1,750.50')
    expect(formatINR(Number.NaN)).toBe('₹0.00')
  })
  it('shortens rupees for chart axes in lakh and crore', () => {
    expect([0, 950, 12_345, 1_23_456, 98_76_543, 12_34_56_789].map(formatINRCompact)).toEqual([
      '₹0',
      '₹950',
      '₹12.3K',
      '₹1.2L',
      '₹98.8L',
      '₹12.3Cr',
    ])
    expect(formatINRCompact(Number.NaN)).toBe('₹0')
  })
  it("names a 'YYYY-MM' month whatever the time zone, and leaves nonsense as it is", () => {
    expect(formatMonth('2026-03')).toBe('March 2026')
    expect(formatMonth('2026-01', 'short')).toBe('Jan')
    expect(formatMonth('2025-12')).toBe('December 2025')
    expect(formatMonth('soon')).toBe('soon')
  })
  it('groups counts the Indian way', () => {
    expect(formatCount(1234567)).toBe('12,34,567')
  })
  it('formats file sizes in B, KB, MB and GB with 2 decimals (SPEC.md 9)', () => {
    expect(formatBytes(0)).toBe('0.00 B')
    expect(formatBytes(512)).toBe('512.00 B')
    expect(formatBytes(1536)).toBe('1.50 KB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MB')
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.25 GB')
    expect(formatBytes(2048 * 1024 ** 3)).toBe('2,048.00 GB')
  })
  it('formats upload totals in MB with 2 decimals and one-decimal figures', () => {
    expect(formatMB(1024 * 1024 * 1.5)).toBe('1.50 MB')
    expect(formatMB(12_345 * 1024 * 1024)).toBe('12,345.00 MB')
    expect(formatDecimal(4.25)).toBe('4.3')
    expect([formatPercent(10), formatPercent(7.25), formatPercent(0), formatPercent(Number.NaN)]).toEqual([
      '10%',
      '7.25%',
      '0%',
      '0%',
    ])
  })
  it('names counts in the singular or plural', () => {
    expect(formatQuantity(1, 'commit')).toBe('1 commit')
    expect(formatQuantity(0, 'commit')).toBe('0 commits')
    expect(formatQuantity(12000, 'file')).toBe('12,000 files')
    expect(formatQuantity(2, 'entry', 'entries')).toBe('2 entries')
  })
  it('signs percentage changes', () => {
    expect(formatPercentChange(12.5)).toBe('+12.5%')
    expect(formatPercentChange(-3)).toBe('-3%')
    expect(formatPercentChange(0)).toBe('0%')
    expect(formatPercentChange(33.333)).toBe('+33.3%')
  })
  it('formats dates and relative times', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('5 Mar 2026')
    const now = Date.parse('2026-03-05T10:00:00Z')
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago')
    expect(formatRelativeTime(now - 26 * 3600_000, now)).toBe('yesterday')
    expect(formatRelativeTime(now - 10_000, now)).toBe('now')
  })
})

describe('dashboard helpers', () => {
  it('growth line colour follows the sign', () => {
    expect(growthLine(12.5)).toEqual({ text: '+12.5% from last month', trend: 'up' })
    expect(growthLine(-4)).toEqual({ text: '-4% from last month', trend: 'down' })
    expect(growthLine(0)).toEqual({ text: '0% from last month', trend: 'flat' })
  })
  it('contact status grid always lists new, read, replied, then extras', () => {
    expect(
      contactStatusRows([
        { _id: 'replied', count: 3 },
        { _id: 'archived', count: 1 },
      ]),
    ).toEqual([
      { status: 'new', count: 0 },
      { status: 'read', count: 0 },
      { status: 'replied', count: 3 },
      { status: 'archived', count: 1 },
    ])
  })
})
