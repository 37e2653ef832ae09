/**
 * A light first load: a cold /login downloads only what signing in needs (no chunk of
 * the protected area or its screens), within a gzip budget, compressed by the server; the same
 * collector sees the protected chunks once the admin is signed in, so the check can fail.
 * Sizes only: the timings live in `npm run bench:web`.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { collectScripts, launchBrowser } from './browser'
import { adminTokens, openSignedInPage, withoutLiveEvents } from './session'

const baseUrl = inject('baseUrl')

/**
 * gzip -9 kB of all JavaScript on a cold /login. The target is 90 kB; React 19's react-dom alone
 * is ~64 kB, the auth machine's xstate ~13 kB, and the login's controls render from their commands
 * (registry, tinykeys), so this budget guards against regressions and is not the target
 * (BENCHMARKS.md, "First load"). Each lazy screen adds ~0.2 kB of preload map to the entry, and
 * with the audit and triage screens rolldown splits xstate out of the entry (~1.5 kB); neither the
 * static-import workaround nor a named chunk group wins it back (decision 035). The entry also
 * holds what must work when a chunk cannot be fetched: the page-wide error boundary and the
 * stale-chunk reload (~1.4 kB, decision 037), and the client's `If-Match` on writes with the
 * preload entries of the presence and claim chunks (~0.5 kB, decisions 041-045; the conflict
 * schemas stay out, src/api/version-conflict.ts).
 */
const LOGIN_JS_BUDGET_KB = 113
/** Chunks of the signed-in console (Vite names a chunk after its source module). */
const PROTECTED_CHUNK =
  /\/assets\/(protected-area\.view|dashboard\.view|projects-list\.view|project-detail\.view|add-project\.view|analytics\.view|revenue-chart|app-registry|icon-button|useQuery)-[\w-]+\.js$/
/** Command ids: the login route carries the sign-in commands and none of the other domains'. */
const LOGIN_COMMAND = 'auth.sendOtp'
const OTHER_COMMANDS = ['projects.approve', 'projects.new.submit', 'projects.detail.delete', 'nav.projects']

describe('first load', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('loads only the login chunks on a cold /login, within the gzip budget, compressed', async () => {
    const page: Page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
    const { scripts, settled } = collectScripts(page)
    await page.goto(`${baseUrl}/login`)
    await page.getByLabel('Email Address').waitFor()
    await page.waitForLoadState('networkidle')
    await settled()

    const urls = scripts.map((s) => s.url)
    expect(
      urls.some((u) => /\/assets\/login\.view-[\w-]+\.js$/.test(u)),
      urls.join(' '),
    ).toBe(true)
    expect(urls.filter((u) => PROTECTED_CHUNK.test(u))).toEqual([])
    const code = scripts.map((s) => s.text).join('\n')
    expect(code).toContain(LOGIN_COMMAND)
    expect(OTHER_COMMANDS.filter((id) => code.includes(`'${id}'`) || code.includes(`"${id}"`))).toEqual([])
    const totalKb = scripts.reduce((sum, s) => sum + s.gzip9, 0) / 1000
    expect(totalKb, urls.join(' ')).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB)
    // Every script big enough to be precompressed (≥ 1 kB) arrives with a Content-Encoding.
    const big = scripts.filter((s) => s.gzip9 > 1000)
    expect(big.length).toBeGreaterThan(0)
    expect(big.filter((s) => s.encoding !== 'br' && s.encoding !== 'gzip').map((s) => s.url)).toEqual([])
  })

  it('loads the protected chunks once signed in', async () => {
    const page = await openSignedInPage(browser, await adminTokens())
    await withoutLiveEvents(page)
    const { scripts, settled } = collectScripts(page)
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    // A client-side move (g p): a second document load would take the first one's bodies away.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('g')
    await page.keyboard.press('p')
    await page.locator('[data-testid="project-row"]').first().waitFor()
    await page.waitForLoadState('networkidle')
    await settled()
    const urls = scripts.map((s) => s.url)
    for (const name of ['protected-area.view', 'dashboard.view', 'projects-list.view']) {
      expect(
        urls.some((u) => PROTECTED_CHUNK.test(u) && u.includes(`/${name}-`)),
        `${name} in ${urls.join(' ')}`,
      ).toBe(true)
    }
  })
})
