/**
 * The console on a bad day: a screen whose chunk cannot be fetched (the server is down) fails
 * inside the shell with Retry, the header says "Reconnecting…" and then "Back online", and the
 * keys and Back work again without a reload; a chunk gone after a deploy (`vite:preloadError`)
 * reloads the page once into the same screen, and a chunk still missing after that reload leaves
 * the error view. The outage is a proxy in front of the shared server (outage-proxy.ts); the
 * stale chunk is the real chunk request answered 404 by page.route.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser, screenshot } from './browser'
import { startOutageProxy, type OutageProxy } from './outage-proxy'
import { adminAccessToken, adminTokens, openSignedInPage } from './session'

/** The orders list's chunk: not loaded by /projects, so `g o` fetches it. */
const ORDERS_CHUNK = /\/assets\/orders-list\.view-[\w-]+\.js$/
const MARKER = 'console:reloaded-for-chunk'

let browser: Browser
let proxy: OutageProxy

beforeAll(async () => {
  browser = await launchBrowser()
  proxy = await startOutageProxy(inject('baseUrl'))
})
afterAll(async () => {
  await browser?.close()
  await proxy?.stop()
})

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

async function keys(page: Page, ...presses: string[]) {
  for (const key of presses) await page.keyboard.press(key)
}

/** A signed-in page at `width`×900 on the projects list of `origin`. */
async function onProjects(origin: string, width: number): Promise<Page> {
  const page = await openSignedInPage(browser, await adminTokens())
  await page.setViewportSize({ width, height: 900 })

  await page.goto(`${origin}/projects`)
  await heading(page, 'Projects').waitFor()
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  return page
}

describe.each([1440, 1280])('resilience at %i px', (width) => {
  it('a screen that cannot load while the server is down fails inside the shell; Retry, g p and Back work once it is back', async () => {
    const page = await onProjects(proxy.baseUrl, width)
    const status = page.getByTestId('connection-status')
    try {
      await proxy.stop()
      await keys(page, 'g', 'o')
      await page.waitForURL(`${proxy.baseUrl}/orders`)
      const error = page.getByTestId('screen-error')
      await error.getByText('This screen could not be loaded').waitFor()
      // The shell stays: sidebar, key-hint bar, and the error view's Retry rendered from app.retry.
      await page.locator('#sidebar').getByTestId('nav-orders').waitFor()
      await page.locator('.hint-bar').waitFor()
      await error.locator('[data-command="app.retry"]').waitFor()
      await status.getByText('Reconnecting…').waitFor()
      if (width === 1440) {
        await screenshot(page, 'resilience-error-light')
        await page.emulateMedia({ colorScheme: 'dark' })
        await screenshot(page, 'resilience-error-dark')
        await page.emulateMedia({ colorScheme: 'light' })
      }
    } finally {
      await proxy.start()
    }
    await status.getByText('Back online').waitFor()
    if (width === 1440) await screenshot(page, 'resilience-back-online-light')
    if (width === 1440) await page.keyboard.press('r')
    else await page.getByTestId('screen-error').locator('[data-command="app.retry"]').click()
    await heading(page, 'Orders').waitFor()
    expect(await page.getByTestId('screen-error').count()).toBe(0)

    await keys(page, 'g', 'p')
    await heading(page, 'Projects').waitFor()
    await page.goBack()
    await heading(page, 'Orders').waitFor()
    await page.goBack()
    await page.waitForURL(`${proxy.baseUrl}/projects`)
    await heading(page, 'Projects').waitFor()
    await page.context().close()
  })
})

describe('queries during an outage', () => {
  it('a read that gets no answer waits while Reconnecting… and loads by itself once the server answers', async () => {
    const page = await onProjects(inject('baseUrl'), 1280)
    // Every API request gets no answer, as when the server is down; the files still load.
    const api = /\/api\//
    let stats = 0
    let probes = 0
    await page.route(api, async (route) => {
      const url = route.request().url()
      if (url.endsWith('/api/admin/dashboard/stats')) stats++
      if (url.endsWith('/api/health')) probes++
      await route.abort('connectionrefused')
    })
    await keys(page, 'g', 'd')
    await page.getByTestId('connection-status').getByText('Reconnecting…').waitFor()
    // Three probes (the check, then after 1 s and 2 s) outlast react-query's retry delay (1 s):
    // the figures wait, paused, instead of failing a second time. They were asked for once, or not
    // at all when another request failed first and the console already knew it was offline.
    await expect.poll(() => probes).toBeGreaterThanOrEqual(3)
    expect(stats).toBeLessThanOrEqual(1)
    await page.getByTestId('loading-state').waitFor()
    await screenshot(page, 'resilience-reconnecting-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'resilience-reconnecting-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.unroute(api)
    await page.getByTestId('connection-status').getByText('Back online').waitFor()
    await page.getByTestId('dashboard').waitFor()
    expect(await page.getByTestId('error-state').count()).toBe(0)
    await page.context().close()
  })
})

describe('a chunk gone after a deploy', () => {
  it('reloads the page once, at the same address, into the screen', async () => {
    const page = await onProjects(inject('baseUrl'), 1440)
    // As after a deploy, the open document finds the chunk gone (its modulepreload and its
    // import alike); the reloaded document gets it.
    const loads: string[] = []
    page.on('load', () => loads.push(page.url()))
    let refused = 0
    await page.route(ORDERS_CHUNK, async (route) => {
      if (loads.length > 0) return route.continue()
      refused++
      await route.fulfill({ status: 404, body: 'gone' })
    })
    await keys(page, 'g', 'o')
    // One new document, at the address the failed move went to, and the screen in it.
    await expect.poll(() => loads).toEqual([`${inject('baseUrl')}/orders`])
    await heading(page, 'Orders').waitFor()
    // The real vite:preloadError led to the reload: its marker names the refused chunk.
    expect(await page.evaluate((key) => sessionStorage.getItem(key), MARKER)).toMatch(ORDERS_CHUNK)
    expect(refused).toBeGreaterThan(0)
    await page.context().close()
  })

  it('shows the error view when the chunk is still missing after the one reload', async () => {
    const page = await onProjects(inject('baseUrl'), 1280)
    await page.route(ORDERS_CHUNK, (route) => route.fulfill({ status: 404, body: 'gone' }))
    const loads: string[] = []
    page.on('load', () => loads.push(page.url()))
    await keys(page, 'g', 'o')
    await expect.poll(() => loads).toEqual([`${inject('baseUrl')}/orders`])
    await page.getByTestId('screen-error').getByText('This screen could not be loaded').waitFor()
    await page.locator('#sidebar').waitFor()
    expect(await page.evaluate((key) => sessionStorage.getItem(key), MARKER)).toMatch(ORDERS_CHUNK)
    // The marker is the guard: no second reload.
    await page.getByTestId('screen-error').locator('[data-command="app.retry"]').click()
    await page.getByTestId('screen-error').getByText('This screen could not be loaded').waitFor()
    expect(loads).toHaveLength(1)
    await page.context().close()
  })
})

describe('toasts', () => {
  it('every toast appears in one place: the undo toast and a plain toast share the bottom-right stack', async () => {
    const run = Date.now().toString(36)
    await apiRequest(inject('baseUrl'), await adminAccessToken(), 'POST', '/api/users', {
      name: `Toast ${run}`,
      email: `toast-${run}@example.com`,
    })
    const page = await openSignedInPage(browser, await adminTokens())
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${inject('baseUrl')}/users?search=${encodeURIComponent(`Toast ${run}`)}`)
    await page.getByTestId('user-row').first().waitFor()
    await keys(page, 'x', 'Shift+D')
    const undo = page.locator('[data-testid="toast"][data-undo]')
    await undo.waitFor()
    const undoBox = await undo.boundingBox()
    await page.keyboard.press('Control+z')
    const plain = page.locator('[data-testid="toast"]:not([data-undo])').filter({ hasText: 'Undone' })
    await plain.waitFor()
    const plainBox = await plain.boundingBox()
    const hintBar = await page.locator('.hint-bar').boundingBox()
    // One column at the right edge (16 px in), above the key-hint bar.
    expect(Math.round(undoBox!.x + undoBox!.width)).toBe(1280 - 16)
    expect(Math.round(plainBox!.x + plainBox!.width)).toBe(1280 - 16)
    expect(Math.round(plainBox!.width)).toBe(Math.round(undoBox!.width))
    expect(plainBox!.y + plainBox!.height).toBeLessThanOrEqual(hintBar!.y)
    expect(undoBox!.y + undoBox!.height).toBeLessThanOrEqual(hintBar!.y)
    await page.context().close()
  })
})
