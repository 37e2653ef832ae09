/**
 * Boot requests (src/api/boot-requests.ts, scripts/route-preload.ts): a signed-in cold load sends
 * its first GETs from index.html before the scripts run, and the console uses those answers
 * instead of asking again. For every route with defaults in vite.config.ts, each URL sent early is
 * taken by the client and requested once; an address with a query string sends what its last cold
 * load asked for.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser'
import { adminTokens, openSignedInPage, withoutLiveEvents } from './session'

const baseUrl = inject('baseUrl')
// window.__bootRequests is typed by the global declaration in src/api/boot-requests.ts.

/** Every API GET the page sends, as path + query. */
function collectApiGets(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) urls.push(url.pathname + url.search)
  })
  return urls
}

/** The URLs the inline script sent that the console has not taken, read once the page has settled. */
async function bootState(page: Page): Promise<{ untaken: string[] }> {
  return page.evaluate(() => ({ untaken: Object.keys(window.__bootRequests?.responses ?? {}) }))
}

describe('boot requests', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it.each([
    ['/', '[data-testid="stat-card"]', ['/api/admin/dashboard/stats', '/api/admin/triage/stats']],
    ['/projects', '[data-testid="project-row"]', ['/api/projects?includeInactive=true&page=1&limit=20']],
    ['/orders', '[data-testid="order-row"]', ['/api/orders?limit=50', '/api/orders/stats']],
    ['/projects/triage', '[data-testid="triage"]', ['/api/admin/triage/queue?limit=200']],
    ['/users', '[data-testid="user-row"]', ['/api/users?page=1&limit=20', '/api/users/stats']],
    ['/payments', '[data-testid="payment-row"]', ['/api/payments?limit=50', '/api/payments/stats']],
    ['/contacts', '[data-testid="contact-row"]', ['/api/contacts?page=1&limit=20', '/api/contacts/stats']],
    ['/commission', 'main', ['/api/commission/configs?page=1', '/api/commission/configs/default']],
    ['/analytics', 'main', ['/api/admin/analytics?period=30d']],
  ] as const)(
    'a cold %s uses every answer sent from index.html, each URL requested once',
    async (address, shown, screenUrls) => {
      const page = await openSignedInPage(browser, await adminTokens())
      await withoutLiveEvents(page)
      const gets = collectApiGets(page)
      await page.goto(`${baseUrl}${address}`)
      await page.locator(shown).first().waitFor()
      await page.waitForLoadState('networkidle')
      const { untaken } = await bootState(page)
      expect(untaken, 'sent early but never asked for: vite.config.ts defaults out of step with the screen').toEqual([])
      for (const url of ['/api/auth/profile', '/api/admin/preferences', ...screenUrls]) {
        expect(
          gets.filter((g) => g === url),
          `${url} in ${gets.join(' ')}`,
        ).toHaveLength(1)
      }
      await page.context().close()
    },
  )

  it('an address with a query string sends, on its next cold load, what its last one asked for', async () => {
    const first = await openSignedInPage(browser, await adminTokens())
    await withoutLiveEvents(first)
    const firstGets = collectApiGets(first)
    const address = '/orders?status=pending'
    await first.goto(`${baseUrl}${address}`)
    await first.locator('[data-testid="order-row"]').first().waitFor()
    await first.waitForLoadState('networkidle')
    const listUrl = firstGets.find((g) => g.startsWith('/api/orders?') && g.includes('status=pending'))
    expect(listUrl, firstGets.join(' ')).toBeDefined()
    const remembered = await first.evaluate(
      (at) => JSON.parse(localStorage.getItem('bootRequests') ?? '{}')[at] as string[],
      address,
    )
    expect(remembered).toContain(listUrl)

    // A second tab of the same browser profile: same storage, a cold document.
    const second = await first.context().newPage()
    await withoutLiveEvents(second)
    const secondGets = collectApiGets(second)
    await second.goto(`${baseUrl}${address}`)
    await second.locator('[data-testid="order-row"]').first().waitFor()
    await second.waitForLoadState('networkidle')
    expect((await bootState(second)).untaken).toEqual([])
    expect(secondGets.filter((g) => g === listUrl)).toHaveLength(1)
    const sentEarly = await second.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/orders?'))
        .map(
          (e) =>
            e.startTime < (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
        ),
    )
    // Sent by the inline script in the head, before the parser reached the end of the document.
    expect(sentEarly[0]).toBe(true)
    await first.context().close()
  })
})
