/**
 * End to end, two admins never overwrite each other silently (decision 042): A and B (a second
 * admin made through the API) open the same project in two browser contexts. A saves the title, B
 * then saves the description from the page loaded before: merged without asking, both values
 * kept. Both edit the title: B's save shows the conflict bar (theirs and mine); Keep mine saves
 * B's, and A's page shows it after a reload; Take theirs puts A's title in B's form. A bulk
 * deactivation with one row changed by the other admin reports that row; an order move based on
 * a listing the other admin's move made stale is refused naming them. Screenshots of the bar
 * in the light and dark themes at 1440 and 1280 px.
 */
import type { Browser, Page, Request, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser, screenshot } from './browser'
import { adminAccessToken, freshAdminTokens, mintAccessToken, openSignedInPage } from './session'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)
const projectOf = async (id: string) =>
  (await api('GET', `/api/projects/${id}`)).project as { title: string; description: string; isActive: boolean }

/** Holds back `page`'s live event stream (every connection refused), so it acts on what it loaded. */
async function withoutLiveFeed(page: Page) {
  await page.route('**/api/events', (route) => route.abort())
}

/**
 * Keeps `page`'s listings of `pathname` as first loaded until the page sends a write under
 * `pathname`: a refetch meanwhile (a retry, a second query) gets the first answer for its URL, so
 * the page acts on the rows it loaded before the other admin's change; reads after the write go
 * through. Returns the function that removes the hold.
 */
async function freezeListingUntilWrite(page: Page, pathname: string): Promise<() => Promise<void>> {
  const firstAnswers = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>()
  let wrote = false
  const onRequest = (request: Request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith(pathname)) wrote = true
  }
  page.on('request', onRequest)
  const matches = (url: URL) => url.pathname === pathname
  const handler = async (route: Route) => {
    if (wrote || route.request().method() !== 'GET') return route.fallback()
    const url = route.request().url()
    let first = firstAnswers.get(url)
    if (!first) {
      const response = await route.fetch()
      first = { status: response.status(), headers: response.headers(), body: await response.body() }
      firstAnswers.set(url, first)
    }
    await route.fulfill(first)
  }
  await page.route(matches, handler)
  return async () => {
    page.off('request', onRequest)
    await page.unroute(matches, handler)
  }
}

/** A project made through the API for this test; its id. */
async function newProject(title: string): Promise<string> {
  await api('POST', '/api/projects/create', { title, description: 'Made by the conflicts test' })
  const found = (await api('GET', `/api/projects?search=${encodeURIComponent(title)}&limit=5`)).projects as {
    _id: string
    title: string
  }[]
  const project = found.find((p) => p.title === title)
  if (!project) throw new Error(`project ${title} was not created`)
  return project._id
}

describe('two admins on one project', () => {
  let browser: Browser
  let a: Page
  let b: Page
  let bName: string

  beforeAll(async () => {
    browser = await launchBrowser()
    bName = `Ravi ${Date.now().toString(36)}`
    const email = `${bName.toLowerCase().replace(/\W+/g, '.')}@example.in`
    const admin = (await api('POST', '/api/users', { name: bName, email, phone: '98765 43210', isAdmin: true }))
      .user as { _id: string }
    const bToken = await mintAccessToken(dataDir, { sub: admin._id, sid: null, authTime: new Date() })
    a = await openSignedInPage(browser, await freshAdminTokens(dataDir))
    b = await openSignedInPage(browser, { accessToken: bToken, refreshToken: 'none' })
  })
  afterAll(async () => {
    await browser?.close()
  })

  const section = (page: Page) => page.getByTestId('section-description')
  const toast = (page: Page, text: string | RegExp) =>
    page.getByTestId('toast').filter({ hasText: text }).first().waitFor()
  /** Opens the Description section of `page`, sets `field` to `value` and saves with mod+Enter. */
  async function saveField(page: Page, field: 'Title' | 'Description', value: string) {
    await section(page).locator('[data-command="projects.detail.edit.description"]').click()
    const input = section(page).getByLabel(field, { exact: true })
    await input.fill(value)
    await page.keyboard.press('Control+Enter')
  }
  const open = async (page: Page, id: string, title: string) => {
    await page.goto(`${baseUrl}/projects/${id}`)
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
  }

  it('a change to another field merges without asking; both values are kept', async () => {
    const title = `Conflicts ${Date.now().toString(36)}`
    const id = await newProject(title)
    await open(a, id, title)
    await open(b, id, title)

    await saveField(a, 'Title', `${title} by A`)
    await a.getByRole('heading', { level: 1, name: `${title} by A`, exact: true }).waitFor()
    // B's page still holds the version it loaded: its save is refused, refetched and merged.
    await saveField(b, 'Description', 'Described by B')
    await toast(b, /^Merged with .+'s change to Title$/)
    await b.getByRole('heading', { level: 1, name: `${title} by A`, exact: true }).waitFor()
    expect(await projectOf(id)).toMatchObject({ title: `${title} by A`, description: 'Described by B' })
  })

  it("both change the title: B sees theirs and mine; Keep mine saves B's; Take theirs shows A's", async () => {
    const title = `Clash ${Date.now().toString(36)}`
    const id = await newProject(title)
    await open(a, id, title)
    await open(b, id, title)

    await saveField(a, 'Title', 'Title by A')
    await a.getByRole('heading', { level: 1, name: 'Title by A', exact: true }).waitFor()
    await saveField(b, 'Title', 'Title by B')
    const bar = b.getByTestId('conflict-bar')
    await bar.waitFor()
    expect(await bar.getByTestId('conflict-title').getByTestId('conflict-theirs').textContent()).toBe('Title by A')
    expect(await bar.getByTestId('conflict-title').getByTestId('conflict-mine').textContent()).toBe('Title by B')
    expect(await bar.textContent()).toMatch(/^Changed by .+ since you opened it/)
    // The bar has the focus: its choices are a Tab or a key away, and Save is gone.
    expect(await b.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('conflict-bar')
    expect(await section(b).locator('[data-command="projects.detail.save"]').count()).toBe(0)
    for (const [scheme, width] of [
      ['light', 1440],
      ['light', 1280],
      ['dark', 1440],
      ['dark', 1280],
    ] as const) {
      await b.emulateMedia({ colorScheme: scheme })
      await b.setViewportSize({ width, height: 900 })
      await bar.scrollIntoViewIfNeeded()
      await screenshot(b, `conflict-bar-${scheme}-${width}`)
    }
    await b.emulateMedia({ colorScheme: 'light' })
    await b.setViewportSize({ width: 1440, height: 900 })

    await b.keyboard.press('m')
    await toast(b, /^Saved your Title over .+'s change$/)
    await bar.waitFor({ state: 'detached' })
    expect((await projectOf(id)).title).toBe('Title by B')
    await a.reload()
    await a.getByRole('heading', { level: 1, name: 'Title by B', exact: true }).waitFor()

    // Again, and B takes theirs: the form shows A's title, nothing of B's is written.
    await saveField(a, 'Title', 'Title by A again')
    await a.getByRole('heading', { level: 1, name: 'Title by A again', exact: true }).waitFor()
    await saveField(b, 'Title', 'Title by B again')
    await bar.waitFor()
    await bar.locator('[data-command="projects.detail.conflict.takeTheirs"]').click()
    await bar.waitFor({ state: 'detached' })
    expect(await section(b).getByLabel('Title', { exact: true }).inputValue()).toBe('Title by A again')
    await b.keyboard.press('Escape')
    expect((await projectOf(id)).title).toBe('Title by A again')
  })

  it('a bulk action reports the row the other admin changed since the list was loaded', async () => {
    const prefix = `Stale rows ${Date.now().toString(36)}`
    const ids = [await newProject(`${prefix} one`), await newProject(`${prefix} two`)]
    // B's live feed is held back, so B acts on the list as loaded (the feed would refresh the row).
    await withoutLiveFeed(b)
    const thaw = await freezeListingUntilWrite(b, '/api/projects')
    await b.goto(`${baseUrl}/projects?search=${encodeURIComponent(prefix)}`)
    const rows = b.locator('[data-testid="project-row"]')
    await expect.poll(() => rows.count()).toBe(2)
    await b.locator('[data-command="projects.selectAll"]').first().click()
    await expect.poll(() => b.locator('[data-testid="project-row"][aria-selected="true"]').count()).toBe(2)
    // The other admin (A, through the API) edits one after B's list was loaded.
    await api('PUT', `/api/projects/${ids[1]}`, { description: 'Changed meanwhile' })

    const hint = b.locator('[data-testid="hint-bar"] [data-hint="projects.toggleActive"] .hint-bar__label')
    await expect.poll(() => hint.textContent()).toBe('Deactivate 2 projects')
    await b.keyboard.press('e')
    // The undo toast: the written row counted, the other named with who changed it.
    await toast(b, /^Project deactivated successfully\. 1 changed since you loaded it \(by .+\)Undo/)
    await screenshot(b, 'conflict-bulk-1440')
    expect((await projectOf(ids[0])).isActive).toBe(false)
    expect((await projectOf(ids[1])).isActive).toBe(true)
    await thaw()
    await b.unroute('**/api/events')
  })

  it('an order moved by the other admin since it was listed: the move is refused naming them, and the row shows their status', async () => {
    const [order] = (await api('GET', '/api/orders?status=pending&limit=1&page=3')).orders as {
      _id: string
      orderId: string
    }[]
    expect(order, 'the demo seed has pending orders').toBeTruthy()
    await withoutLiveFeed(b)
    const thaw = await freezeListingUntilWrite(b, '/api/orders')
    await b.goto(`${baseUrl}/orders?search=${encodeURIComponent(order.orderId)}`)
    const row = b.locator(`[data-testid="order-row"][data-id="${order._id}"]`)
    const status = row.getByTestId('status-cell')
    await expect.poll(async () => (await status.textContent())?.trim()).toBe('Pending')
    // The other admin (A, through the API) confirms it after B's list was loaded.
    await api('PUT', `/api/orders/${order._id}/status`, { status: 'confirmed', notes: 'Confirmed by A' })

    await b.locator('body').click({ position: { x: 5, y: 5 } })
    await b.keyboard.press('j')
    await b.locator(`[data-testid="order-row"][data-active][data-id="${order._id}"]`).waitFor()
    await b.keyboard.press('c')
    await toast(b, /^Failed to update order status: Order was changed by .+ since you opened it/)
    // Refused, not applied twice: the order keeps A's move, and B's row shows it without a reload.
    await expect.poll(async () => (await status.textContent())?.trim()).toBe('Confirmed')
    const notes = (await api('GET', `/api/orders/${order._id}`)).order.notes as { status: string }[]
    expect(notes.filter((n) => n.status === 'confirmed')).toHaveLength(1)
    await thaw()
    await b.unroute('**/api/events')
  })
})
