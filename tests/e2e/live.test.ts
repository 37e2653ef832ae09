/**
 * Live screens end to end (decision 044): admin A has the projects list open in one tab and the
 * dashboard in another; admin B (a second admin, own token) changes a project's title through the
 * API, then toggles it from B's own projects list in a second browser context. A's list shows the
 * new title and status without a reload, the row tinted and naming B, and A's dashboard figure
 * follows (A's own changes are left out by src/api/live-keys.ts, unit-tested). Then the stream is cut (a TCP proxy in front of
 * the server goes away and comes back, outage-proxy.ts): it reconnects by itself and the next
 * change by B arrives. Screenshots of the marked row, light and dark.
 */
import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser, screenshot } from './browser'
import { startOutageProxy, type OutageProxy } from './outage-proxy'
import { freshAdminTokens, mintAccessToken, openSignedInPage } from './session'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')

let browser: Browser
let proxy: OutageProxy
let adminB = { id: '', name: '', token: '' }

/** B's change of project `id` (B's token, not A's: A's console must see it as another admin's). */
const asB = (id: string, body: object) => apiRequest(baseUrl, adminB.token, 'PUT', `/api/projects/${id}`, body)

/** Resolves with the next 200 answer of GET /api/events on `page` (its stream is open then). */
const streamOpened = (page: Page) =>
  page.waitForResponse((r: Response) => r.url().endsWith('/api/events') && r.status() === 200, { timeout: 60_000 })

async function onProjects(origin: string): Promise<Page> {
  const page = await openSignedInPage(browser, await freshAdminTokens(dataDir))
  const opened = streamOpened(page)
  await page.goto(`${origin}/projects`)
  await page.getByTestId('project-row').first().waitFor()
  await opened
  return page
}

const activeProjects = async (page: Page) =>
  Number((await page.locator('[data-stat="active-projects"] .stat-card__value').textContent())?.replace(/\D/g, ''))

describe('live screens', () => {
  beforeAll(async () => {
    browser = await launchBrowser()
    proxy = await startOutageProxy(baseUrl)
    const a = await freshAdminTokens(dataDir)
    const name = 'Ravi Live'
    const email = `ravi.live.${Date.now()}@example.in`
    const created = await apiRequest(baseUrl, a.accessToken, 'POST', '/api/users', {
      name,
      email,
      phone: '98765 43210',
      isAdmin: true,
    })
    const id = created.user._id as string
    adminB = { id, name, token: await mintAccessToken(dataDir, { sub: id, sid: null, authTime: new Date() }) }
  })
  afterAll(async () => {
    await browser?.close()
    await proxy?.stop()
  })

  it("B's change reaches A's projects list and dashboard without a reload; the row names B for a moment", async () => {
    const list = await onProjects(baseUrl)
    const dashboard = await list.context().newPage()
    const dashboardStream = streamOpened(dashboard)
    await dashboard.goto(`${baseUrl}/`)
    await dashboard.locator('[data-stat="active-projects"]').waitFor()
    await dashboardStream
    const before = await activeProjects(dashboard)

    const row = list.getByTestId('project-row').first()
    const id = (await row.getAttribute('data-id'))!
    const project = (await apiRequest(baseUrl, adminB.token, 'GET', `/api/projects/${id}`)).project
    const title = `Changed live ${Date.now()}`
    await asB(id, { title })
    const changed = list.locator(`[data-id="${id}"][data-changed-by="${adminB.name}"]`)
    await changed.getByText(title).waitFor()
    expect(await changed.getAttribute('title')).toBe(`${adminB.name} changed this`)
    await screenshot(list, 'live-row-changed-light')
    // The mark fades by itself.
    await list.locator(`[data-id="${id}"]:not([data-changed-by])`).waitFor()

    // B, in a browser of their own, toggles the project from their list: A's row and figure follow.
    const b = await openSignedInPage(browser, { accessToken: adminB.token, refreshToken: '' })
    await b.goto(`${baseUrl}/projects?search=${encodeURIComponent(title)}`)
    await b.locator(`[data-testid="project-row"][data-id="${id}"] [data-command="projects.toggleActive"]`).click()
    const toggled = list.locator(`[data-id="${id}"][data-changed-by="${adminB.name}"]`)
    await toggled.getByText(project.isActive ? 'Inactive' : 'Active', { exact: true }).waitFor()
    await expect.poll(() => activeProjects(dashboard)).toBe(before + (project.isActive ? -1 : 1))
    await b.context().close()

    await list.emulateMedia({ colorScheme: 'dark' })
    await list.locator(`[data-id="${id}"]:not([data-changed-by])`).waitFor()
    await asB(id, { title: `${title} (dark)`, isActive: project.isActive })
    await list.locator(`[data-id="${id}"][data-changed-by="${adminB.name}"]`).getByText(`${title} (dark)`).waitFor()
    await screenshot(list, 'live-row-changed-dark')
    await list.context().close()
  })

  it('the stream reconnects by itself after the server was away, and the next change arrives', async () => {
    const list = await onProjects(proxy.baseUrl)
    const id = (await list.getByTestId('project-row').first().getAttribute('data-id'))!
    const reopened = streamOpened(list)
    await proxy.stop()
    await proxy.start()
    await reopened
    const title = `After the outage ${Date.now()}`
    await asB(id, { title })
    await list.locator(`[data-id="${id}"][data-changed-by="${adminB.name}"]`).getByText(title).waitFor()
    await list.context().close()
  })
})
