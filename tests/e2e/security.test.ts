/**
 * Security in the browser: the console works under its Content-Security-Policy with no violation
 * (login, dashboard, palette dialog, projects list and detail, Add Project with image previews and
 * the ZIP worker, `?inspect`), and two tabs of one browser whose access token expired refresh once
 * between them and both stay signed in (Web Lock in src/api/client.ts, grace on the server).
 */
import JSZip from 'jszip'
import sharp from 'sharp'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, screenshot } from './browser'
import { adminTokens, openSignedInPage, signInByApi } from './session'

const baseUrl = inject('baseUrl')

/** Every CSP violation the page reports, as the securitypolicyviolation event and as console errors. */
function collectViolations(context: BrowserContext): string[] {
  const violations: string[] = []
  void context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      )
    })
  })
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text())
    })
  context.pages().forEach(watch)
  context.on('page', watch)
  return violations
}

const image = (color: string) =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: color } })
    .png()
    .toBuffer()

describe('security in the browser', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('runs every screen under the Content-Security-Policy without a violation', async () => {
    const login = await browser.newContext()
    const loginViolations = collectViolations(login)
    const loginPage = await login.newPage()
    const res = await loginPage.goto(`${baseUrl}/login`)
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
    await loginPage.getByLabel('Email Address').waitFor()
    await login.close()

    const page = await openSignedInPage(browser, await adminTokens())
    const violations = collectViolations(page.context())
    await page.goto(`${baseUrl}/`)
    await page.getByText('Total Revenue').first().waitFor()
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Command palette' }).fill('Go to Projects')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/projects`)
    const row = page.locator('[data-testid="project-row"]').first()
    await row.waitFor()
    await page.goto(`${baseUrl}/projects/${await row.getAttribute('data-id')}`)
    await page.locator('[data-testid=section-images]').waitFor()

    await page.goto(`${baseUrl}/projects/new`)
    await page.getByRole('heading', { name: 'Add Project', exact: true }).waitFor()
    await page
      .locator('[data-testid=images-input]')
      .setInputFiles([{ name: 'red.png', mimeType: 'image/png', buffer: await image('#d33') }])
    await page.getByText('1/5 images').waitFor()
    await page.getByRole('radio', { name: 'ZIP' }).check()
    const zip = new JSZip()
    zip.file('shop/index.js', 'console.log(1)\n')
    await page.locator('[data-testid=zip-input]').setInputFiles({
      name: 'shop.zip',
      mimeType: 'application/zip',
      buffer: await zip.generateAsync({ type: 'nodebuffer' }),
    })
    await page.locator('[data-testid=selected-files]').getByText('index.js').first().waitFor()

    // ?inspect loads the inspector (its own chunk) and opens its window; the popup itself is
    // stood in for, as in inspect.test.ts (stately.ai is not reachable from the test machine).
    await page.addInitScript(() => {
      window.open = (() => ({ postMessage: () => undefined, closed: false }) as unknown as Window) as typeof window.open
    })
    await page.goto(`${baseUrl}/projects?inspect`)
    await page.locator('[data-testid="project-row"]').first().waitFor()
    await page.waitForTimeout(300)
    expect([...loginViolations, ...violations]).toEqual([])
    // The collector does see a violation: an injected inline script is blocked and reported.
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.injected = true'
      document.body.append(script)
    })
    await expect.poll(() => violations.length).toBe(1)
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined()
  })

  it('shows the API docs (Swagger UI from node_modules) to a signed-in admin without a CSP violation', async () => {
    const page = await openSignedInPage(browser, await adminTokens())
    const violations = collectViolations(page.context())
    const res = await page.goto(`${baseUrl}/api/docs`)
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/)
    // Expanded, an operation shows its parameters and answers, drawn from the document.
    const operation = page
      .locator('#operations-default-get_api_projects, .opblock-get:has-text("/api/projects")')
      .first()
    await operation.waitFor()
    await operation.locator('.opblock-summary').first().click()
    await page.locator('.opblock-body .parameters').first().waitFor()
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(40)
    await screenshot(page, 'api-docs')
    expect(violations).toEqual([])
    await page.context().close()
  })

  it('lets two tabs whose access token expired refresh together without signing the admin out', async () => {
    const tokens = await signInByApi(baseUrl, inject('mailDir'))
    const context = await browser.newContext()
    // Both tabs start with a rejected access token, as after 15 minutes away.
    await context.addInitScript(({ refreshToken }) => {
      if (location.protocol !== 'http:' || sessionStorage.getItem('e2e-seeded')) return
      sessionStorage.setItem('e2e-seeded', '1')
      if (!localStorage.getItem('refreshToken')) {
        localStorage.setItem('accessToken', 'expired.access.token')
        localStorage.setItem('refreshToken', refreshToken)
      }
    }, tokens)
    const refreshes: number[] = []
    context.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/auth/refresh') refreshes.push(res.status())
    })
    const [first, second] = [await context.newPage(), await context.newPage()]
    // The seeding runs once per tab; the second tab must see the same stored (expired) pair.
    await Promise.all([first.goto(`${baseUrl}/projects`), second.goto(`${baseUrl}/projects`)])
    await Promise.all([first, second].map((p) => p.locator('[data-testid="project-row"]').first().waitFor()))
    // Usually one refresh. Chromium hands a localStorage write to other tabs asynchronously, so the
    // second tab may still read the old pair inside the lock and send the same refresh token: the
    // server's grace then answers it with the same successor. Never a refusal, never a sign-out.
    expect(refreshes.length).toBeGreaterThanOrEqual(1)
    expect(refreshes.every((status) => status === 200)).toBe(true)
    for (const p of [first, second]) expect(new URL(p.url()).pathname).toBe('/projects')
    const stored = await first.evaluate(() => localStorage.getItem('refreshToken'))
    expect(stored).not.toBe(tokens.refreshToken)
    await context.close()
    // The session survived: its current refresh token still rotates.
    const res = await fetch(`${baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: stored }),
    })
    expect(res.status).toBe(200)
  })
})
