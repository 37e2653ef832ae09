/**
 * The analytics screen rendered (react-dom/server) from what the query cache holds: loading, the
 * error with Retry, the empty marketplace, and the figures — SPEC.md's titles in order, ₹ en-IN
 * amounts, change badges, all-time totals, the 12 months as a table for screen readers, the top
 * projects as commands, the rate cards, the definitions' terms, and the period from the URL.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AnalyticsSchema, type Analytics } from '../../../../src/api/schemas/analytics'
import AnalyticsView from '../../../../src/views/analytics/analytics.view'
import { Html, render } from './render'

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
]

function figures(over: Partial<Analytics> = {}): Analytics {
  return v.parse(AnalyticsSchema, {
    period: '30d',
    from: '2026-10-25T18:30:00.000Z',
    to: '2026-11-24T18:30:00.000Z',
    totals: {
      revenue: { value: 123456.5, change: 12.5 },
      orders: { value: 42, change: -3 },
      users: { value: 7, change: 0 },
      projects: { value: 3, change: null },
    },
    allTime: { revenue: 9876543.21, orders: 1234, users: 567, projects: 89 },
    monthlyRevenue: MONTHS.map((month, i) => ({ month, revenue: i === 0 ? 0 : i * 1000.25 })),
    topProjects: [
      { _id: 'p1', title: 'Inventory SaaS', sales: 12, revenue: 54000 },
      { _id: 'p2', title: 'Clinic Booking', sales: 3, revenue: 1500.5 },
    ],
    conversionRate: 8.5,
    averageOrderValue: 1750,
    customerRetention: 78,
    ...over,
  })
}

const text = Html.text

describe('the analytics screen', () => {
  it('shows its title and the period selector while the figures load', async () => {
    const page = await render(<AnalyticsView />)
    expect(text(page.one('data-testid', 'loading-state'))).toContain('Loading Analytics')
    expect(text(page.all('class', 'page-header')[0])).toContain('Analytics Dashboard')
    const items = page.all('data-command').filter((el) => el.attribs['data-command'].startsWith('analytics.period.'))
    expect(items.map((el) => [text(el), el.attribs['data-state']])).toEqual([
      ['30 days', 'on'],
      ['90 days', 'off'],
      ['12 months', 'off'],
    ])
  })

  it('says why a load failed, with Retry', async () => {
    const page = await render(<AnalyticsView />, { cached: { error: new Error('Server is down') } })
    const error = page.one('data-testid', 'error-state')
    expect(text(error)).toContain('Error Loading Analytics')
    expect(text(error)).toContain('Failed to load analytics: Server is down')
    expect(page.all('data-command', 'app.retry', [error])).toHaveLength(1)
  })

  it('says there is nothing yet when the marketplace has no project, user or order', async () => {
    const none = figures({ allTime: { revenue: 0, orders: 0, users: 0, projects: 0 } })
    const page = await render(<AnalyticsView />, { cached: { data: none } })
    expect(text(page.one('data-testid', 'empty-state'))).toContain('No data available')
    expect(page.all('data-testid', 'analytics-figures')).toEqual([])
  })

  it("shows the four cards in SPEC.md's order: the period's figure, its change badge and the all-time total", async () => {
    const page = await render(<AnalyticsView />, { cached: { data: figures() } })
    expect(page.one('data-testid', 'analytics-figures').attribs['data-period']).toBe('30d')
    const cards = page.all('data-stat', undefined, [page.one('data-testid', 'analytics-totals')])
    expect(cards.map((c) => c.attribs['aria-label'])).toEqual([
      'Total Revenue',
      'Total Orders',
      'Total Users',
      'Total Projects',
    ])
    expect(cards.map((c) => text(page.one('class', 'stat-card__value num', [c])))).toEqual([
      '₹1,23,456.50',
      '42',
      '7',
      '3',
    ])
    expect(cards.map((c) => text(page.one('data-testid', 'change', [c])))).toEqual([
      '+12.5% vs previous 30 days',
      '-3% vs previous 30 days',
      '0% vs previous 30 days',
      'No earlier figures',
    ])
    expect(
      cards
        .slice(0, 3)
        .map(
          (c) => page.all('class', undefined, [c]).find((el) => el.attribs.class.startsWith('badge '))?.attribs.class,
        ),
    ).toEqual(['badge badge--success', 'badge badge--danger', 'badge badge--neutral'])
    expect(cards.map((c) => text(page.one('class', 'analytics-all-time faint', [c])))).toEqual([
      'All time ₹98,76,543.21',
      'All time 1,234',
      'All time 567',
      'All time 89',
    ])
  })

  it('gives every figure its definition as a focusable term, and the period its bounds', async () => {
    const page = await render(<AnalyticsView />, { cached: { data: figures() } })
    const terms = page.all('data-figure')
    expect(terms.map((t) => t.attribs['data-figure'])).toEqual([
      'period',
      'revenue',
      'orders',
      'users',
      'projects',
      'monthlyRevenue',
      'topProjects',
      'conversionRate',
      'averageOrderValue',
      'customerRetention',
    ])
    expect(terms.every((t) => t.attribs.tabindex === '0')).toBe(true)
    // The bounds in India time: 26 Oct 2026 00:00 to 25 Nov 2026 00:00.
    expect(text(terms[0])).toMatch(/^\d{1,2} Oct 2026 – \d{1,2} Nov 2026$/)
  })

  it('gives the 12 months, oldest first, as a table for screen readers; the chart itself is hidden from them', async () => {
    const page = await render(<AnalyticsView />, { cached: { data: figures() } })
    const table = page.one('data-testid', 'monthly-revenue-table')
    expect(table.attribs.class).toBe('sr-only')
    const rows = page.all('data-month', undefined, [table])
    expect(rows).toHaveLength(12)
    expect(rows.map((r) => text(r)).slice(0, 3)).toEqual([
      'December 2025 ₹0.00',
      'January 2026 ₹1,000.25',
      'February 2026 ₹2,000.50',
    ])
    expect(page.one('data-testid', 'revenue-chart').attribs['aria-hidden']).toBe('true')
    expect(text(page.one('data-testid', 'monthly-revenue'))).toContain('12 months ₹66,016.50')
  })

  it('lists the top projects as links to their pages (commands on their rows), with sales and ₹ revenue', async () => {
    const page = await render(<AnalyticsView />, { cached: { data: figures() } })
    const rows = page.all('data-testid', 'top-project')
    expect(rows.map((r) => r.attribs['data-id'])).toEqual(['p1', 'p2'])
    expect(rows.map((r) => text(r))).toEqual(['1 Inventory SaaS 12 ₹54,000.00', '2 Clinic Booking 3 ₹1,500.50'])
    expect(rows.map((r) => page.one('data-command', 'analytics.openProject', [r]).name)).toEqual(['button', 'button'])
  })

  it('shows Conversion Rate, Average Order Value and Customer Retention, or a dash with the reason', async () => {
    const full = await render(<AnalyticsView />, { cached: { data: figures() } })
    const values = (page: Html) =>
      ['conversion-rate', 'average-order-value', 'customer-retention'].map((name) =>
        text(page.one('class', 'stat-card__value num', [page.one('data-stat', name)])),
      )
    expect(values(full)).toEqual(['8.5%', '₹1,750.00', '78%'])
    const empty = await render(<AnalyticsView />, {
      cached: {
        data: figures({ conversionRate: null, averageOrderValue: null, customerRetention: null, topProjects: [] }),
      },
    })
    expect(values(empty)).toEqual(['—', '—', '—'])
    expect(text(empty.one('data-testid', 'analytics-rates'))).toContain('No orders placed in the period')
    expect(text(empty.one('data-testid', 'top-projects'))).toContain('No completed orders in this period')
  })

  it('takes the period from the URL and says a year without revenue plainly', async () => {
    const data = figures({ period: '90d', monthlyRevenue: MONTHS.map((month) => ({ month, revenue: 0 })) })
    const page = await render(<AnalyticsView />, { search: 'period=90d', cached: { data } })
    const items = page.all('data-command').filter((el) => el.attribs['data-command'].startsWith('analytics.period.'))
    expect(items.map((el) => el.attribs['data-state'])).toEqual(['off', 'on', 'off'])
    expect(text(page.one('data-testid', 'change'))).toBe('+12.5% vs previous 90 days')
    expect(text(page.one('data-testid', 'monthly-revenue'))).toContain('No revenue in the last 12 months')
  })
})
