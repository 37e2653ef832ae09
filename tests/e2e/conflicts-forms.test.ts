/**
 * End to end, the commission form never overwrites another admin silently (decision 042): A and B
 * (a second admin made through the API) edit the same project configuration in two browser
 * contexts, B's live feed held back so B's form stays on the version it opened. A saves the notes;
 * B then saves the agent discount: merged without asking, both values kept. Both change the
 * notes: B's save shows the conflict bar in the form's place (theirs and mine); Keep mine
 * writes B's notes. On a contact the one field the detail edits is the status: A archives and B,
 * on the contact as loaded, archives too: written without asking. A marks it replied and B
 * archives: the bar shows Replied / Archived in the quick actions' place; m keeps B's.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { CommissionConfig, CommissionProjectOption } from '../../src/api/schemas/commission'
import { apiRequest, launchBrowser, screenshot } from './browser'
import { adminAccessToken, freshAdminTokens, mintAccessToken, openSignedInPage, withoutLiveEvents } from './session'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)
const contactOf = async (id: string) => (await api('GET', `/api/contacts/${id}`)).contact as { status: string }
const configOf = async (id: string) => (await api('GET', `/api/commission/configs/${id}`)).config as CommissionConfig

/** A contact sent through the public form and read already (opening it marks nothing); its id. */
async function newContact(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Kavya Iyer',
      email: `kavya.${Date.now().toString(36)}@example.in`,
      subject: `Stale status ${Date.now().toString(36)}`,
      message: 'Is the source included?',
    }),
  })
  if (res.status !== 201) throw new Error(`the public contact form answered ${res.status}`)
  const { contactId } = (await res.json()) as { contactId: string }
  await api('PUT', `/api/contacts/${contactId}`, { status: 'read' })
  return contactId
}

/** A project configuration made through the API for this test, on a project that had none. */
async function newConfig(): Promise<{ config: CommissionConfig; title: string }> {
  const { projects } = (await api('GET', '/api/commission/projects')) as { projects: CommissionProjectOption[] }
  const project = projects.find((p) => p.configId === null && p.title.length >= 6)
  if (!project) throw new Error('the demo seed has a project without a commission configuration')
  const { config } = (await api('POST', '/api/commission/configs', { projectId: project._id, notes: 'Opened' })) as {
    config: CommissionConfig
  }
  return { config, title: project.title }
}

describe('two admins on one commission configuration or contact', () => {
  let browser: Browser
  let a: Page
  let b: Page

  beforeAll(async () => {
    browser = await launchBrowser()
    const bName = `Meera ${Date.now().toString(36)}`
    const email = `${bName.toLowerCase().replace(/\W+/g, '.')}@example.in`
    const admin = (await api('POST', '/api/users', { name: bName, email, phone: '98765 43211', isAdmin: true }))
      .user as { _id: string }
    const bToken = await mintAccessToken(dataDir, { sub: admin._id, sid: null, authTime: new Date() })
    a = await openSignedInPage(browser, await freshAdminTokens(dataDir))
    b = await openSignedInPage(browser, { accessToken: bToken, refreshToken: 'none' })
    await withoutLiveEvents(b)
  })
  afterAll(async () => {
    await b?.unroute('**/api/events')
    await browser?.close()
  })

  const toast = (page: Page, text: string | RegExp) =>
    page.getByTestId('toast').filter({ hasText: text }).first().waitFor()
  /** Opens the configuration's edit modal on `page`; the dialog. */
  async function openEdit(page: Page, config: CommissionConfig, title: string) {
    await page.goto(`${baseUrl}/commission?search=${encodeURIComponent(title)}`)
    const card = page.locator(`[data-testid="commission-card"][data-id="${config._id}"]`)
    await card.locator('[data-command="commission.edit"]').click()
    const dialog = page.getByRole('dialog', { name: `Edit ${title}` })
    await dialog.waitFor()
    return dialog
  }
  const notes = (dialog: ReturnType<Page['getByRole']>) => dialog.getByLabel('Notes', { exact: true })
  const save = (dialog: ReturnType<Page['getByRole']>) =>
    dialog.page().locator('[data-command="commission.form.save"]').click()

  it('a change to another field merges without asking; both values are kept', async () => {
    const { config, title } = await newConfig()
    const editB = await openEdit(b, config, title)
    const editA = await openEdit(a, config, title)
    await notes(editA).fill('Notes by A')
    await save(editA)
    await editA.waitFor({ state: 'detached' })

    // B's form still holds the version it opened: its save is refused, refetched and merged.
    await editB.locator('input[data-field="agentDiscountPercent"]').fill('12')
    await save(editB)
    await toast(b, /^Merged with .+'s change to Notes$/)
    await editB.waitFor({ state: 'detached' })
    expect(await configOf(config._id)).toMatchObject({ notes: 'Notes by A', agentDiscountPercent: 12 })
  })

  it("both change the notes: B sees theirs and mine in the conflict bar; Keep mine saves B's", async () => {
    const { config, title } = await newConfig()
    const editB = await openEdit(b, config, title)
    const editA = await openEdit(a, config, title)
    await notes(editA).fill('Notes by A')
    await save(editA)
    await editA.waitFor({ state: 'detached' })

    await notes(editB).fill('Notes by B')
    await save(editB)
    const bar = editB.getByTestId('conflict-bar')
    await bar.waitFor()
    expect(await bar.getByTestId('conflict-notes').getByTestId('conflict-theirs').textContent()).toBe('Notes by A')
    expect(await bar.getByTestId('conflict-notes').getByTestId('conflict-mine').textContent()).toBe('Notes by B')
    expect(await bar.textContent()).toMatch(/^Changed by .+ since you opened it/)
    expect(await b.locator('[data-command="commission.form.save"]').count()).toBe(0)
    await screenshot(b, 'conflict-bar-commission-1440')

    // In the modal only mod+… keys act (decision 018): Ctrl+Enter, the form's save key, keeps mine,
    // and the hint bar offers the keys that act there.
    expect(await b.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('conflict-bar')
    const hint = (id: string) => b.locator(`[data-testid="hint-bar"] [data-hint="${id}"]`)
    expect(await hint('commission.form.conflict.keepMine').count()).toBe(1)
    expect(await hint('commission.form.conflict.keepMine').textContent()).toMatch(/Ctrl.*Enter/)
    expect(await hint('commission.form.conflict.takeTheirs').textContent()).toMatch(/Ctrl.*Shift.*Enter/)
    // The list's single keys do not act behind the modal, so the bar does not offer them.
    expect(await hint('commission.new').count()).toBe(0)
    await b.keyboard.press('Control+Enter')
    await toast(b, /^Saved your Notes over .+'s change$/)
    await editB.waitFor({ state: 'detached' })
    expect((await configOf(config._id)).notes).toBe('Notes by B')
  })

  /** A new contact, opened by both admins; its id. */
  async function contactOpenInBoth(): Promise<string> {
    const id = await newContact()
    await openContact(a, id)
    await openContact(b, id)
    return id
  }

  /** Opens contact `id` on `page`, waiting for its quick actions. */
  async function openContact(page: Page, id: string) {
    await page.goto(`${baseUrl}/contacts/${id}`)
    await page.locator('[data-command="contacts.detail.status.archived"]').waitFor()
  }

  it('a contact both archive: the stale change is written without asking', async () => {
    const id = await contactOpenInBoth()
    await a.locator('[data-command="contacts.detail.status.archived"]').click()
    await toast(a, 'Contact archived')

    await b.locator('[data-command="contacts.detail.status.archived"]').click()
    await toast(b, /^Merged with .+'s change to Status$/)
    expect(await b.getByTestId('conflict-bar').count()).toBe(0)
    expect((await contactOf(id)).status).toBe('archived')
  })

  it("A marks a contact replied, B archives it: the bar shows Replied / Archived; m keeps B's", async () => {
    const id = await contactOpenInBoth()
    await a.locator('[data-command="contacts.detail.status.replied"]').click()
    await toast(a, 'Contact marked as replied')

    await b.locator('[data-command="contacts.detail.status.archived"]').click()
    const bar = b.getByTestId('conflict-bar')
    await bar.waitFor()
    expect(await bar.getByTestId('conflict-status').getByTestId('conflict-theirs').textContent()).toBe('Replied')
    expect(await bar.getByTestId('conflict-status').getByTestId('conflict-mine').textContent()).toBe('Archived')
    expect(await b.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('conflict-bar')
    await screenshot(b, 'conflict-bar-contact-1440')

    await b.keyboard.press('m')
    await toast(b, /^Saved your Status over .+'s change$/)
    await bar.waitFor({ state: 'detached' })
    expect((await contactOf(id)).status).toBe('archived')
  })
})
