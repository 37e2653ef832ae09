/**
 * End to end, the contacts list: archive two contacts with a bulk action from the
 * keyboard only (x, j, x, shift+e) and find them archived after a reload; a bulk key with nothing
 * selected says 'Please select contacts to update'; i marks the focused contact read; the status
 * filter and the search (in the URL); the pagination, which works; the palette's '!' search; the
 * full-page error and its Retry; screenshots light and dark at 1400 px.
 * Uses the seeded contacts (the public form is rate limited per IP, and other suites post to it).
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import type { ContactListResponse, ContactStats } from '../../src/api/schemas/contacts'
import { apiRequest, screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const rowSel = '[data-testid="contact-row"]'

const api = async <T = any>(method: string, apiPath: string, body?: object) =>
  apiRequest<T>(baseUrl, await adminAccessToken(), method, apiPath, body)
const list = (query: string) => api<ContactListResponse>('GET', `/api/contacts?${query}`)

describe('contacts list', () => {
  let page: Page
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor()
  const row = (id: string) => page.locator(`${rowSel}[data-id="${id}"]`)
  const rowIds = () => page.locator(rowSel).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')))
  const stat = async (name: string) =>
    (await page.locator(`[data-stat="${name}"] .stat-card__value`).textContent())?.trim()

  signedInPagePerTest((p) => {
    page = p
  })

  it('shows the stats of the server and the rows; unread rows stand out (screenshots light and dark)', async () => {
    await page.goto(`${baseUrl}/contacts`)
    await page.getByRole('heading', { name: 'Contacts', exact: true }).waitFor()
    await page.locator(rowSel).first().waitFor()
    const { stats } = await api<{ stats: ContactStats }>('GET', '/api/contacts/stats')
    const shown = new Intl.NumberFormat('en-IN')
    await expect.poll(() => stat('total')).toBe(shown.format(stats.total))
    expect(await stat('unread')).toBe(shown.format(stats.unread))
    expect(await stat('this-month')).toBe(shown.format(stats.thisMonth))
    expect(await stat('new')).toBe(shown.format(stats.byStatus.new))
    const unread = page.locator(`${rowSel}[data-unread]`).first()
    await unread.waitFor()
    expect(await unread.getByTestId('status-cell').textContent()).toContain('Unread')
    expect(
      await unread.locator('.contacts-row__name').evaluate((el) => Number(getComputedStyle(el).fontWeight)),
    ).toBeGreaterThanOrEqual(700)
    expect(await unread.evaluate((el) => getComputedStyle(el, '::before').width)).toBe('3px')
    const read = page.locator(`${rowSel}:not([data-unread])`).first()
    if (await read.count())
      expect(
        await read.locator('.contacts-row__name').evaluate((el) => Number(getComputedStyle(el).fontWeight)),
      ).toBeLessThan(600)
    await screenshot(page, 'contacts-list')
    await page.emulateMedia({ colorScheme: 'dark' })
    // Let the colour transitions finish before the picture.
    await page.waitForTimeout(400)
    await screenshot(page, 'contacts-list-dark')
  })

  it('archives two contacts with shift+e from the keyboard; after a reload they are archived (and nothing selected asks for a selection)', async () => {
    await page.goto(`${baseUrl}/contacts?status=new`)
    await page.locator(rowSel).nth(1).waitFor()
    // Nothing selected yet: the bulk action says so and changes nothing.
    await page.keyboard.press('Shift+E')
    await toast('Please select contacts to update')
    const [first, second] = (await rowIds()) as string[]

    await page.keyboard.press('x')
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await page.locator('[data-command="contacts.bulkArchive"]').getByText('Archive 2 contacts').waitFor()
    await page.keyboard.press('Shift+E')
    await toast('2 contacts archived')
    // The list shows unread contacts only: the two leave it.
    await row(first).waitFor({ state: 'detached' })
    await row(second).waitFor({ state: 'detached' })

    await page.reload()
    await page.locator(rowSel).first().waitFor()
    expect(new URL(page.url()).searchParams.get('status')).toBe('new')
    expect(await row(first).count()).toBe(0)
    for (const id of [first, second]) expect((await api('GET', `/api/contacts/${id}`)).contact.status).toBe('archived')
    await page.goto(
      `${baseUrl}/contacts?status=archived&search=${encodeURIComponent((await api('GET', `/api/contacts/${first}`)).contact.email)}`,
    )
    await row(first).waitFor()
    expect((await row(first).getByTestId('status-cell').textContent())?.trim()).toBe('Archived')
  })

  it('i marks the focused contact read; a row button marks one replied; each is then disabled in its own status', async () => {
    await page.goto(`${baseUrl}/contacts?status=new`)
    await page.locator(rowSel).nth(1).waitFor()
    const [first, second] = (await rowIds()) as string[]
    await page.keyboard.press('i')
    await toast('Contact marked as read')
    await row(first).waitFor({ state: 'detached' })
    expect((await api('GET', `/api/contacts/${first}`)).contact).toMatchObject({ status: 'read', isRead: true })
    await row(second).locator('[data-command="contacts.markReplied"]').click()
    await toast('Contact marked as replied')
    expect((await api('GET', `/api/contacts/${second}`)).contact.status).toBe('replied')

    await page.goto(`${baseUrl}/contacts?status=read`)
    await row(first).waitFor()
    expect(await row(first).locator('[data-command="contacts.markRead"]').isDisabled()).toBe(true)
  })

  it('filters by status through the select and searches name, e-mail, subject and message; both stay in the URL', async () => {
    await page.goto(`${baseUrl}/contacts`)
    await page.locator(rowSel).first().waitFor()
    await page.getByRole('combobox', { name: 'Status filter' }).click()
    await page.getByRole('option', { name: 'Read', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'read')
    await expect
      .poll(
        async () =>
          new Set(await page.locator(rowSel).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))),
      )
      .toEqual(new Set(['read']))

    const {
      contacts: [target],
    } = await list('limit=1&status=read')
    // A piece of the message (the newest read contact comes first among those it matches).
    const words = target.excerpt.slice(0, 24).trim()
    await page.keyboard.press('/')
    await page.keyboard.type(target.email)
    await page.waitForURL((url) => url.searchParams.get('search') === target.email)
    await row(target._id).waitFor()
    const expected = await list(`status=read&search=${encodeURIComponent(target.email)}`)
    await expect.poll(() => page.locator(rowSel).count()).toBe(expected.contacts.length)

    // The message is searched too: a few words of its start find the contact.
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(words)
    await page.waitForURL((url) => url.searchParams.get('search') === words)
    await row(target._id).waitFor()
    await page.reload()
    await row(target._id).waitFor()
    expect(await page.getByRole('searchbox', { name: 'Search contacts' }).inputValue()).toBe(words)

    const nothing = `no such contact ${Date.now()}`
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(nothing)
    await page.getByTestId('empty-state').getByText(`No contacts match “${nothing}”`).waitFor()
  })

  it('pages with ] and [ and the Previous/Next buttons: Page X of Y, other rows each page', async () => {
    const { pagination } = await list('limit=10')
    expect(pagination.totalPages).toBeGreaterThan(2)
    await page.goto(`${baseUrl}/contacts?limit=10`)
    await page.locator(rowSel).first().waitFor()
    const pager = page.getByTestId('pagination')
    await pager.getByText(`Page 1 of ${pagination.totalPages}`).waitFor()
    expect(await page.locator('[data-command="contacts.prevPage"]').isDisabled()).toBe(true)
    const firstPage = await rowIds()
    expect(firstPage).toHaveLength(10)

    await page.keyboard.press(']')
    await page.waitForURL((url) => url.searchParams.get('page') === '2')
    await pager.getByText(`Page 2 of ${pagination.totalPages}`).waitFor()
    await expect.poll(async () => (await rowIds()).some((id) => firstPage.includes(id))).toBe(false)
    await page.locator('[data-command="contacts.nextPage"]').click()
    await pager.getByText(`Page 3 of ${pagination.totalPages}`).waitFor()
    await page.locator('[data-command="contacts.prevPage"]').click()
    await page.keyboard.press('[')
    await pager.getByText(`Page 1 of ${pagination.totalPages}`).waitFor()
    expect(await rowIds()).toEqual(firstPage)

    await page.getByRole('combobox', { name: 'Page size' }).click()
    await page.getByRole('option', { name: '50 per page' }).click()
    await page.waitForURL((url) => url.searchParams.get('limit') === '50')
    await expect.poll(() => rowIds().then((ids) => ids.length)).toBeGreaterThan(10)
  })

  it("the palette's '!' search lists matching contacts and Enter opens one", async () => {
    const {
      contacts: [target],
    } = await list('limit=1')
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    await page.keyboard.press('Control+k')
    await page.getByTestId('command-palette').getByRole('combobox').waitFor()
    await page.keyboard.type(`!${target.email}`)
    const item = page.getByTestId('palette-item-open-contact').filter({ hasText: target.name })
    await item.first().waitFor()
    await item.first().click()
    await page.waitForURL(`${baseUrl}/contacts/${target._id}`)
  })

  it("a failed load shows 'Error Loading Contacts' with the message, and Retry loads the list", async () => {
    await page.route('**/api/contacts?**', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Contacts are down' } }),
    )
    await page.goto(`${baseUrl}/contacts`)
    await page.getByText('Error Loading Contacts').waitFor()
    await page.getByText('Contacts are down').waitFor()
    await page.unroute('**/api/contacts?**')
    await page.locator('[data-command="app.retry"]').click()
    await page.locator(rowSel).first().waitFor()
  })
})
