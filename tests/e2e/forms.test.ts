/**
 * Forms and dialogs that help, at 1440 and 1280 px: a refused submit puts the focus on the first
 * invalid field, in view (empty Add Project, Add User without an e-mail); bank details checked in
 * the browser with the contract's rules, the message under the IFSC field and no path anywhere;
 * Ctrl+Enter confirms the Approve notes dialog from any of its controls; the orders date filter
 * shows and takes dd/mm/yyyy.
 */
import type { Page, Request } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { apiRequest, screenshot } from './browser'
import { freshAdminTokens, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const IFSC_MESSAGE = 'IFSC code must look like SBIN0001234'

/** The focused element's label, its aria-invalid and whether it lies inside the viewport; null on the body. */
const focusedInView = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return null
    const box = el.getBoundingClientRect()
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null
    return {
      label: label ?? el.getAttribute('aria-label'),
      invalid: el.getAttribute('aria-invalid'),
      inView: box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0,
    }
  })

describe.each([1440, 1280])('forms at %i px', (width) => {
  let page: Page
  signedInPagePerTest((p) => (page = p), { width, height: 900 })

  it('an empty Add Project focuses Title, in view; Add User without an e-mail focuses Email', async () => {
    await page.goto(`${baseUrl}/projects/new`)
    await page.getByTestId('add-project').waitFor()
    await page.locator('[data-command="projects.new.submit"]').click()
    await page.getByText('Title is required').waitFor()
    expect(await focusedInView(page)).toEqual({ label: 'Title', invalid: 'true', inView: true })
    await screenshot(page, `forms-add-project-invalid-${width}`)

    await page.goto(`${baseUrl}/users`)
    await page.locator('[data-testid="user-row"]').first().waitFor()
    await page.keyboard.press('n')
    const form = page.getByTestId('add-user-form')
    await form.getByLabel('Name').fill('Asha Rao')
    await page.locator('[data-command="users.addUser.submit"]').click()
    await form.getByText('Email is required').waitFor()
    expect(await focusedInView(page)).toEqual({ label: 'Email', invalid: 'true', inView: true })
  })

  it('bank details: a bad IFSC is refused before Save, under its field, with no path', async () => {
    const tokens = await freshAdminTokens(inject('dataDir'))
    const email = `ifsc.${width}.${Date.now()}@example.in`
    const { user } = await apiRequest(baseUrl, tokens.accessToken, 'POST', '/api/users', { name: 'Ifsc Check', email })
    const puts: Request[] = []
    page.on('request', (r) => r.method() === 'PUT' && r.url().includes(`/api/users/${user._id}`) && puts.push(r))
    await page.goto(`${baseUrl}/users/${user._id}`)
    await page.getByRole('heading', { name: 'Ifsc Check' }).waitFor()
    await page.keyboard.press('6')
    const section = page.getByTestId('section-bankDetails')
    await section.getByLabel('IFSC code').fill('BAD123')
    await page.keyboard.press('Control+Enter')
    const field = section.locator('.field').filter({ has: page.getByLabel('IFSC code') })
    await field.getByRole('alert').filter({ hasText: IFSC_MESSAGE }).waitFor()
    expect(await focusedInView(page)).toEqual({ label: 'IFSC code', invalid: 'true', inView: true })
    expect(await section.textContent()).not.toMatch(/bankDetails\.|ifscCode/)
    expect(puts).toHaveLength(0)
    await screenshot(page, `forms-bank-details-${width}`)
  })

  it('Ctrl+Enter confirms the Approve notes dialog with the focus on its Cancel button', async () => {
    await page.goto(`${baseUrl}/projects?verification=pending`)
    const row = page.locator('[data-testid="project-row"]').first()
    await row.waitFor()
    const id = await row.getAttribute('data-id')
    await page.keyboard.press('j')
    await page.keyboard.press('k')
    await page.keyboard.press('a')
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Approval notes (optional)').waitFor()
    await page.keyboard.type('Checked at the keyboard')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
    await page.keyboard.press('Control+Enter')
    await page.getByTestId('toast').filter({ hasText: 'Project status updated to approved' }).first().waitFor()
    await page.locator(`[data-testid="project-row"][data-id="${id}"]`).waitFor({ state: 'detached' })
  })

  it('the orders date filter shows and takes dd/mm/yyyy', async () => {
    await page.goto(`${baseUrl}/orders?from=2026-01-05`)
    const from = page.getByLabel('From date')
    const to = page.getByLabel('To date')
    await from.waitFor()
    expect(await from.inputValue()).toBe('05/01/2026')
    expect(await to.getAttribute('placeholder')).toBe('dd/mm/yyyy')
    await to.click()
    await page.keyboard.type('27112026')
    expect(await to.inputValue()).toBe('27/11/2026')
    await page.waitForURL((url) => url.searchParams.get('to') === '2026-11-27')
    await screenshot(page, `forms-orders-dates-${width}`)
  })
})
