/**
 * End to end, the lists' rough edges at 1280 px: the projects list shows a 24-character title
 * whole (screenshots light and dark); '?' on Payments lists Payments' keys and the console-wide
 * ones, not Start triage nor the step-up dialog's keys; a search that matches nothing says so and
 * Clear filters (button and Shift+Escape) brings the rows back; the audit log's Action and
 * Changes columns read as words; the pagination or count line of every list sits above the key
 * hint bar at 1280x720 without scrolling.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { screenshot } from './browser'
import { signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const LONG_TITLE = 'Inventory Tracking Suite' // 24 characters

describe('lists at 1280 px', () => {
  let page: Page
  signedInPagePerTest((p) => (page = p), { width: 1280, height: 720 })

  it('the projects list shows a 24-character title whole', async () => {
    // The first project of the page gets the long title on the way (the seed picks its own titles).
    await page.route('**/api/projects?**', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.projects[0].title = LONG_TITLE
      await route.fulfill({ response, json: body })
    })
    await page.goto(`${baseUrl}/projects`)
    const title = page.locator('[data-testid="project-row"] .list-row__title').getByText(LONG_TITLE, { exact: true })
    await title.waitFor()
    const size = await title.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
    expect(size.scroll).toBeLessThanOrEqual(size.client)
    await screenshot(page, 'rough-edges-projects-1280-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'rough-edges-projects-1280-dark')
  })

  it("'?' on Payments lists its own and the console-wide keys only", async () => {
    await page.goto(`${baseUrl}/payments`)
    await page.locator('[data-testid="payment-row"]').first().waitFor()
    await page.keyboard.press('Shift+?')
    const sheet = page.getByTestId('shortcuts-sheet')
    await sheet.waitFor()
    const rows = await sheet
      .locator('[data-command-row]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-command-row') ?? ''))
    expect(rows).toContain('payments.export')
    expect(rows).toContain('payments.focusNext')
    expect(rows).toContain('nav.orders')
    expect(rows.filter((id) => id.startsWith('projects.') || id.startsWith('auth.'))).toEqual([])
    expect(await sheet.getByText('Start triage').count()).toBe(0)
  })

  it('a search that matches nothing says so; Clear filters and Shift+Escape bring the rows back', async () => {
    const nothing = `zz no such project ${Date.now()}`
    await page.goto(`${baseUrl}/projects?limit=50&search=${encodeURIComponent(nothing)}`)
    const empty = page.getByTestId('empty-state')
    await empty.getByText(`No projects match “${nothing}”`).waitFor()
    expect(await empty.getByText('Get started by creating your first project').count()).toBe(0)
    await empty.getByRole('button', { name: /Clear filters/ }).click()
    await page.locator('[data-testid="project-row"]').first().waitFor()
    expect(new URL(page.url()).search).toBe('?limit=50')
    expect(await page.getByRole('searchbox', { name: 'Search projects' }).inputValue()).toBe('')

    await page.goto(`${baseUrl}/users?search=${encodeURIComponent(nothing)}&status=inactive`)
    await page.getByTestId('empty-state').getByText(`No users match “${nothing}”`).waitFor()
    await page.keyboard.press('Shift+Escape')
    await page.locator('[data-testid="user-row"]').first().waitFor()
    expect(new URL(page.url()).search).toBe('')
  })

  it("the audit log's Action and Changes columns read as words", async () => {
    await page.goto(`${baseUrl}/audit?action=commission.insert`)
    const row = page.getByTestId('audit-row').first()
    await row.waitFor()
    expect(await row.getByTestId('audit-action').innerText()).toBe('Commission config created')
    const changes = await row.getByTestId('audit-changes').getAttribute('title')
    expect(changes).toContain('Active')
    expect(changes).toContain('Created')
    expect(changes).not.toMatch(/is_active|created_at/)
  })

  it('every list keeps its pagination or count line above the key hint bar at 1280x720', async () => {
    for (const [path, rowId] of [
      ['/projects', 'project-row'],
      ['/users', 'user-row'],
      ['/contacts', 'contact-row'],
      ['/orders', 'order-row'],
      ['/payments', 'payment-row'],
      ['/audit', 'audit-row'],
    ]) {
      await page.goto(`${baseUrl}${path}`)
      await page.locator(`[data-testid="${rowId}"]`).first().waitFor()
      const footer = page.locator('[data-testid="pagination"], .list-count').first()
      await footer.waitFor()
      const bottom = await footer.evaluate((el) => el.getBoundingClientRect().bottom)
      const hintTop = await page.getByTestId('hint-bar').evaluate((el) => el.getBoundingClientRect().top)
      expect(bottom, path).toBeLessThanOrEqual(hintTop)
    }
  })

  it('a stat card shows a crore-sized INR figure whole at 1280 px', async () => {
    await page.route('**/api/orders/stats', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.stats.overview.totalRevenue = 99_99_99_999.99
      await route.fulfill({ response, json: body })
    })
    await page.goto(`${baseUrl}/orders`)
    const value = page.locator('.stat-card__value').filter({
      hasText: '₹99,99,99,999.99',
    })
    await value.first().waitFor()
    await screenshot(page, 'rough-edges-orders-1280')
    const size = await value.first().evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
    expect(size.scroll).toBeLessThanOrEqual(size.client)
  })
})
