/**
 * Presence end to end (decision 045): two admins in two browser contexts on one project. A opens
 * it, B opens it: A sees B viewing; B starts editing Project Details (where the price is): A sees
 * 'is editing Project Details' in the header and 'is editing' on that section; B cancels, then
 * leaves: A sees B go. A reads the viewers again when its window regains focus (react-query's
 * refetch on focus; the event stream invalidates the same key live), so the waits below refocus A
 * until the state shows. Screenshots light and dark at 1440 and 1280 px.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser, screenshot } from './browser'
import { freshAdminTokens, mintAccessToken, openSignedInPage } from './session'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')

/**
 * Waits until `page` shows `text` in its presence bar (or, with `gone`, shows no presence bar),
 * telling the page its window regained focus on each try, as switching to it would.
 */
async function waitForPresence(page: Page, text: string | null) {
  await page.waitForFunction(
    (expected) => {
      window.dispatchEvent(new Event('visibilitychange'))
      const bar = document.querySelector('[data-testid="presence"]')
      return expected === null ? bar === null : (bar?.textContent ?? '').includes(expected)
    },
    text,
    { polling: 250 },
  )
}

describe('presence on a record', () => {
  let browser: Browser
  let a: Page
  let b: Page
  let projectId: string
  let asha: { _id: string; name: string }

  beforeAll(async () => {
    browser = await launchBrowser()
    const tokens = await freshAdminTokens(dataDir)
    const stamp = Date.now() % 1_000_000
    asha = (
      await apiRequest(baseUrl, tokens.accessToken, 'POST', '/api/users', {
        name: `Asha Presence${stamp}`,
        email: `asha.presence.${stamp}@example.in`,
        phone: '98765 43210',
        isAdmin: true,
      })
    ).user
    const { projects } = await apiRequest(baseUrl, tokens.accessToken, 'GET', '/api/projects?limit=1')
    projectId = projects[0]._id
    a = await openSignedInPage(browser, tokens)
    const ashaToken = await mintAccessToken(dataDir, { sub: asha._id, sid: null, authTime: new Date() })
    b = await openSignedInPage(browser, { accessToken: ashaToken, refreshToken: 'none' })
  })
  afterAll(async () => {
    await a?.context().close()
    await b?.context().close()
    await browser?.close()
  })

  it("A sees B viewing, then 'editing Project Details' and the marker on that section, then B gone", async () => {
    await a.goto(`${baseUrl}/projects/${projectId}`)
    await a.getByTestId('project-detail').waitFor()
    expect(await a.getByTestId('presence').count()).toBe(0)

    await b.goto(`${baseUrl}/projects/${projectId}`)
    await b.getByTestId('project-detail').waitFor()
    // B's first heartbeat answered A as the other viewer.
    await b.getByTestId('presence').filter({ hasText: 'is viewing' }).waitFor()

    await waitForPresence(a, 'Asha is viewing')
    const avatar = a.getByTestId('presence').locator('.presence__avatar')
    expect(await avatar.textContent()).toBe('AP')
    expect(await avatar.getAttribute('aria-label')).toBe(`${asha.name} is viewing`)

    await b.locator('[data-command="projects.detail.edit.details"]').click()
    await b.locator('[data-command="projects.detail.save"]').first().waitFor()
    await waitForPresence(a, 'Asha is editing Project Details')
    await a.getByTestId('section-details-editors').filter({ hasText: 'Asha is editing' }).waitFor()
    expect(await a.getByTestId('section-description-editors').count()).toBe(0)
    // The tooltip names the admin in full.
    await avatar.hover()
    await a
      .getByRole('tooltip')
      .filter({ hasText: `${asha.name} is editing Project Details` })
      .waitFor()

    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1440, 1280]) {
        await a.setViewportSize({ width, height: 900 })
        await a.emulateMedia({ colorScheme })
        await screenshot(a, `presence-editing-${colorScheme}-${width}`)
        await a.getByTestId('section-details').scrollIntoViewIfNeeded()
        await screenshot(a, `presence-section-${colorScheme}-${width}`)
        await a.evaluate(() => window.scrollTo(0, 0))
      }
    }
    await a.emulateMedia({ colorScheme: 'light' })
    await a.mouse.move(0, 0)

    await b.locator('[data-command="projects.detail.cancel"]').first().click()
    await waitForPresence(a, 'Asha is viewing')
    expect(await a.getByTestId('section-details-editors').count()).toBe(0)

    // Leaving the record (a navigation unmounts it) deletes B's presence at once.
    await b.goto(`${baseUrl}/projects`)
    await waitForPresence(a, null)
  })
})
