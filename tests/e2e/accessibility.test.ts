/**
 * Accessibility: every screen passes axe-core (@axe-core/playwright) with no serious or
 * critical violation, in the light and the dark theme (prefers-color-scheme, which the tokens
 * follow): login, dashboard, projects list and detail, add project, users list and detail, orders
 * (with an order's panel), payments, contacts list and detail, the commission tabs, analytics, the
 * audit log, triage, the settings tabs, and the palette and a dialog (the '?' sheet) open over a
 * list, each screen a test of its own. Details open the first row of their list. The findings name
 * the screen, the rule and the first elements.
 */
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser'
import { adminTokens, openSignedInPage, withoutLiveEvents } from './session'

const baseUrl = inject('baseUrl')

interface Screen {
  name: string
  path: string
  /** What shows once the screen has loaded. */
  ready: (page: Page) => Promise<unknown>
  /** After loading: open something over it (the palette, a dialog, a panel). */
  then?: (page: Page) => Promise<unknown>
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true }).first().waitFor()
const rowOf = (testId: string) => (page: Page) => page.locator(`[data-testid="${testId}"]`).first().waitFor()

const SCREENS: Screen[] = [
  { name: 'dashboard', path: '/', ready: heading('Dashboard') },
  { name: 'projects', path: '/projects', ready: rowOf('project-row') },
  {
    name: 'project detail',
    path: '/projects',
    ready: rowOf('project-row'),
    then: openFirst('project-row', /\/projects\/[\w-]+$/),
  },
  { name: 'add project', path: '/projects/new', ready: (page) => page.locator('form').first().waitFor() },
  { name: 'users', path: '/users', ready: rowOf('user-row') },
  { name: 'user detail', path: '/users', ready: rowOf('user-row'), then: openFirst('user-row', /\/users\/[\w-]+$/) },
  { name: 'orders', path: '/orders', ready: rowOf('order-row') },
  { name: 'order panel', path: '/orders', ready: rowOf('order-row'), then: openFirst('order-row', /\/orders/) },
  { name: 'payments', path: '/payments', ready: rowOf('payment-row') },
  { name: 'contacts', path: '/contacts', ready: rowOf('contact-row') },
  {
    name: 'contact detail',
    path: '/contacts',
    ready: rowOf('contact-row'),
    then: openFirst('contact-row', /\/contacts\/[\w-]+$/),
  },
  { name: 'commission configurations', path: '/commission', ready: heading('Commission Management') },
  { name: 'commission default', path: '/commission?tab=default', ready: heading('Commission Management') },
  { name: 'commission statistics', path: '/commission?tab=stats', ready: heading('Commission Management') },
  { name: 'analytics', path: '/analytics', ready: heading('Analytics Dashboard') },
  { name: 'audit log', path: '/audit', ready: heading('Audit log') },
  {
    name: 'triage',
    path: '/projects/triage',
    ready: (page) => page.locator('[data-testid="triage"]:not([data-step="loading"])').waitFor(),
  },
  ...['profile', 'password', 'sessions', 'templates', 'keyboard'].map((tab) => ({
    name: `settings ${tab}`,
    path: `/settings?tab=${tab}`,
    ready: heading('Settings'),
  })),
  {
    name: 'palette open',
    path: '/projects',
    ready: rowOf('project-row'),
    then: async (page) => {
      await page.keyboard.press('Control+k')
      await page.getByTestId('command-palette').waitFor()
    },
  },
  {
    name: 'shortcuts dialog open',
    path: '/projects',
    ready: rowOf('project-row'),
    then: async (page) => {
      await page.keyboard.press('Shift+?')
      await page.getByTestId('shortcuts-sheet').waitFor()
    },
  },
]

/** Enter on the list's first row (focused when the rows arrive), then wait for the URL. */
function openFirst(testId: string, url: RegExp) {
  return async (page: Page) => {
    await page.locator(`[data-testid="${testId}"][data-active]`).first().waitFor()
    await page.keyboard.press('Enter')
    await page.waitForURL(url)
    await page.waitForLoadState('networkidle')
  }
}

/** The serious and critical violations on the page, as 'screen: rule (impact) — help: targets'. */
async function violations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) — ${v.help}: ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(', ')}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : ''}`,
    )
}

describe.each(['light', 'dark'] as const)('accessibility, %s theme', (colorScheme) => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('the login screen', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/login`)
    await page.getByRole('heading', { name: 'Admin Panel', exact: true }).waitFor()
    expect(await violations(page, 'login')).toEqual([])
    await context.close()
  })

  // One signed-in page for every screen, one test per screen: a slow screen fails alone, by name.
  describe('every signed-in screen, the palette and a dialog', () => {
    let page: Page

    beforeAll(async () => {
      page = await openSignedInPage(browser, await adminTokens())
      await withoutLiveEvents(page)
      await page.emulateMedia({ colorScheme })
    })
    afterAll(async () => {
      await page?.context().close()
    })

    it.each(SCREENS)('$name', async (screen) => {
      await page.goto(`${baseUrl}${screen.path}`)
      await screen.ready(page)
      await screen.then?.(page)
      await page.waitForLoadState('networkidle')
      expect(await violations(page, screen.name)).toEqual([])
    })
  })
})
