/**
 * A list warms the screen its rows open: once its first rows are on screen and the page is idle, the
 * detail screen's chunk is loaded (src/lib/warm-route.ts), so the first Enter does not wait for its
 * code; a warm-up that fails while the server is down costs nothing once it is back.
 */
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser'
import { adminTokens, openSignedInPage } from './session'

const DETAIL_CHUNK = /\/assets\/project-detail\.view-[\w-]+\.js$/

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
    await page.route(DETAIL_CHUNK, down)
    await page.route('**/api/health', down)
    await page.goto(`${inject('baseUrl')}/projects`)
    await page.getByRole('row').nth(1).waitFor()
    const refused = () => detailRequests(requests)[0] ?? 0
    await expect.poll(refused).toBeGreaterThanOrEqual(1)
    await page.unroute(DETAIL_CHUNK, down)
    await page.unroute('**/api/health', down)
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
