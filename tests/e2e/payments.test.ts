/**
 * End to end, the payments screen: find a payment by its transaction id typed in another
 * case and open its details from the keyboard (/, j, Enter), see its order and go to it (o); the
 * status filter in the URL, 'N/A' for a payment without a transaction id; a failed load shows
 * 'Error Loading Payments' and Retry recovers; Export CSV downloads the filtered rows; scrolling to
 * the last payment stays under 2,500 DOM nodes; screenshots light and dark at 1400 px.
 */
import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import type { Payment } from '../../src/api/schemas/payments'
import { apiRequest, screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const rowSel = '[data-testid="payment-row"]'
const api = async <T = any>(apiPath: string) => apiRequest<T>(baseUrl, await adminAccessToken(), 'GET', apiPath)
const list = (query: string) =>
  api<{ payments: Payment[]; pagination: { nextCursor: string | null; total: number } }>(`/api/payments?${query}`)

/** The records of a CSV text (quoted fields with "" escapes and line breaks), header first. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      record.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      record.push(field)
      records.push(record)
      record = []
      field = ''
    } else field += c
  }
  if (field || record.length) {
    record.push(field)
    records.push(record)
  }
  return records
}

describe('payments screen', () => {
  let page: Page
  const rows = () => page.locator(rowSel)
  const domNodes = () => page.evaluate(() => document.getElementsByTagName('*').length)

  signedInPagePerTest((p) => {
    page = p
  })

  it('finds a payment by its transaction id in another case, opens its details with the keyboard and goes to its order', async () => {
    const { payments } = await list('status=completed&limit=200')
    // A transaction id with letters, so the other case is a different text.
    const payment = payments.find((p) => p.transactionId && /[a-z]/i.test(p.transactionId) && p.order)!
    expect(payment, 'a completed payment with a lettered transaction id').toBeTruthy()
    const { order } = await api<{ order: { _id: string; orderId: string; user: { name: string } | null } }>(
      `/api/payments/${payment._id}`,
    )
    await page.goto(`${baseUrl}/payments`)
    await rows().first().locator('[data-command="payments.view"]').waitFor()
    await page.getByRole('heading', { name: 'Payments Management', exact: true }).waitFor()
    expect(await page.getByRole('searchbox', { name: 'Search payments' }).getAttribute('placeholder')).toBe(
      'Search payments...',
    )
    await screenshot(page, 'payments')
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForTimeout(400)
    await screenshot(page, 'payments-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    const typed =
      payment.transactionId!.toLowerCase() === payment.transactionId
        ? payment.transactionId!.toUpperCase()
        : payment.transactionId!.toLowerCase()
    await page.keyboard.press('/')
    await page.keyboard.type(typed)
    await page.waitForURL((url) => url.searchParams.get('search') === typed)
    await expect.poll(() => rows().count()).toBe(1)
    const row = page.locator(`${rowSel}[data-id="${payment._id}"]`)
    expect(await row.getByTestId('transaction-cell').textContent()).toBe(payment.transactionId)
    expect(await row.getByTestId('amount-cell').textContent()).toBe(
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(payment.amount),
    )
    await page.keyboard.press('Escape')
    await page.keyboard.press('j')
    await page.keyboard.press('Enter')
    await page.waitForURL(
      (url) => url.searchParams.get('payment') === payment._id && url.searchParams.get('search') === typed,
    )
    const panel = page.getByTestId('payment-details')
    await panel.getByTestId('payment-order').waitFor()
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe(payment.paymentId)
    expect(await panel.getByTestId('detail-order-number').textContent()).toContain(order!.orderId)
    if (order!.user) expect(await panel.getByTestId('detail-customer').textContent()).toContain(order!.user.name)
    await screenshot(page, 'payments-details')
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForTimeout(400)
    await screenshot(page, 'payments-details-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    // The panel is in the URL: a reload opens it again; Escape closes it and keeps the search.
    await page.reload()
    await panel.getByTestId('payment-order').waitFor()
    // Its close control renders from the command, so the screen's command context is published.
    await panel.locator('[data-command="payments.closeDetails"]').waitFor()
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => !url.searchParams.has('payment') && url.searchParams.get('search') === typed)
    await page.keyboard.press('Enter')
    await panel.getByTestId('payment-order').waitFor()
    await page.keyboard.press('o')
    await page.waitForURL(`${baseUrl}/orders?order=${order!._id}`)
  })

  it("the status filter lists only its status, in the URL; a payment without a transaction id shows 'N/A'", async () => {
    const failed = await list('status=failed&limit=50')
    await page.goto(`${baseUrl}/payments`)
    await rows().first().waitFor()
    await page.getByRole('combobox', { name: 'Status filter' }).click()
    await page.getByRole('option', { name: 'Failed' }).click()
    await page.waitForURL(/status=failed/)
    await expect.poll(async () => await rows().first().getAttribute('data-id')).toBe(failed.payments[0]._id)
    const statuses = await page.locator(`${rowSel} [data-testid="status-cell"]`).allTextContents()
    expect(statuses.length).toBeGreaterThan(0)
    expect(new Set(statuses)).toEqual(new Set(['Failed']))
    const untracked = failed.payments.find((p) => !p.transactionId)!
    expect(untracked, 'a failed payment without a transaction id').toBeTruthy()
    await page.goto(`${baseUrl}/payments?status=failed&search=${encodeURIComponent(untracked.paymentId)}`)
    const row = page.locator(`${rowSel}[data-id="${untracked._id}"]`)
    await row.waitFor()
    expect(await row.getByTestId('transaction-cell').textContent()).toBe('N/A')

    const nothing = `no-such-payment-${Date.now()}`
    await page.goto(`${baseUrl}/payments?status=failed&search=${encodeURIComponent(nothing)}`)
    await page.getByTestId('empty-state').getByText(`No payments match “${nothing}”`).waitFor()
    await page.getByText('No payments match your search criteria.').waitFor()
  })

  it("a failed load shows 'Error Loading Payments' with the message and no rows; Retry loads the list", async () => {
    await page.route('**/api/payments?**', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Payments are down' } }),
    )
    await page.goto(`${baseUrl}/payments`)
    await page.getByText('Error Loading Payments').waitFor()
    await page.getByText('Payments are down').waitFor()
    expect(await rows().count()).toBe(0)
    await screenshot(page, 'payments-error')
    await page.unroute('**/api/payments?**')
    await page.locator('[data-command="app.retry"]').click()
    await rows().first().waitFor()
  })

  it('Export CSV downloads the rows of the filtered view', async () => {
    // Every pending payment through the API, page by page.
    const expected: Payment[] = []
    let cursor = ''
    do {
      const batch = await list(`status=pending&limit=200${cursor ? `&cursor=${cursor}` : ''}`)
      expected.push(...batch.payments)
      cursor = batch.pagination.nextCursor ?? ''
    } while (cursor)
    expect(expected.length).toBeGreaterThan(0)
    await page.goto(`${baseUrl}/payments?status=pending`)
    await rows().first().locator('[data-command="payments.view"]').waitFor()
    const download = page.waitForEvent('download')
    await page.locator('[data-command="payments.export"]').click()
    const file = await (await download).path()
    const [header, ...records] = parseCsv(fs.readFileSync(file, 'utf8')).filter((r) => r.length > 1)
    const col = (name: RegExp) => header.findIndex((h) => name.test(h))
    const status = col(/^status$/i)
    const paymentId = col(/^payment ?id$/i)
    expect(
      [status, paymentId].every((i) => i >= 0),
      `columns in ${header.join(',')}`,
    ).toBe(true)
    expect(new Set(records.map((r) => r[status].toLowerCase()))).toEqual(new Set(['pending']))
    expect(records.map((r) => r[paymentId]).sort()).toEqual(expected.map((p) => p.paymentId).sort())
  })

  it('scrolls through every payment to the last one without page jumps, under 2,500 DOM nodes', async () => {
    const { pagination } = await list('limit=1')
    await page.goto(`${baseUrl}/payments`)
    await rows().first().waitFor()
    const body = page.getByTestId('payments-rows')
    let peak = await domNodes()
    let last = 0
    const deadline = Date.now() + 90_000
    while (last < pagination.total && Date.now() < deadline) {
      await body.evaluate((el) => el.scrollBy(0, 2400))
      await page.waitForTimeout(30)
      last = Number(await rows().last().getAttribute('aria-rowindex'))
      peak = Math.max(peak, await domNodes())
    }
    expect(last).toBe(pagination.total)
    peak = Math.max(peak, await domNodes())
    expect(peak).toBeLessThan(2500)
    expect(await page.getByTestId('payments-count').textContent()).toContain(
      `${new Intl.NumberFormat('en-IN').format(pagination.total)} of`,
    )
    // No row twice: the cursor pages neither repeat nor skip (the ids on screen are distinct and in order).
    const ids = await rows().evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))
    expect(new Set(ids).size).toBe(ids.length)
  })
})
