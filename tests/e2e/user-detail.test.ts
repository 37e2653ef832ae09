/**
 * The User detail end to end against the real server: make a user an agent with a 10 %
 * discount (Agent Settings), save bank details (account number, IFSC, UPI), reload — the discount
 * is 10, the agent code shows, the account number is masked; reveal it with the palette command;
 * an invalid IFSC shows the contract's message under the field; a bank-details save sending only the IFSC keeps the
 * account number. Then the step-up dialog: with an access token whose OTP proof is an hour old,
 * a change of isAdmin asks for the mailed code (Cancel changes nothing) and the reveal, once
 * confirmed with the code, shows the number. 'Error Loading User' with Retry, and 'User not found'
 * for an unknown id. Screenshots of
 * the detail in light and dark at 1400 px.
 */
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser, readOtpMail, screenshot } from './browser'
import { freshAdminTokens, mintAccessToken } from './session'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const ACCOUNT = '001234561234'

const freshAdmin = () => freshAdminTokens(dataDir)

const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, (await freshAdmin()).accessToken, method, apiPath, body)

/** A new user through Add User (POST /api/users), so each test starts from a known record. */
async function newUser(name: string, isAdmin = false): Promise<{ _id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.in`
  return (await api('POST', '/api/users', { name, email, phone: '98765 43210', isAdmin })).user
}

async function openPage(browser: Browser, tokens: { accessToken: string; refreshToken: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  await context.addInitScript(({ accessToken, refreshToken }) => {
    if (location.protocol !== 'http:' || sessionStorage.getItem('e2e-seeded')) return
    sessionStorage.setItem('e2e-seeded', '1')
    localStorage.setItem('accessToken', accessToken)
    localStorage.setItem('refreshToken', refreshToken)
  }, tokens)
  return context.newPage()
}

describe('user detail', () => {
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterEach(async () => {
    await page?.context().close()
  })
  afterAll(async () => {
    await browser?.close()
  })

  const section = (id: string) => page.getByTestId(`section-${id}`)
  const accountNumber = () => page.getByTestId('account-number').textContent()
  const isPut = (id: string) => (r: Request) => r.method() === 'PUT' && r.url().endsWith(`/api/users/${id}`)
  /** Opens a section from the keyboard (1-7) and waits for its form. */
  const edit = async (key: string, id: string) => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press(key)
    await section(id).locator('[data-command="users.detail.save"]').waitFor()
  }
  /** Saves the open section with mod+enter and returns the PUT body it sent. */
  const save = async (id: string) => {
    const request = page.waitForRequest(isPut(id))
    await page.keyboard.press('Control+Enter')
    const sent = (await request).postDataJSON() as unknown
    return sent
  }

  it('agent with a 10 % discount, bank details saved and masked, revealed by the palette, server validation, IFSC-only save', async () => {
    const user = await newUser('Kavya Iyer')
    page = await openPage(browser, await freshAdmin())
    await page.goto(`${baseUrl}/users/${user._id}`)
    await page.getByRole('heading', { name: 'Kavya Iyer' }).waitFor()
    expect(await page.getByTestId('agent-code').count()).toBe(0)

    // Agent Settings (4): agent, 10 % discount.
    await edit('4', 'agent')
    await section('agent').locator('[data-command="users.detail.field.isAgent"]').click()
    await section('agent').getByLabel('Default discount (%)').fill('10')
    expect(await save(user._id)).toEqual({ isAgent: true, defaultDiscountPercent: 10 })
    await section('agent').locator('[data-command="users.detail.edit.agent"]').waitFor()
    expect(await page.getByTestId('agent-discount').textContent()).toBe('10%')

    // Bank Details (6): account number, IFSC, UPI.
    await edit('6', 'bankDetails')
    await section('bankDetails').getByLabel('Account number').fill(ACCOUNT)
    await section('bankDetails').getByLabel('IFSC code').fill('HDFC0001234')
    await section('bankDetails').getByLabel('UPI ID').fill('kavya@hdfc')
    expect(await save(user._id)).toEqual({
      bankDetails: { accountNumber: ACCOUNT, ifscCode: 'HDFC0001234', upiId: 'kavya@hdfc' },
    })
    await page.getByTestId('account-number').waitFor()

    await page.reload()
    await page.getByRole('heading', { name: 'Kavya Iyer' }).waitFor()
    expect(await page.getByTestId('agent-discount').textContent()).toBe('10%')
    expect(await page.getByTestId('agent-code').textContent()).toMatch(/\S{4,}/)
    expect(await page.locator('.project-detail__heading .badge').first().textContent()).toBe('Agent')
    expect(await accountNumber()).toBe('••••1234')
    expect(await page.content()).not.toContain(ACCOUNT)
    await page.emulateMedia({ colorScheme: 'light' })
    await screenshot(page, 'user-detail')
    await page.emulateMedia({ colorScheme: 'dark' })
    // Let the colour transitions finish before the picture.
    await page.waitForTimeout(400)
    await screenshot(page, 'user-detail-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    // Reveal from the palette: the full number until the page is left.
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Command palette' }).fill('Reveal account number')
    await page
      .getByRole('option', { name: /Reveal account number/ })
      .first()
      .click()
    await page.getByTestId('account-number').filter({ hasText: ACCOUNT }).waitFor()
    expect(await page.locator('[data-command="users.detail.revealAccount"]').count()).toBe(0)

    // An invalid IFSC: the contract's message under the field before any request, the draft kept; Escape cancels.
    await edit('6', 'bankDetails')
    await section('bankDetails').getByLabel('IFSC code').fill('BAD123')
    await page.keyboard.press('Control+Enter')
    const ifscError = section('bankDetails')
      .getByRole('alert')
      .filter({ hasText: 'IFSC code must look like SBIN0001234' })
    await ifscError.waitFor()
    await ifscError.scrollIntoViewIfNeeded()
    await screenshot(page, 'user-detail-editing')
    await page.keyboard.press('Escape')
    await section('bankDetails').locator('[data-command="users.detail.edit.bankDetails"]').waitFor()

    // Only the IFSC changes: the account number stays.
    await edit('6', 'bankDetails')
    await section('bankDetails').getByLabel('IFSC code').fill('ICIC0000001')
    expect(await save(user._id)).toEqual({ bankDetails: { ifscCode: 'ICIC0000001' } })
    await section('bankDetails').getByText('ICIC0000001').waitFor()
    expect(await accountNumber()).toBe('••••1234')
    expect((await api('POST', `/api/users/${user._id}/bank-details/reveal`)).accountNumber).toBe(ACCOUNT)
    const stored = (await api('GET', `/api/users/${user._id}`)).user
    expect(stored).toMatchObject({
      isAgent: true,
      defaultDiscountPercent: 10,
      bankDetails: { accountNumber: '••••1234', ifscCode: 'ICIC0000001', upiId: 'kavya@hdfc' },
    })
  })

  it('step-up: an hour-old OTP proof asks for the mailed code; Cancel changes nothing; the confirmed reveal shows the number', async () => {
    // A second admin, so the codes this test mails do not count against the main admin's sends.
    const admin = await newUser('Step Up Admin', true)
    const user = await newUser('Rohan Mehta')
    await api('PUT', `/api/users/${user._id}`, { bankDetails: { accountNumber: ACCOUNT } })
    const aged = await mintAccessToken(dataDir, {
      sub: admin._id,
      sid: null,
      authTime: new Date(Date.now() - 3600_000),
    })
    page = await openPage(browser, { accessToken: aged, refreshToken: 'none' })
    await page.goto(`${baseUrl}/users/${user._id}`)
    await page.getByRole('heading', { name: 'Rohan Mehta' }).waitFor()

    // Making the user an admin needs a fresh proof: the dialog; Cancel leaves the section open and the user as they were.
    await edit('3', 'flags')
    await section('flags').locator('[data-command="users.detail.field.isAdmin"]').click()
    let sentAt = Date.now() - 1000
    // mod+Enter saves with the checkbox still focused (radix swallows a checkbox's Enter, not this).
    await page.keyboard.press('Control+Enter')
    const dialog = page.getByTestId('step-up-dialog')
    await dialog.waitFor()
    await page
      .getByTestId('step-up-reason')
      .filter({ hasText: 'Granting or removing admin rights needs a fresh confirmation' })
      .waitFor()
    await page.getByText(`A confirmation code has been sent to ${admin.email}.`).waitFor()
    await expectCommandsOnly(page)
    await page.locator('[data-command="auth.stepUp.cancel"]').first().click()
    await dialog.waitFor({ state: 'detached' })
    expect(await section('flags').getByRole('alert').count()).toBe(0)
    await section('flags').locator('[data-command="users.detail.save"]').waitFor()
    expect((await api('GET', `/api/users/${user._id}`)).user.isAdmin).toBe(false)
    await page.keyboard.press('Escape')
    await section('flags').locator('[data-command="users.detail.edit.flags"]').waitFor()
    await readOtpMail(inject('mailDir'), admin.email, sentAt)

    // The reveal (shift+r): the dialog, a wrong code's message, then the mailed code; the call is retried.
    // No margin this time: the first code's mail must not be taken for the second's.
    sentAt = Date.now()
    await page.keyboard.press('Shift+R')
    await dialog.waitFor()
    await page
      .getByTestId('step-up-reason')
      .filter({ hasText: 'Revealing a bank account number needs a fresh confirmation' })
      .waitFor()
    await page.getByText(`A confirmation code has been sent to ${admin.email}.`).waitFor()
    const code = await readOtpMail(inject('mailDir'), admin.email, sentAt)
    const wrong = code === '000000' ? '111111' : '000000'
    await page.getByTestId('step-up-code').fill(wrong)
    await page.keyboard.press('Enter')
    await page.getByText('Invalid or expired OTP').waitFor()
    await screenshot(page, 'step-up-dialog')
    await page.getByTestId('step-up-code').fill(code)
    await page.keyboard.press('Control+Enter')
    await dialog.waitFor({ state: 'detached' })
    await page.getByTestId('account-number').filter({ hasText: ACCOUNT }).waitFor()
  })

  it("'Error Loading User' with the server's message and Retry; 'User not found' for an unknown id, with the way back", async () => {
    const user = await newUser('Meera Pillai')
    page = await openPage(browser, await freshAdmin())
    await page.route(`**/api/users/${user._id}`, (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Users are down' } }),
    )
    await page.goto(`${baseUrl}/users/${user._id}`)
    await page.getByRole('heading', { name: 'Error Loading User', exact: true }).waitFor()
    await page.getByText('Users are down').waitFor()
    await page.unroute(`**/api/users/${user._id}`)
    await page.locator('[data-command="app.retry"]').click()
    await page.getByRole('heading', { name: 'Meera Pillai' }).waitFor()

    await page.goto(`${baseUrl}/users/0193a0f0-0000-7000-8000-00000000dead`)
    await page.getByText('User not found').waitFor()
    await page.locator('[data-command="users.detail.back"]').click()
    await page.waitForURL(`${baseUrl}/users`)
  })
})

/** Every control of the open step-up dialog is a registered command. */
async function expectCommandsOnly(page: Page) {
  const { expectAllCommands } = await import('./command-walk')
  await expectAllCommands(page, '[role="dialog"]')
}
