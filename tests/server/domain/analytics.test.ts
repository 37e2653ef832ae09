/**
 * Analytics arithmetic (server/domain/analytics.ts): period bounds at the end of the hour in India,
 * 12 months back in India wall-clock time, the IST months of the monthly revenue, exact rounding
 * half away from zero, and the shaping of the aggregates (rupees, nulls, months without revenue 0).
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AnalyticsSchema } from '../../../src/api/schemas/analytics'
import {
  analyticsBounds,
  changePercent,
  istMonthLabel,
  percentOf,
  roundedDivision,
  toAnalytics,
  type AnalyticsAggregates,
} from '../../../server/domain/analytics'

const iso = (d: Date) => d.toISOString()

describe('analyticsBounds', () => {
  // 10 March 2026, 17:30 IST: the hour ends at 18:00 IST = 12:30 UTC.
  const now = new Date('2026-03-10T12:00:00Z')

  it('ends every period at the end of the current hour in India, now inside [to − 1 h, to)', () => {
    expect(iso(analyticsBounds('30d', now).to)).toBe('2026-03-10T12:30:00.000Z')
    expect(iso(analyticsBounds('30d', new Date('2026-03-10T12:29:59.999Z')).to)).toBe('2026-03-10T12:30:00.000Z')
    expect(iso(analyticsBounds('30d', new Date('2026-03-10T12:30:00.000Z')).to)).toBe('2026-03-10T13:30:00.000Z')
  })

  it('starts 30 or 90 days before, the previous period as long again before that', () => {
    expect(analyticsBounds('30d', now)).toMatchObject({
      period: '30d',
      from: new Date('2026-02-08T12:30:00Z'),
      previousFrom: new Date('2026-01-09T12:30:00Z'),
    })
    expect(analyticsBounds('90d', now)).toMatchObject({
      period: '90d',
      from: new Date('2025-12-10T12:30:00Z'),
      previousFrom: new Date('2025-09-11T12:30:00Z'),
    })
  })

  it('goes 12 and 24 months back in India wall-clock time; 29 February rolls to 1 March', () => {
    expect(analyticsBounds('12m', now)).toMatchObject({
      from: new Date('2025-03-10T12:30:00Z'),
      previousFrom: new Date('2024-03-10T12:30:00Z'),
    })
    // 29 February 2028, 11:30 IST → 12:00 IST; 29 February 2027 does not exist.
    expect(analyticsBounds('12m', new Date('2028-02-29T06:00:00Z'))).toMatchObject({
      to: new Date('2028-02-29T06:30:00Z'),
      from: new Date('2027-03-01T06:30:00Z'),
      previousFrom: new Date('2026-03-01T06:30:00Z'),
    })
    // 1 January 2026, 00:10 IST (31 December 2025 UTC): a year earlier is 1 January 2025 in India.
    expect(analyticsBounds('12m', new Date('2025-12-31T18:40:00Z')).from).toEqual(new Date('2024-12-31T19:30:00Z'))
  })

  it('lists the 12 India months up to the current one, each from 00:00 IST on the 1st', () => {
    const { months } = analyticsBounds('30d', now)
    expect(months.map((m) => m.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ])
    expect(iso(months[0].start)).toBe('2025-03-31T18:30:00.000Z')
    expect(iso(months[11].start)).toBe('2026-02-28T18:30:00.000Z')
  })

  it('changes month at 00:00 IST, not at midnight UTC', () => {
    expect(analyticsBounds('30d', new Date('2026-02-28T18:29:59.999Z')).months.at(-1)?.month).toBe('2026-02')
    expect(analyticsBounds('30d', new Date('2026-02-28T18:30:00.000Z')).months.at(-1)?.month).toBe('2026-03')
    expect(istMonthLabel(new Date('2025-12-31T18:30:00Z'))).toBe('2026-01')
    expect(istMonthLabel(new Date('2025-12-31T18:29:59Z'))).toBe('2025-12')
  })
})

describe('rounding', () => {
  it('divides exactly, rounding half away from zero', () => {
    expect([
      roundedDivision(5, 2),
      roundedDivision(-5, 2),
      roundedDivision(1, 3),
      roundedDivision(2, 3),
      roundedDivision(0, 7),
    ]).toEqual([3, -3, 0, 1, 0])
    expect(roundedDivision(9_007_199_254, 1)).toBe(9_007_199_254)
  })

  it('gives change and share in percent with one decimal, null when there is nothing to compare with', () => {
    expect([
      changePercent(150, 100),
      changePercent(1, 3),
      changePercent(4, 3),
      changePercent(1, 16),
      changePercent(0, 4),
    ]).toEqual([50, -66.7, 33.3, -93.8, -100])
    expect([changePercent(0, 0), changePercent(5, 0)]).toEqual([null, null])
    expect([percentOf(1, 8), percentOf(1, 16), percentOf(2, 3), percentOf(0, 5), percentOf(0, 0)]).toEqual([
      12.5,
      6.3,
      66.7,
      0,
      null,
    ])
  })
})

describe('toAnalytics', () => {
  const bounds = analyticsBounds('90d', new Date('2026-03-10T12:00:00Z'))
  const empty: AnalyticsAggregates = {
    current: { revenue: 0, orders: 0, users: 0, projects: 0 },
    previous: { revenue: 0, orders: 0, users: 0, projects: 0 },
    allTime: { revenue: 0, orders: 0, users: 0, projects: 0 },
    monthlyRevenue: new Map(),
    completed: { orders: 0, paise: 0 },
    topProjects: [],
    customers: { paying: 0, returning: 0 },
  }

  it('answers zeros and nulls for an empty database, with 12 months of 0', () => {
    const a = toAnalytics(bounds, empty)
    expect(v.is(AnalyticsSchema, a)).toBe(true)
    expect(a).toMatchObject({
      period: '90d',
      from: '2025-12-10T12:30:00.000Z',
      to: '2026-03-10T12:30:00.000Z',
      conversionRate: null,
      averageOrderValue: null,
      customerRetention: null,
      topProjects: [],
    })
    expect(a.totals.revenue).toEqual({ value: 0, change: null })
    expect(a.monthlyRevenue).toHaveLength(12)
    expect(a.monthlyRevenue.every((m) => m.revenue === 0)).toBe(true)
  })

  it('turns paise into rupees and fills the months without revenue with 0', () => {
    const a = toAnalytics(bounds, {
      ...empty,
      current: { revenue: 123_456, orders: 8, users: 3, projects: 0 },
      previous: { revenue: 100_000, orders: 16, users: 0, projects: 2 },
      allTime: { revenue: 999_999_99, orders: 40, users: 10, projects: 5 },
      monthlyRevenue: new Map([
        ['2026-01', 50_050],
        ['2025-04', 1],
      ]),
      completed: { orders: 3, paise: 100 },
      topProjects: [{ id: 'p1', title: 'Alpha', sales: 2, paise: 99 }],
      customers: { paying: 16, returning: 1 },
    })
    expect(a.totals).toEqual({
      revenue: { value: 1234.56, change: 23.5 },
      orders: { value: 8, change: -50 },
      users: { value: 3, change: null },
      projects: { value: 0, change: -100 },
    })
    expect(a.allTime).toEqual({ revenue: 999_999.99, orders: 40, users: 10, projects: 5 })
    expect(a.monthlyRevenue[0]).toEqual({ month: '2025-04', revenue: 0.01 })
    expect(a.monthlyRevenue[9]).toEqual({ month: '2026-01', revenue: 500.5 })
    expect(a.monthlyRevenue.filter((m) => m.revenue === 0)).toHaveLength(10)
    expect(a.topProjects).toEqual([{ _id: 'p1', title: 'Alpha', sales: 2, revenue: 0.99 }])
    // 3 of 8 orders completed; 100 paise over 3 orders is 33 paise; 1 of 16 customers returned.
    expect([a.conversionRate, a.averageOrderValue, a.customerRetention]).toEqual([37.5, 0.33, 6.3])
    expect(toAnalytics(bounds, { ...empty, completed: { orders: 2, paise: 101 } }).averageOrderValue).toBe(0.51)
  })
})
