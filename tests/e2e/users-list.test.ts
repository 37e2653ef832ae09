/**
 * End to end, the users list: find a user by phone through the search; bulk-deactivate
 * three users from the keyboard only (j/x, the palette), then reload and see them inactive with
 * the URL and the stats intact; Add User creates a user (its server refusal inline) that is there
 * after a reload and opens; the palette's '@' search opens a user; the full-page error and its
 * retry; screenshots light and dark at 1400 px.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { apiRequest, readOtpMail, screenshot } from './browser'
import { adminAccessToken, freshAdminTokens, mintAccessToken, openSignedInPage, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const rowSel = '[data-testid="user-row"]'
/** Unique to this run, so the names and phones below match nothing else. */
const run = Date.now().toString(36)
const runDigits = String(Date.now()).slice(-7)

const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)
const createUser = async (name: string, email: string, phone = '') =>
  (await api('POST', '/api/users', { name, email, phone })).user as { _id: string }

describe('users list', () => {
  let page: Page
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor()
  const row = (id: string) => page.locator(`${rowSel}[data-id="${id}"]`)
  const statusOf = async (id: string) => (await row(id).getByTestId('status-cell').textContent())?.trim()
  const stat = async (name: string) =>
    (await page.locator(`[data-stat="${name}"] .stat-card__value`).textContent())?.trim()
  const expectStatsFromServer = async () => {
    const { stats } = await api('GET', '/api/users/stats')
    const shown = new Intl.NumberFormat('en-IN')
    await expect.poll(() => stat('total-users')).toBe(shown.format(stats.overview.totalUsers))
    expect(await stat('admins')).toBe(shown.format(stats.overview.totalAdmins))
    expect(await stat('agents')).toBe(shown.format(stats.overview.totalAgents))
    expect(await stat('new-this-month')).toBe(shown.format(stats.overview.newUsersThisMonth))
  }

  signedInPagePerTest((p) => {
    page = p
  })

  it('finds a user by phone through the search box, and the search stays in the URL', async () => {
    const phone = `+91 90${runDigits.slice(0, 3)} ${runDigits.slice(3)}0`
    const user = await createUser(`Phone Find ${run}`, `phone-${run}@example.com`, phone)
    await page.goto(`${baseUrl}/users`)
    await page.locator(rowSel).first().waitFor()
    await screenshot(page, 'users-list')
    await page.emulateMedia({ colorScheme: 'dark' })
    // Let the colour transitions finish before the picture.
    await page.waitForTimeout(400)
    await screenshot(page, 'users-list-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    // The digits as stored, with their space (the server matches the phone text as it is).
    const typed = phone.slice(-9)
    await page.keyboard.press('/')
    await page.keyboard.type(typed)
    await page.waitForURL((url) => url.searchParams.get('search') === typed)
    await expect.poll(() => page.locator(rowSel).count()).toBe(1)
    await row(user._id).waitFor()
    expect(await row(user._id).textContent()).toContain(phone)
  })

  it('deactivating an admin asks for a fresh code and says why; Cancel changes nothing; the mailed code completes it', async () => {
    const fresh = (await freshAdminTokens(inject('dataDir'))).accessToken
    const newAdmin = async (label: string) =>
      (
        await apiRequest(baseUrl, fresh, 'POST', '/api/users', {
          name: `${label} ${run}`,
          email: `${label.toLowerCase().replace(' ', '-')}-${run}@example.com`,
          isAdmin: true,
        })
      ).user as { _id: string; email: string }
    // An admin of its own signed in an hour ago, so the codes of this test do not count against the suite's admin.
    const actor = await newAdmin('Acting Admin')
    const target = await newAdmin('Target Admin')
    const aged = await mintAccessToken(inject('dataDir'), {
      sub: actor._id,
      sid: null,
      authTime: new Date(Date.now() - 3600_000),
    })
    const own = await openSignedInPage(page.context().browser()!, { accessToken: aged, refreshToken: 'none' })
    try {
      await own.goto(`${baseUrl}/users?search=${encodeURIComponent(`Target Admin ${run}`)}`)
      await own.locator(`${rowSel}[data-id="${target._id}"]`).waitFor()
      const dialog = own.getByTestId('step-up-dialog')
      const reason =
        'Activating or deactivating an admin account needs a fresh confirmation: enter the code we send to your e-mail.'
      await own.keyboard.press('e')
      await dialog.waitFor()
      await own.getByTestId('step-up-reason').filter({ hasText: reason }).waitFor()
      await own.getByText(`A confirmation code has been sent to ${actor.email}.`).waitFor()
      await own.setViewportSize({ width: 1280, height: 800 })
      await own.emulateMedia({ colorScheme: 'dark' })
      // Let the colour transitions finish before the picture.
      await own.waitForTimeout(400)
      await screenshot(own, 'step-up-reason-dark-1280')
      await own.emulateMedia({ colorScheme: 'light' })
      await own.locator('[data-command="auth.stepUp.cancel"]').first().click()
      await dialog.waitFor({ state: 'detached' })
      expect(await own.getByTestId('toast').filter({ hasText: 'Failed' }).count()).toBe(0)
      expect((await api('GET', `/api/users/${target._id}`)).user.isActive).toBe(true)

      const sentAt = Date.now()
      await own.keyboard.press('e')
      await dialog.waitFor()
      await own.getByText(`A confirmation code has been sent to ${actor.email}.`).waitFor()
      await own.getByTestId('step-up-code').fill(await readOtpMail(inject('mailDir'), actor.email, sentAt))
      await own.keyboard.press('Enter')
      await dialog.waitFor({ state: 'detached' })
      await own.getByTestId('toast').filter({ hasText: 'User deactivated successfully' }).first().waitFor()
      expect((await api('GET', `/api/users/${target._id}`)).user.isActive).toBe(false)
    } finally {
      await own.context().close()
    }
  })

  it('bulk-deactivates three users from the keyboard; after a reload they are inactive, the URL and stats intact', async () => {
    const ids: string[] = []
    for (const n of ['A', 'B', 'C'])
      ids.push((await createUser(`Bulk ${run} ${n}`, `bulk-${run}-${n.toLowerCase()}@example.com`))._id)
    await page.goto(`${baseUrl}/users?search=${encodeURIComponent(`Bulk ${run}`)}&status=active`)
    await page.locator(rowSel).nth(2).waitFor()
    expect(await page.locator(rowSel).count()).toBe(3)
    await expectStatsFromServer()

    // Nothing selected yet: the bulk action says so and changes nothing.
    await page.keyboard.press('Shift+D')
    await toast('Please select users to update')

    await page.keyboard.press('x')
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await page.keyboard.press('Control+k')
    await page.getByTestId('command-palette').getByRole('combobox').waitFor()
    await page.keyboard.type('Deactivate 3 users')
    await page.getByTestId('command-users.bulkDeactivate').getByText('Deactivate 3 users').waitFor()
    await page.keyboard.press('Enter')
    await toast('3 users deactivated successfully')
    // The list shows active users only: the three leave it.
    await page.getByTestId('empty-state').getByText(`No users match “Bulk ${run}”`).waitFor()

    await page.reload()
    await page.getByTestId('empty-state').getByText(`No users match “Bulk ${run}”`).waitFor()
    expect(new URL(page.url()).searchParams.get('status')).toBe('active')
    expect(await page.getByRole('searchbox', { name: 'Search users' }).inputValue()).toBe(`Bulk ${run}`)
    await expectStatsFromServer()
    await page.keyboard.press('Control+k')
    await page.getByTestId('command-palette').getByRole('combobox').waitFor()
    await page.keyboard.type('Show inactive users')
    await page.keyboard.press('Enter')
    await page.waitForURL(/status=inactive/)
    for (const id of ids) await row(id).waitFor()
    expect(await Promise.all(ids.map(statusOf))).toEqual(['Inactive', 'Inactive', 'Inactive'])
    for (const id of ids) expect((await api('GET', `/api/users/${id}`)).user.isActive).toBe(false)

    // A row's own toggle: activate one again (per-user status call).
    await row(ids[0]).locator('[data-command="users.toggleActive"]').click()
    await toast('User activated successfully')
    await row(ids[0]).waitFor({ state: 'detached' })
    expect((await api('GET', `/api/users/${ids[0]}`)).user.isActive).toBe(true)
  })

  it('Add User creates a user (a taken e-mail refused inline) that is listed after a reload and opens', async () => {
    const email = `added-${run}@example.com`
    await createUser(`Taken ${run}`, `taken-${run}@example.com`)
    await page.goto(`${baseUrl}/users`)
    await page.locator(rowSel).first().waitFor()
    await page.locator('[data-command="users.add"]').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill(`Added ${run}`)
    await dialog.getByLabel('Email').fill(`taken-${run}@example.com`)
    await dialog.getByLabel('Phone (optional)').fill('+91 91234 56789')
    await dialog.locator('[data-command="users.addUser.agent"]').click()
    await screenshot(page, 'users-add-dialog')
    await dialog.locator('[data-command="users.addUser.submit"]').click()
    await dialog.locator('.field__error').first().waitFor()
    await screenshot(page, 'users-add-refused')
    expect(await dialog.locator('.field__error').first().textContent()).toMatch(/already|exists|taken/i)
    await dialog.getByLabel('Email').fill(email)
    await page.keyboard.press('Control+Enter')
    await dialog.getByTestId('add-user-created').waitFor()
    expect(await dialog.getByTestId('add-user-created').textContent()).toContain('an Agent')

    await page.keyboard.press('Escape')
    await page.reload()
    // Keys pressed before the list has rendered would reach no handler: wait for it first.
    await page.locator(rowSel).first().waitFor()
    const search = page.getByRole('searchbox', { name: 'Search users' })
    await page.keyboard.press('/')
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.type(email)
    expect(await search.inputValue()).toBe(email)
    const added = page.locator(rowSel).filter({ hasText: email })
    await added.waitFor()
    expect((await added.getByTestId('role-cell').textContent())?.trim()).toBe('Agent')
    const id = (await added.getAttribute('data-id'))!
    await added.locator('[data-command="users.view"]').click()
    await page.waitForURL(`${baseUrl}/users/${id}`)
  })

  it("the palette's '@' search lists matching users and Enter opens one", async () => {
    const user = await createUser(`Palette Person ${run}`, `palette-${run}@example.com`)
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    await page.keyboard.press('Control+k')
    await page.getByTestId('command-palette').getByRole('combobox').waitFor()
    await page.keyboard.type(`@Palette Person ${run}`)
    const item = page.getByTestId('palette-item-open-user')
    await item.first().waitFor()
    expect(await item.count()).toBe(1)
    expect(await item.textContent()).toContain(`palette-${run}@example.com`)
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/users/${user._id}`)
  })

  it("a failed load shows 'Error Loading Users' with the message, and Retry loads the list", async () => {
    await page.route('**/api/users?**', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Users are down' } }),
    )
    await page.goto(`${baseUrl}/users`)
    await page.getByText('Error Loading Users').waitFor()
    await page.getByText('Users are down').waitFor()
    await page.unroute('**/api/users?**')
    await page.locator('[data-command="app.retry"]').click()
    await page.locator(rowSel).first().waitFor()
  })
})
