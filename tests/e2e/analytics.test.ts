/**
 * Analytics end to end: the chart draws 12 bars, oldest first, whose heights and tooltips
 * are the API's monthly revenue (GET /api/admin/analytics), the same figures are in the table for
 * screen readers; the period selector, its keys and the palette change the figures and the URL;
 * a figure's label shows its definition; a top project opens its page (link, and j + Enter); a
 * failed load offers Retry. Screenshots light and dark.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import type { Analytics, AnalyticsPeriod } from '../../src/api/schemas/analytics'
import { formatCount, formatINR, formatMonth } from '../../src/lib/format'
import { screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')

/** The API's figures for `period`, with the admin's token. */
async function apiFigures(period: AnalyticsPeriod): Promise<Analytics> {
  const res = await fetch(`${baseUrl}/api/admin/analytics?period=${period}`, {
    headers: { authorization: `Bearer ${await adminAccessToken()}` },
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { analytics: Analytics }).analytics
}

/** The screen showing `period`'s figures (the previous period's stay, dimmed, while it loads). */
async function figuresOf(page: Page, period: AnalyticsPeriod) {
  await page.locator(`[data-testid="analytics-figures"][data-period="${period}"]:not([data-updating])`).waitFor()
}

const cardValue = (page: Page, name: string) => page.locator(`[data-stat="${name}"] .stat-card__value`).innerText()

async function both(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' })
  await screenshot(page, `${name}-light`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.waitForTimeout(300)
  await screenshot(page, `${name}-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('analytics screen', () => {
  let page: Page
  signedInPagePerTest((p) => {
    page = p
  })

  it('draws 12 bars, oldest first, whose heights and tooltips are the API figures; the table says the same', async () => {
    const api = await apiFigures('12m')
    expect(api.monthlyRevenue).toHaveLength(12)
    expect(
      api.monthlyRevenue.some((m) => m.revenue > 0),
      'the demo data has revenue in the last 12 months',
    ).toBe(true)
    await page.goto(`${baseUrl}/analytics?period=12m`)
    await page.getByRole('heading', { name: 'Analytics Dashboard', exact: true }).waitFor()
    await figuresOf(page, '12m')
    const bars = page.locator('[data-testid="revenue-chart"] .revenue-bar')
    await expect.poll(() => bars.count()).toBe(12)
    expect(await bars.evaluateAll((els) => els.map((el) => el.getAttribute('data-month')))).toEqual(
      api.monthlyRevenue.map((m) => m.month),
    )

    // Heights in proportion to the revenue (a month of ₹0 draws no bar), within a pixel.
    const heights = await bars.evaluateAll((els) =>
      els.map((el) => el.querySelector('path')?.getBoundingClientRect().height ?? 0),
    )
    const max = Math.max(...api.monthlyRevenue.map((m) => m.revenue))
    const tallest = Math.max(...heights)
    expect(tallest).toBeGreaterThan(100)
    api.monthlyRevenue.forEach((m, i) =>
      expect(Math.abs(heights[i] - (m.revenue / max) * tallest), m.month).toBeLessThanOrEqual(1),
    )

    // The tooltip of the best month: its name and ₹ en-IN amount.
    const best = api.monthlyRevenue.findIndex((m) => m.revenue === max)
    await bars.nth(best).locator('path').hover()
    const tooltip = page.getByTestId('chart-tooltip')
    await tooltip.waitFor()
    expect(await tooltip.innerText()).toBe(`${formatMonth(api.monthlyRevenue[best].month)}\n${formatINR(max)}`)
    // Readable axes: months and short rupee amounts.
    const ticks = await page
      .locator('[data-testid="revenue-chart"] .recharts-cartesian-axis-tick-value')
      .allTextContents()
    expect(ticks).toEqual(expect.arrayContaining([formatMonth(api.monthlyRevenue[0].month, 'short'), '₹0']))

    const rows = await page.locator('[data-testid="monthly-revenue-table"] tbody tr').allTextContents()
    expect(rows).toEqual(api.monthlyRevenue.map((m) => `${formatMonth(m.month)}${formatINR(m.revenue)}`))
    await page.mouse.move(5, 5)
    await both(page, 'analytics')
  })

  it('the period selector, its keys, the palette and Back change the figures and the URL', async () => {
    const [d30, d90, m12] = await Promise.all([apiFigures('30d'), apiFigures('90d'), apiFigures('12m')])
    await page.goto(`${baseUrl}/analytics`)
    await figuresOf(page, '30d')
    expect(await cardValue(page, 'orders')).toBe(formatCount(d30.totals.orders.value))
    expect(await page.locator('[data-command="analytics.period.30d"]').getAttribute('data-state')).toBe('on')

    await page.locator('[data-command="analytics.period.90d"]').click()
    await page.waitForURL(`${baseUrl}/analytics?period=90d`)
    await figuresOf(page, '90d')
    expect(await cardValue(page, 'orders')).toBe(formatCount(d90.totals.orders.value))
    expect(await cardValue(page, 'revenue')).toBe(formatINR(d90.totals.revenue.value))
    expect(await page.locator('[data-command="analytics.period.90d"]').getAttribute('data-state')).toBe('on')

    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('3')
    await page.waitForURL(`${baseUrl}/analytics?period=12m`)
    await figuresOf(page, '12m')
    expect(await cardValue(page, 'users')).toBe(formatCount(m12.totals.users.value))

    await page.goBack()
    await page.waitForURL(`${baseUrl}/analytics?period=90d`)
    await figuresOf(page, '90d')

    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Command palette' })
    await input.waitFor()
    await input.fill('last 30 days')
    await page.locator('[cmdk-item][data-value="analytics.period.30d"]').click()
    await page.waitForURL(`${baseUrl}/analytics`)
    await figuresOf(page, '30d')
  })

  it("shows a figure's definition as its label's tooltip", async () => {
    await page.goto(`${baseUrl}/analytics`)
    await figuresOf(page, '30d')
    await page.locator('[data-stat="revenue"] [data-figure="revenue"]').hover()
    const tip = page.getByTestId('figure-definition')
    await tip.waitFor()
    expect(await tip.innerText()).toContain('completed payments created in the period')
    await screenshot(page, 'analytics-definition')
  })

  it('opens a top project from its link, and with j and Enter', async () => {
    const api = await apiFigures('12m')
    expect(api.topProjects.length, 'the demo data has completed orders in the last 12 months').toBeGreaterThan(0)
    await page.goto(`${baseUrl}/analytics?period=12m`)
    await figuresOf(page, '12m')
    const rows = page.getByTestId('top-project')
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')))).toEqual(
      api.topProjects.map((p) => p._id),
    )
    const first = api.topProjects[0]
    expect(await rows.first().innerText()).toContain(formatINR(first.revenue))
    await rows.first().locator('[data-command="analytics.openProject"]').click()
    await page.waitForURL(`${baseUrl}/projects/${first._id}`)
    await page.getByText(first.title).first().waitFor()

    await page.goBack()
    await figuresOf(page, '12m')
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    // The list opens focused on its first row; j moves to the next (if there is one), Enter opens it.
    const active = page.locator('[data-testid="top-project"][data-active]')
    expect(await active.getAttribute('data-id')).toBe(first._id)
    await page.keyboard.press('j')
    const next = api.topProjects[Math.min(1, api.topProjects.length - 1)]
    await page.locator(`[data-testid="top-project"][data-active][data-id="${next._id}"]`).waitFor()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/projects/${next._id}`)
  })

  it('offers Retry when the figures fail to load, and shows them after it', async () => {
    // The query client retries a server failure once: fail both tries.
    let failures = 2
    await page.route('**/api/admin/analytics?*', (route) =>
      failures-- > 0
        ? route.fulfill({ status: 503, json: { success: false, message: 'Analytics are resting' } })
        : route.continue(),
    )
    await page.goto(`${baseUrl}/analytics?period=90d`)
    const error = page.getByTestId('error-state')
    await error.waitFor()
    expect(await error.innerText()).toContain('Analytics are resting')
    await error.locator('[data-command="app.retry"]').click()
    await figuresOf(page, '90d')
  })
})
