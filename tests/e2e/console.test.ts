/**
 * End to end: sign in with the OTP read from the mail (the SMTP sink), the dashboard shows the seeded
 * figures, every screen is reachable from the palette and from g-key sequences alone, sign out.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiGet, launchBrowser, screenshot, signInThroughUi } from './browser'
import { adminTokens, openSignedInPage, signInByApi, type TokenPair } from './session'

const baseUrl = inject('baseUrl')
const mailDir = inject('mailDir')
const inr = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 }).format(rupees)

describe('console foundation', () => {
  let browser: Browser
  /** A fresh page: signed in with the global session, or signed out with `null`. */
  const freshPage = async (tokens?: TokenPair | null): Promise<Page> => {
    if (tokens !== null) return openSignedInPage(browser, tokens ?? (await adminTokens()))
    return (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  }
  /** A fresh signed-in page on the dashboard. */
  const onDashboard = async () => {
    const page = await freshPage()
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    return page
  }

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('redirects to /login when signed out', async () => {
    const page = await freshPage(null)
    await page.goto(`${baseUrl}/projects`)
    await page.waitForURL(`${baseUrl}/login`)
    await page.getByRole('heading', { name: 'Admin Panel', exact: true }).waitFor()
    await page.getByText('Sign in with OTP').waitFor()
    await expect(page.getByText('admin@example.com').first().isVisible()).resolves.toBe(true)
    await screenshot(page, 'login')
  })

  it('signs in with the code from the mail and shows the seeded dashboard', async () => {
    const page = await freshPage(null)
    await signInThroughUi(page, baseUrl, mailDir)
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    await page.getByText("Welcome back! Here's what's happening with your platform.").waitFor()
    await page.getByText('Welcome, ').first().waitFor()

    const { stats } = await apiGet(page, baseUrl, '/api/admin/dashboard/stats')
    expect(stats.overview.totalProjects).toBeGreaterThan(0)
    const card = (title: string) => page.locator('[data-testid="stat-card"]', { hasText: title })
    await expect(card('Total Projects').innerText()).resolves.toContain(
      stats.overview.totalProjects.toLocaleString('en-IN'),
    )
    await expect(card('Active Projects').innerText()).resolves.toContain(
      stats.overview.activeProjects.toLocaleString('en-IN'),
    )
    await expect(card('Total Contacts').innerText()).resolves.toContain(
      stats.overview.totalContacts.toLocaleString('en-IN'),
    )
    await expect(card('Unread Messages').innerText()).resolves.toContain(
      stats.overview.unreadContacts.toLocaleString('en-IN'),
    )
    await expect(card('Total Revenue').innerText()).resolves.toContain(inr(stats.pricing.totalRevenue))
    await expect(card('Active Admins').innerText()).resolves.toContain(String(stats.overview.totalAdmins))
    await expect(page.getByText(stats.recentActivity.projects[0].title).first().isVisible()).resolves.toBe(true)
    await expect(page.getByText(stats.categories[0]._id).first().isVisible()).resolves.toBe(true)
    await screenshot(page, 'dashboard-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'dashboard-dark')
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('navigates with the command palette', async () => {
    const page = await onDashboard()
    await page.keyboard.press('Control+k')
    // The palette's own field: a list screen has a search field of its own.
    const input = page.getByRole('combobox', { name: 'Command palette' })
    await input.waitFor()
    await input.fill('Go to Projects')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/projects`)
    await page.keyboard.press('Control+k')
    await input.fill('Go to Commission')
    await screenshot(page, 'palette')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/commission`)
  })

  it('navigates with g-key sequences only', async () => {
    const routes: Array<[string, string]> = [
      ['u', '/users'],
      ['o', '/orders'],
      ['c', '/contacts'],
      ['y', '/payments'],
      ['m', '/commission'],
      ['a', '/analytics'],
      ['s', '/settings'],
      ['p', '/projects'],
      ['d', '/'],
    ]
    const page = await onDashboard()
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    for (const [key, route] of routes) {
      await page.keyboard.press('g')
      await page.keyboard.press(key)
      await page.waitForURL(`${baseUrl}${route}`)
    }
  })

  it("lists the shortcuts that apply here on the '?' sheet", async () => {
    const page = await onDashboard()
    await page.keyboard.press('Shift+?')
    const sheet = page.getByRole('dialog')
    await sheet.waitFor()
    const text = await sheet.innerText()
    for (const label of ['Go to Projects', 'Go to Payments', 'Open command palette']) expect(text).toContain(label)
    // The sheet lists the keys that apply here: not the dashboard's own Go to on it, nor Sign out (no key; the palette runs it).
    expect(text).not.toContain('Go to Dashboard')
    expect(text).not.toContain('Sign out')
    await screenshot(page, 'shortcuts')
    await page.keyboard.press('Escape')
  })

  it('signs out from the palette and guards the console again', async () => {
    // Its own session: signing out revokes it, and no other test may lose theirs.
    const page = await freshPage(await signInByApi(baseUrl, mailDir))
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Command palette' }).fill('Sign out')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/login`)
    await page.goto(`${baseUrl}/`)
    await page.waitForURL(`${baseUrl}/login`)
    const tokens = await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)))
    expect(tokens).toEqual([])
  })
})
