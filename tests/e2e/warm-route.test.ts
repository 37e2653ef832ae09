/**
 * A list warms the screen its rows open: once its first rows are on screen and the page is idle, the
 * detail screen's chunk is loaded (src/lib/warm-route.ts), so the first Enter does not wait for its
 * code; a warm-up that fails while the server is down costs nothing once it is back. A move to a
 * screen whose code is not in yet waits for it on the screen it left, with the new screen's first
 * request sent meanwhile (src/lib/screen-navigation.ts), so no loading state flashes; a move to a
 * screen whose data is not cached waits for that answer too, for a moment, and then shows the
 * screen's own loading state.
 */
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser'
import { SCREEN_CODE_WAIT_MS, SCREEN_DATA_WAIT_MS } from '../../src/lib/screen-navigation'
import { adminTokens, openSignedInPage } from './session'

const DETAIL_CHUNK = /\/assets\/project-detail\.view-[\w-]+\.js$/
/** Not loaded by /projects: `g o` needs it. */
const ORDERS_CHUNK = /\/assets\/orders-list\.view-[\w-]+\.js$/

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A signed-in page whose script requests are counted per URL, not yet navigated. */
async function countingPage(): Promise<{ page: Page; requests: Map<string, number>; loads: string[] }> {
  const page = await openSignedInPage(browser, await adminTokens())
  const requests = new Map<string, number>()
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requests.set(request.url(), (requests.get(request.url()) ?? 0) + 1)
  })
  const loads: string[] = []
  page.on('load', () => loads.push(page.url()))
  return { page, requests, loads }
}

/** A project's GET (not the list's, not /api/projects/categories). */
const PROJECT_API = /\/api\/projects\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const detailRequests = (requests: Map<string, number>) =>
  [...requests].filter(([url]) => DETAIL_CHUNK.test(url)).map(([, count]) => count)

describe('warming the screen a list opens', () => {
  it("the projects list preloads the detail screen's chunk, and j Enter opens it with no second fetch", async () => {
    const { page, requests, loads } = await countingPage()
    await page.goto(`${inject('baseUrl')}/projects`)
    await page.getByRole('row').nth(1).waitFor()
    await expect.poll(() => detailRequests(requests)).toEqual([1])

    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('j')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/projects\/[\w-]+$/)
    await page.getByTestId('project-detail').waitFor()
    expect(detailRequests(requests)).toEqual([1])
    expect(loads).toHaveLength(1)
    await page.context().close()
  })

  it('a warm-up that failed while the server was down does not stop the screen opening once it answers', async () => {
    const { page, requests, loads } = await countingPage()
    // The server goes down once the list has loaded: the chunk and the health check get no answer.
    const down = (route: Route) => route.abort('connectionrefused')
    let probesRefused = 0
    const healthDown = (route: Route) => {
      probesRefused++
      return down(route)
    }
    await page.route(DETAIL_CHUNK, down)
    await page.route('**/api/health', healthDown)
    await page.goto(`${inject('baseUrl')}/projects`)
    await page.getByRole('row').nth(1).waitFor()
    const refused = () => detailRequests(requests)[0] ?? 0
    await expect.poll(refused).toBeGreaterThanOrEqual(1)
    // The failed chunk's health check (src/lib/stale-chunk.ts) got no answer either, so the console
    // took it for an outage, not a deploy; only then does the server come back.
    await expect.poll(() => probesRefused).toBeGreaterThanOrEqual(1)
    await page.unroute(DETAIL_CHUNK, down)
    await page.unroute('**/api/health', healthDown)
    const whileDown = refused()

    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('j')
    await page.keyboard.press('Enter')
    await page.getByTestId('project-detail').waitFor()
    // The same document: the failed warm-up neither reloaded the page nor left the screen broken.
    // Opening it asked for the chunk again, now answered.
    expect(refused()).toBeGreaterThan(whileDown)
    expect(loads).toHaveLength(1)
    expect(await page.getByTestId('screen-error').count()).toBe(0)
    await page.context().close()
  })
})

describe('moving to a screen whose code is not in yet', () => {
  /** A signed-in page on a loaded /projects, the body focused for keys. */
  async function onProjects(): Promise<Page> {
    const page = await openSignedInPage(browser, await adminTokens())
    await page.goto(`${inject('baseUrl')}/projects`)
    await page.getByRole('row').nth(1).waitFor()
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    return page
  }

  it("sends the screen's first request while its chunk is still on the way", async () => {
    const page = await onProjects()
    let releaseChunk = () => {}
    const chunkHeld = new Promise<void>((resolve) => {
      void page.route(ORDERS_CHUNK, async (route) => {
        resolve()
        await new Promise<void>((release) => (releaseChunk = release))
        await route.continue()
      })
    })
    const ordersRequested = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/orders')
    await page.keyboard.press('g')
    await page.keyboard.press('o')
    await chunkHeld
    // The list's request cannot come from the screen (its code is held back): the move sent it.
    await ordersRequested
    releaseChunk()
    await page.getByRole('heading', { level: 1, name: 'Orders', exact: true }).waitFor()
    await page.getByTestId('order-row').first().waitFor()
    expect(await page.getByTestId('screen-error').count()).toBe(0)
    await page.context().close()
  })

  it("g o shows the orders screen without the screens' loading fallback in between", async () => {
    const page = await onProjects()
    await page.evaluate(() => {
      const w = window as Window & { loadingShown?: boolean }
      w.loadingShown = false
      // The Suspense fallbacks: the shell's 'Loading' state and the page's spinner. The orders
      // screen's own 'Loading orders' (its data still on the way) is not one of them.
      const fallback = () =>
        !!document.querySelector('[data-testid="page-loading"]') ||
        [...document.querySelectorAll('[data-testid="loading-state"] h2')].some((h) => h.textContent === 'Loading')
      new MutationObserver(() => {
        if (fallback()) w.loadingShown = true
      }).observe(document.body, { subtree: true, childList: true })
      document.addEventListener('keydown', () => performance.mark('key'), true)
      // When the move happened: the hold ends when the code is in, or after SCREEN_CODE_WAIT_MS.
      addEventListener('pushState', () => performance.mark('moved'))
    })
    await page.keyboard.press('g')
    await page.keyboard.press('o')
    await page.getByTestId('order-row').first().waitFor()
    const { loadingShown, movedMs } = await page.evaluate(() => {
      const at = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN
      return {
        loadingShown: (window as Window & { loadingShown?: boolean }).loadingShown,
        movedMs: at('moved') - at('key'),
      }
    })
    // A move made with the code in renders the screen at once. Only a hold that ran out (a
    // machine so busy that the chunk took longer than SCREEN_CODE_WAIT_MS) shows the fallback.
    expect(movedMs).toBeGreaterThanOrEqual(0)
    expect({ loadingShown }).toEqual({ loadingShown: movedMs >= SCREEN_CODE_WAIT_MS })
    await page.context().close()
  })
})

describe('moving to a screen whose data is not in yet', () => {
  /** A signed-in page on a loaded /projects whose detail chunk is in, the body focused for keys. */
  async function onWarmProjects(): Promise<Page> {
    const { page, requests } = await countingPage()
    await page.goto(`${inject('baseUrl')}/projects`)
    await page.getByRole('row').nth(1).waitFor()
    await expect.poll(() => detailRequests(requests)).toEqual([1])
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    return page
  }

  /**
   * Presses `keys` on `page` and waits for the test id `shown`: how long after the last keydown
   * the address changed (ms), whether the loading state titled `loading` showed meanwhile, and
   * for each of `requests` (path patterns) whether its latest request left before the move.
   */
  async function watchMove(page: Page, keys: string[], shown: string, loading: string, requests: RegExp[]) {
    await page.evaluate((title) => {
      const w = window as Window & { loadingShown?: boolean }
      w.loadingShown = false
      new MutationObserver(() => {
        const headings = document.querySelectorAll('[data-testid="loading-state"] h2')
        if ([...headings].some((h) => h.textContent === title)) w.loadingShown = true
      }).observe(document.body, { subtree: true, childList: true })
      document.addEventListener('keydown', () => performance.mark('key'), true)
      addEventListener('pushState', () => performance.mark('moved'))
    }, loading)
    for (const key of keys) await page.keyboard.press(key)
    await page.getByTestId(shown).waitFor()
    return page.evaluate(
      (patterns) => {
        const at = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN
        const sentBeforeMove = patterns.map((pattern) => {
          const request = performance
            .getEntriesByType('resource')
            .filter((e) => new RegExp(pattern).test(new URL(e.name).pathname))
            .at(-1)
          return !!request && request.startTime <= at('moved')
        })
        return {
          loadingShown: (window as Window & { loadingShown?: boolean }).loadingShown,
          movedMs: at('moved') - at('key'),
          sentBeforeMove,
        }
      },
      requests.map((r) => r.source),
    )
  }

  it("j Enter sends the project's request with the key and draws the detail once, with no 'Loading project' between", async () => {
    const page = await onWarmProjects()
    const { loadingShown, movedMs, sentBeforeMove } = await watchMove(
      page,
      ['j', 'Enter'],
      'project-detail',
      'Loading project',
      [PROJECT_API],
    )
    // The request leaves before the screen changes whether or not the list's dwell prefetch had
    // cached the project. The loading state may show only when the move stopped waiting for the
    // answer, which takes SCREEN_DATA_WAIT_MS: a busy machine can get there, a prompt answer not.
    expect(sentBeforeMove).toEqual([true])
    expect(movedMs).toBeGreaterThanOrEqual(0)
    expect({ loadingShown }).toEqual({ loadingShown: loadingShown && movedMs >= SCREEN_DATA_WAIT_MS })
    await page.context().close()
  })

  it("g d sends the dashboard's two requests with the key and draws it once, with no 'Loading Dashboard' between", async () => {
    const page = await onWarmProjects()
    const { loadingShown, movedMs, sentBeforeMove } = await watchMove(
      page,
      ['g', 'd'],
      'dashboard',
      'Loading Dashboard',
      [/^\/api\/admin\/dashboard\/stats$/, /^\/api\/admin\/triage\/stats$/],
    )
    expect(sentBeforeMove).toEqual([true, true])
    expect(movedMs).toBeGreaterThanOrEqual(0)
    // As for the detail: the loading state only when the wait for the answers ran out.
    expect({ loadingShown }).toEqual({ loadingShown: loadingShown && movedMs >= SCREEN_DATA_WAIT_MS })
    await page.context().close()
  })

  it("a project whose answer is held shows the screen's loading state once the wait runs out, then the project", async () => {
    const page = await onWarmProjects()
    let release = () => {}
    let held = 0
    await page.route(PROJECT_API, async (route) => {
      held++
      await new Promise<void>((resolve) => (release = resolve))
      await route.continue()
    })
    await page.keyboard.press('j')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Loading project' }).waitFor()
    expect(page.url()).toMatch(/\/projects\/[\w-]+$/)
    expect(held).toBeGreaterThanOrEqual(1)
    release()
    await page.getByTestId('project-detail').waitFor()
    expect(await page.getByTestId('screen-error').count()).toBe(0)
    await page.context().close()
  })
  it("a page of the list on show moves in the key's own task, its rows fetched behind, not held like a move to another screen", async () => {
    const page = await onWarmProjects()
    let release = () => {}
    await page.route(/\/api\/projects\?.*page=3/, async (route) => {
      await new Promise<void>((resolve) => (release = resolve))
      await route.continue()
    })
    await page.keyboard.press(']')
    await page.waitForURL(/page=2/)
    await page.getByRole('row').nth(1).waitFor()
    await page.evaluate(() => {
      const w = window as Window & { inKey?: boolean; movedInKey?: boolean }
      document.addEventListener(
        'keydown',
        () => {
          w.inKey = true
          setTimeout(() => (w.inKey = false), 0)
        },
        true,
      )
      const moved = () => (w.movedInKey ??= w.inKey === true)
      addEventListener('pushState', moved)
      addEventListener('replaceState', moved)
    })
    await page.keyboard.press(']')
    await page.waitForURL(/page=3/)
    expect(await page.evaluate(() => (window as Window & { movedInKey?: boolean }).movedInKey)).toBe(true)
    release()
    await page.getByRole('row').nth(1).waitFor()
    await page.context().close()
  })
})
