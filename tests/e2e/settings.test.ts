/**
 * Settings end to end against the real server, as an admin of its own (so signing out
 * other sessions never touches the suite's shared session): change the password with each
 * validation error of SPEC.md 5 first, then successfully (a first password: Current Password is
 * hidden until then), and a second browser signed in as the same admin is signed out on its next
 * request; a wrong current password shows the server's message. Update the profile name and see it
 * in the header and sidebar at once. Revoke a session from the Sessions tab: that browser is
 * signed out, and 'Sign out everywhere else' keeps only this one. Screenshots in light and dark.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser, screenshot } from './browser'
import { freshAdminTokens, openSignedInPage, signInByApi, type TokenPair } from './session'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const mailDir = inject('mailDir')

/** A new active admin (POST /api/users by the suite's admin with a fresh OTP proof). */
async function newAdmin(): Promise<{ _id: string; email: string; name: string }> {
  const token = (await freshAdminTokens(dataDir)).accessToken
  const name = `Settings Admin ${Date.now() % 100000}`
  const email = `settings.admin.${Date.now()}@example.in`
  return (await apiRequest(baseUrl, token, 'POST', '/api/users', { name, email, phone: '98765 43210', isAdmin: true }))
    .user
}

/** The profile the console stored beside the tokens (localStorage 'admin'), or null. */
const storedAdmin = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('admin') ?? 'null') as { name: string; hasPassword: boolean } | null,
  )

describe('settings', () => {
  let browser: Browser
  let admin: { _id: string; email: string; name: string }
  const pages: Page[] = []
  let lastSignIn = 0
  /** A browser context signed in as `admin` with a session of its own. */
  const signedIn = async (tokens?: TokenPair) => {
    // signInByApi reads the newest code mailed since a second before its send: sign-ins of one
    // e-mail a second apart, so it never reads the previous (consumed) code.
    await new Promise((r) => setTimeout(r, Math.max(0, lastSignIn + 1100 - Date.now())))
    const t = tokens ?? (await signInByApi(baseUrl, mailDir, admin.email))
    lastSignIn = Date.now() // its mail is in by now
    const page = await openSignedInPage(browser, t)
    pages.push(page)
    return page
  }
  const banner = (page: Page) => page.getByTestId('settings-banner')
  /** The next request of a signed-out browser ends on the sign-in screen. */
  const expectSignedOut = async (page: Page) => {
    await page.goto(`${baseUrl}/users`)
    await page.waitForURL(`${baseUrl}/login`)
    await page.getByText('Sign in with OTP').waitFor()
  }

  beforeAll(async () => {
    browser = await launchBrowser()
    admin = await newAdmin()
  })
  afterAll(async () => {
    for (const page of pages) await page.context().close()
    await browser?.close()
  })

  it('changes the password after each validation error; the other browser is signed out', async () => {
    const page = await signedIn()
    const other = await signedIn()
    await other.goto(`${baseUrl}/settings?tab=sessions`)
    await other.getByTestId('session-row').nth(1).waitFor()

    await page.goto(`${baseUrl}/settings`)
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor()
    await page.getByRole('tab', { name: 'Change Password' }).click()
    await page.waitForURL(`${baseUrl}/settings?tab=password`)
    // No password yet (sign-in is by OTP): Current Password is hidden.
    await page.getByTestId('new-password').waitFor()
    expect(await page.getByTestId('current-password').count()).toBe(0)
    const submit = page.getByTestId('change-password')
    await submit.click()
    await expect.poll(() => banner(page).textContent()).toBe('All fields are required')
    expect(await banner(page).getAttribute('data-tone')).toBe('error')
    await page.getByTestId('new-password').fill('abc')
    await page.getByTestId('confirm-password').fill('abd')
    await submit.click()
    await expect.poll(() => banner(page).textContent()).toBe('New passwords do not match')
    await page.getByTestId('confirm-password').fill('abc')
    await submit.click()
    await expect.poll(() => banner(page).textContent()).toBe('New password must be at least 6 characters long')
    await page.getByTestId('new-password').fill('first-secret')
    await page.getByTestId('toggle-new-password').click()
    expect(await page.getByTestId('new-password').getAttribute('type')).toBe('text')
    await page.getByTestId('confirm-password').fill('first-secret')
    await screenshot(page, 'settings-password')
    await submit.click()
    await expect.poll(() => banner(page).textContent()).toBe('Password changed successfully!')
    expect(await banner(page).getAttribute('data-tone')).toBe('success')
    expect(await page.getByTestId('new-password').inputValue()).toBe('')
    expect(await page.getByTestId('confirm-password').inputValue()).toBe('')
    // The stored profile, which the next load shows first, knows it too.
    await expect.poll(() => storedAdmin(page).then((a) => a?.hasPassword)).toBe(true)
    // Now the admin has a password: Current Password is asked, and a wrong one is refused.
    await page.getByTestId('current-password').fill('not-the-one')
    await page.getByTestId('new-password').fill('second-secret')
    await page.getByTestId('confirm-password').fill('second-secret')
    await submit.click()
    await expect.poll(() => banner(page).textContent()).toBe('Current password is incorrect')
    expect(await page.getByTestId('current-password').inputValue()).toBe('not-the-one')

    await expectSignedOut(other)
    // This browser stays signed in.
    await page.goto(`${baseUrl}/settings?tab=sessions`)
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(1)
  })

  it('updates the profile name and shows it in the header and sidebar at once', async () => {
    const page = await signedIn()
    await page.goto(`${baseUrl}/settings?tab=profile`)
    const name = page.getByLabel('Full Name')
    await expect.poll(() => name.inputValue()).toBe(admin.name)
    await name.fill('')
    await page.getByTestId('save-profile').click()
    await page.getByText('Name is required').waitFor()
    const renamed = `Renamed ${Date.now() % 100000}`
    await name.fill(renamed)
    await page.getByTestId('save-profile').click()
    await expect.poll(() => banner(page).textContent()).toBe('Profile updated successfully!')
    await expect.poll(() => page.getByTestId('welcome').textContent()).toBe(`Welcome, ${renamed}`)
    expect(await page.getByTestId('admin-name').textContent()).toBe(renamed)
    await expect.poll(() => storedAdmin(page).then((a) => a?.name)).toBe(renamed)
    await screenshot(page, 'settings-profile')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'settings-profile-dark')
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('revokes a session from the Sessions tab: that browser is signed out', async () => {
    const page = await signedIn()
    await page.goto(`${baseUrl}/settings?tab=sessions`)
    const rows = page.getByTestId('session-row')
    // The earlier tests' browsers are still signed in: 'Sign out everywhere else' leaves this one.
    await expect.poll(() => rows.count()).toBeGreaterThan(1)
    await page.getByTestId('revoke-others').click()
    await expect.poll(() => rows.count()).toBe(1)
    const other = await signedIn()
    await other.goto(`${baseUrl}/`)
    await other.getByTestId('welcome').waitFor()
    await page.reload()
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.first().getAttribute('data-current')).toBe('true')
    await rows.first().getByText('This device', { exact: true }).waitFor()
    await screenshot(page, 'settings-sessions')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'settings-sessions-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    // j to the other session, r to revoke it.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await page.keyboard.press('r')
    await expect.poll(() => rows.count()).toBe(1)
    await expectSignedOut(other)
    // Revoking this device asks first; Cancel keeps it.
    await page.getByTestId('revoke-session').click()
    await page.getByRole('dialog').getByText('Sign out this device?').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await rows.count()).toBe(1)
  })
})
