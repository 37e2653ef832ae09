/**
 * A reload with a stored session shows the console from the profile kept beside the tokens
 * (src/api/session.ts) and fetches the profile again behind it (the auth machine's
 * signedIn.revalidating): the first rows do not wait for the profile answer, the answer replaces
 * what was kept, and an admin the server no longer accepts is signed out and forgotten.
 */
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser } from './browser'
import { adminAccessToken, freshAdminTokens, mintAccessToken, type TokenPair } from './session'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PROFILE = /\/api\/auth\/profile$/

/** A page whose localStorage starts as the console leaves it: the tokens and the profile as last answered. */
async function pageWithStoredSession(browser: Browser, tokens: TokenPair, admin: object): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  await context.addInitScript(
    ({ tokens, admin }) => {
      if (location.protocol !== 'http:' || sessionStorage.getItem('e2e-seeded')) return
      sessionStorage.setItem('e2e-seeded', '1')
      localStorage.setItem('accessToken', tokens.accessToken)
      localStorage.setItem('refreshToken', tokens.refreshToken)
      localStorage.setItem('admin', JSON.stringify(admin))
    },
    { tokens, admin },
  )
  return context.newPage()
}

describe('restoring a stored session', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('shows the shell and the first rows before the profile answers, then takes the answer', async () => {
    const tokens = await freshAdminTokens(dataDir)
    const { admin } = await apiRequest(baseUrl, tokens.accessToken, 'GET', '/api/auth/profile')
    const page = await pageWithStoredSession(browser, tokens, { ...admin, name: 'Name as last answered' })
    try {
      const held: Route[] = []
      await page.route(PROFILE, (route) => void held.push(route))
      await page.goto(`${baseUrl}/projects`)
      await page.locator('[data-testid="project-row"]').first().waitFor()
      expect(await page.getByTestId('admin-name').innerText()).toContain('Name as last answered')
      expect(held.length).toBe(1) // asked, not yet answered
      await held[0].continue()
      await page.unroute(PROFILE)
      await expect.poll(() => page.getByTestId('admin-name').innerText()).toContain(admin.name)
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('admin') ?? 'null')?.name)).toBe(admin.name)
    } finally {
      await page.context().close()
    }
  })

  it('signs out, and forgets the stored session, an admin who was deactivated since', async () => {
    const name = `Ira ${Date.now().toString(36)}`
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.in`
    const token = await adminAccessToken()
    const created = await apiRequest(baseUrl, token, 'POST', '/api/users', {
      name,
      email,
      phone: '98765 43212',
      isAdmin: true,
    })
    const id = (created.user as { _id: string })._id
    const accessToken = await mintAccessToken(dataDir, { sub: id, sid: null, authTime: new Date() })
    const { admin } = await apiRequest(baseUrl, accessToken, 'GET', '/api/auth/profile')
    await apiRequest(baseUrl, token, 'PUT', `/api/users/${id}/status`, { status: 'inactive' })

    const page = await pageWithStoredSession(browser, { accessToken, refreshToken: 'none' }, admin)
    try {
      await page.goto(`${baseUrl}/projects`)
      await page.waitForURL(`${baseUrl}/login`)
      await page.getByLabel('Email Address').waitFor()
      const stored = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('admin')])
      expect(stored).toEqual([null, null])
    } finally {
      await page.context().close()
    }
  })
})
