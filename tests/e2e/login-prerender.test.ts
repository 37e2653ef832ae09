/**
 * The prerendered login (scripts/prerender-login.ts): /login shows its form and the server's
 * ADMIN_EMAIL before any script runs and without JavaScript; the script then hydrates that markup
 * (no second render, no hydration error), keeps what was typed meanwhile, and signs in.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser, readOtpMail } from './browser'
import { adminAccessToken } from './session'

const baseUrl = inject('baseUrl')
const mailDir = inject('mailDir')
const LOGIN_CHUNK = /\/assets\/login-[\w-]+\.js$/

describe('the prerendered login', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('shows the form and the admin hint with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      const res = await page.goto(`${baseUrl}/login`)
      expect(res?.status()).toBe(200)
      await expect.poll(() => page.getByLabel('Email Address').isVisible()).toBe(true)
      expect(await page.getByRole('heading', { name: 'Admin Panel' }).isVisible()).toBe(true)
      expect(await page.getByTestId('admin-hint').innerText()).toContain('Admin login: admin@example.com')
      // Nothing can act without the script: the button says so instead of submitting the form.
      const send = page.getByRole('button', { name: 'Send OTP' })
      expect(await send.isVisible()).toBe(true)
      expect(await send.isDisabled()).toBe(true)
    } finally {
      await context.close()
    }
  })

  it('keeps what was typed before hydration, ignores Enter until then, and signs in after', async () => {
    // An admin of its own: the server allows 5 codes per address in 15 minutes, and other tests
    // sign the bootstrap admin in through the screen too.
    const email = `prerender.${Date.now().toString(36)}@example.in`
    await apiRequest(baseUrl, await adminAccessToken(), 'POST', '/api/users', {
      name: 'Prerender Check',
      email,
      phone: '98765 43213',
      isAdmin: true,
    })
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
      page.on('pageerror', (e) => void errors.push(String(e)))
      // The login chunk is held back, so the page stays as the server sent it until released.
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(LOGIN_CHUNK, async (route) => {
        await held
        await route.continue()
      })
      await page.goto(`${baseUrl}/login`, { waitUntil: 'domcontentloaded' })
      const field = page.getByLabel('Email Address')
      await field.fill(email)
      await page.evaluate(() => ((window as unknown as { beforeHydration: boolean }).beforeHydration = true))
      await field.press('Enter')
      const send = page.getByRole('button', { name: 'Send OTP' })
      expect(await send.isDisabled()).toBe(true)
      expect(await page.getByText('Enter OTP to continue').count()).toBe(0)

      release()
      await expect.poll(() => send.isEnabled()).toBe(true)
      // The same document (Enter did not reload it), and the typed address is still there.
      expect(await page.evaluate(() => (window as unknown as { beforeHydration?: boolean }).beforeHydration)).toBe(true)
      expect(await field.inputValue()).toBe(email)

      const sentAt = Date.now() - 1000
      await field.press('Enter')
      await page.getByText('Enter OTP to continue').waitFor()
      const code = await readOtpMail(mailDir, email, sentAt)
      await page
        .getByLabel(/OTP|code/i)
        .first()
        .fill(code)
      await page.getByRole('button', { name: 'Verify OTP' }).click()
      await page.waitForURL(`${baseUrl}/`)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
