/**
 * The projects list fits its columns: at 1400 px no date or money cell is cut, with the
 * longest en-IN short date ('30 Sept 2026') and a ₹99,99,999.99 price, and the pagination of a
 * 1,00,000-project list fits; at 1280 px the table does not scroll sideways. The long values are
 * put into the API's answer on the way (the seed cannot choose createdAt).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, screenshot } from './browser'
import { adminTokens, openSignedInPage } from './session'

const baseUrl = inject('baseUrl')

/** Cells that hold a date, a count or money, and say whether their text is cut. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="project-row"] [data-fit], [data-testid="pagination"] > span')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => el.textContent),
  )

describe('projects list layout', () => {
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    browser = await launchBrowser()
    page = await openSignedInPage(browser, await adminTokens())
    await page.route('**/api/projects?**', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      Object.assign(body.projects[0], { createdAt: '2026-09-30T10:00:00.000Z', price: 9999999.99 })
      Object.assign(body.projects[1], { verificationStatus: 'needs_changes', isActive: false })
      body.pagination = { ...body.pagination, currentPage: 2000, totalPages: 2000, totalProjects: 100000 }
      await route.fulfill({ response, json: body })
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('cuts no date, price or count at 1400 px', async () => {
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto(`${baseUrl}/projects?limit=50`)
    await page.getByText('30 Sept 2026').waitFor()
    await page.getByText('₹99,99,999.99').waitFor()
    await page.getByText('Showing 99,951 to 1,00,000 of 1,00,000 results').waitFor()
    expect(await overflowing(page)).toEqual([])
    await screenshot(page, 'projects-list-1400')
  })

  it('does not scroll sideways at 1280 px, and still cuts no date or price', async () => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${baseUrl}/projects?limit=50`)
    await page.getByText('30 Sept 2026').waitFor()
    const table = await page
      .locator('.list-table')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
    expect(table.scroll).toBeLessThanOrEqual(table.client)
    const rows = await page
      .locator('[data-testid="projects-rows"]')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
    expect(rows.scroll).toBeLessThanOrEqual(rows.client)
    expect(await overflowing(page)).toEqual([])
    await screenshot(page, 'projects-list-1280')
  })
})
