/**
 * `?inspect` (README, decision 007): every actor the console starts reports to the Stately
 * inspector. The inspector window is stood in for by a fake `window.open` that records what is
 * posted to it; the console is told the inspector connected, as the real one does.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { collectScripts, launchBrowser } from './browser'
import { adminTokens, openSignedInPage, withoutLiveEvents } from './session'

const baseUrl = inject('baseUrl')

declare global {
  interface Window {
    __inspector: { url: string; messages: Array<{ type: string; sessionId?: string; definition?: string }> }
  }
}

/** Replaces window.open before the console loads: the "inspector window" keeps every message. */
async function fakeInspectorWindow(page: Page) {
  await page.addInitScript(() => {
    window.__inspector = { url: '', messages: [] }
    window.open = ((url: string) => {
      window.__inspector.url = String(url)
      return {
        postMessage: (message: { type: string }) => void window.__inspector.messages.push(message),
        closed: false,
      } as unknown as Window
    }) as typeof window.open
  })
}

const INSPECTOR_LIBRARY = 'stately.ai/inspect'

/** The machine ids of the actors the inspector has been told about. */
const inspectedMachines = (page: Page) =>
  page.evaluate(() => {
    window.postMessage({ type: '@statelyai.connected' }, '*')
    return new Promise<string[]>((resolve) =>
      setTimeout(
        () =>
          resolve(
            window.__inspector.messages
              .filter((m) => m.type === '@xstate.actor' && m.definition)
              .map((m) => (JSON.parse(m.definition as string) as { id: string }).id),
          ),
        300,
      ),
    )
  })

describe('?inspect', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('connects the auth actor on the login screen and every screen actor after it', async () => {
    const page = await openSignedInPage(browser, await adminTokens())
    await fakeInspectorWindow(page)
    const { scripts, settled } = collectScripts(page)
    await page.goto(`${baseUrl}/projects?inspect`)
    await page.locator('[data-testid="project-row"]').first().waitFor()
    expect(await page.evaluate(() => window.__inspector.url)).toMatch(/^https:\/\/stately\.ai\/inspect/)
    await expect.poll(() => inspectedMachines(page)).toEqual(expect.arrayContaining(['auth', 'projectsList']))
    await settled()
    expect(scripts.some((s) => s.text.includes(INSPECTOR_LIBRARY))).toBe(true)

    // Actors started later in the same page load report too (client-side navigation keeps the inspector).
    await page.locator('[data-testid="project-row"]').first().click()
    await page.getByTestId('project-detail').waitFor()
    await expect
      .poll(() => inspectedMachines(page))
      .toEqual(expect.arrayContaining(['projectSections', 'verification', 'projectImages']))
  })

  it('says so in the page when the browser blocks the inspector pop-up', async () => {
    const page = await openSignedInPage(browser, await adminTokens())
    await page.addInitScript(() => {
      window.open = () => null // what a pop-up blocker answers
    })
    await page.goto(`${baseUrl}/projects?inspect`)
    await page.locator('[data-testid="project-row"]').first().waitFor()
    await page.getByTestId('inspector-notice').getByText('the browser blocked its pop-up').waitFor()
    expect(await page.getByTestId('inspector-notice').innerText()).toContain('Allow pop-ups for this site')
    await page.context().close()
  })

  it('loads no inspector without ?inspect', async () => {
    const page = await openSignedInPage(browser, await adminTokens())
    await withoutLiveEvents(page)
    await fakeInspectorWindow(page)
    const { scripts, settled } = collectScripts(page)
    await page.goto(`${baseUrl}/projects`)
    await page.locator('[data-testid="project-row"]').first().waitFor()
    expect(await page.evaluate(() => window.__inspector.url)).toBe('')
    await page.waitForLoadState('networkidle')
    await settled()
    expect(scripts.filter((s) => s.text.includes(INSPECTOR_LIBRARY)).map((s) => s.url)).toEqual([])
  })
})
