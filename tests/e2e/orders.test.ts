/**
 * End to end, the orders list: an order taken from pending to completed with the
 * keyboard only (j/k, c, s, Enter for the side panel, N and a note, mod+Enter), checked after a reload
 * with its notes, a row Cancel (#) dismissed with Escape on its confirmation leaving the order as it
 * was; a bulk Cancel of a legal order and a completed one offers only the legal one ('Cancel 1 of 2
 * orders'), confirmed in its dialog with Enter, the completed one left selected with the reason;
 * Export CSV downloads the filtered view; the full-page error and its Retry; screenshots light and
 * dark at 1400 px; and, on a dedicated server with 5,200 orders, a scroll to row 5,000 that keeps
 * under 2,500 DOM nodes and never skips a row.
 */
import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser, screenshot } from './browser'
import { startScaleServer, type ScaleServer } from './orders-scale-server'
import { adminAccessToken, openSignedInPage, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const rowSel = '[data-testid="order-row"]'
type Order = { _id: string; orderId: string; status: string; user: { email: string } | null }

const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)
const listOrders = async (query: string) => (await api('GET', `/api/orders?${query}`)).orders as Order[]

describe('orders list', () => {
  let page: Page
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor()
  const row = (id: string) => page.locator(`${rowSel}[data-id="${id}"]`)
  const statusOf = async (id: string) => (await row(id).getByTestId('status-cell').textContent())?.trim()
  const short = (id: string) => id.slice(-6)
  /** j/k until the focused row is `id` (rows in DOM order are the list's order). */
  const focusRow = async (id: string) => {
    const ids = await page.locator(rowSel).evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))
    const target = ids.indexOf(id)
    expect(target).toBeGreaterThanOrEqual(0)
    const current = await page
      .locator(`${rowSel}[data-active]`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))
    let at = current.length ? ids.indexOf(current[0]) : 0
    while (at < target) {
      await page.keyboard.press('j')
      at++
    }
    while (at > target) {
      await page.keyboard.press('k')
      at--
    }
    await page.locator(`${rowSel}[data-active][data-id="${id}"]`).waitFor()
  }

  signedInPagePerTest((p) => {
    page = p
  })

  it('takes an order from pending to completed with the keyboard only; after a reload the state and the notes are there', async () => {
    const [order] = await listOrders('status=pending&limit=1')
    expect(order, 'the demo seed has a pending order').toBeTruthy()
    await page.goto(`${baseUrl}/orders`)
    await page.locator(rowSel).first().waitFor()
    await screenshot(page, 'orders-list')
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForTimeout(400)
    await screenshot(page, 'orders-list-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    await page.keyboard.press('/')
    await page.keyboard.type(order.orderId)
    await page.waitForURL((url) => url.searchParams.get('search') === order.orderId)
    await row(order._id).waitFor()
    // Escape leaves the box and keeps the search.
    await page.keyboard.press('Escape')
    await page.waitForTimeout(400)
    expect(new URL(page.url()).searchParams.get('search')).toBe(order.orderId)
    await focusRow(order._id)
    // Only the legal moves are offered: Confirm and Cancel for a pending order.
    const offered = async () =>
      (
        await row(order._id)
          .locator('[data-command]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-command')))
      ).filter((id) => ['orders.confirm', 'orders.start', 'orders.complete', 'orders.cancel'].includes(id ?? ''))
    expect(await offered()).toEqual(['orders.confirm', 'orders.cancel'])
    // '#' only asks (cancelling is final); Escape on the question changes nothing.
    await page.keyboard.press('#')
    const question = page.getByRole('dialog')
    await question.getByText(`Cancel order ${order.orderId}?`).waitFor()
    await question.getByText('this cannot be undone').waitFor()
    await screenshot(page, 'orders-cancel-confirm')
    await page.keyboard.press('Escape')
    await question.waitFor({ state: 'detached' })
    await page.waitForTimeout(400)
    expect(await statusOf(order._id)).toBe('Pending')
    expect((await api('GET', `/api/orders/${order._id}`)).order.status).toBe('pending')
    await page.keyboard.press('c')
    await toast(`Order #${short(order._id)} confirmed`)
    await expect.poll(() => statusOf(order._id)).toBe('Confirmed')
    await page.keyboard.press('s')
    await toast(`Order #${short(order._id)} started`)
    await expect.poll(() => statusOf(order._id)).toBe('In Progress')
    expect(await offered()).toEqual(['orders.complete', 'orders.cancel'])

    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('order') === order._id)
    const panel = page.getByTestId('order-panel')
    await panel.getByTestId('order-note').first().waitFor()
    const note = `Delivered and installed ${Date.now()}`
    await panel.getByLabel('Note (optional)').waitFor()
    // The panel is not modal: the list keys still act until N puts the keyboard in the note.
    await page.keyboard.press('n')
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA')
    await page.keyboard.type(note)
    await screenshot(page, 'orders-panel')
    await page.keyboard.press('Control+Enter')
    await toast(`Order #${short(order._id)} completed`)
    await panel.getByTestId('order-note').filter({ hasText: note }).waitFor()
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForTimeout(400)
    await screenshot(page, 'orders-panel-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    await page.reload()
    await panel.getByTestId('order-note').filter({ hasText: note }).waitFor()
    const statuses = await panel
      .getByTestId('order-note')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
    expect(statuses.slice(-3)).toEqual(['confirmed', 'in_progress', 'completed'])
    const saved = (await api('GET', `/api/orders/${order._id}`)).order
    expect(saved.notes.at(-1)).toMatchObject({ status: 'completed', note, createdBy: { email: 'admin@example.com' } })
    expect(await panel.getByTestId('order-note').last().textContent()).toContain(saved.notes.at(-1).createdBy.name)
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => !url.searchParams.has('order'))
    expect(await statusOf(order._id)).toBe('Completed')
    expect((await api('GET', `/api/orders/${order._id}`)).order.status).toBe('completed')
  })

  it('bulk Cancel of a legal order and a completed one offers and cancels only the legal one; after a reload both are as the server left them', async () => {
    // A customer with a completed order and one that may still be cancelled.
    let pair: { email: string; legal: Order; done: Order } | undefined
    for (const done of await listOrders('status=completed&limit=50')) {
      if (!done.user) continue
      const legal = (await listOrders(`search=${encodeURIComponent(done.user.email)}&limit=50`)).find((o) =>
        ['pending', 'confirmed', 'in_progress'].includes(o.status),
      )
      if (legal) {
        pair = { email: done.user.email, legal, done }
        break
      }
    }
    expect(pair, 'a customer with a completed and an open order').toBeTruthy()
    const { email, legal, done } = pair!
    await page.goto(`${baseUrl}/orders?search=${encodeURIComponent(email)}`)
    await row(done._id).waitFor()
    await row(legal._id).waitFor()

    await page.keyboard.press('Shift+C')
    await toast('Please select orders to update')

    await focusRow(legal._id)
    await page.keyboard.press('x')
    await focusRow(done._id)
    await page.keyboard.press('x')
    await page.keyboard.press('Control+k')
    await page.getByTestId('command-palette').getByRole('combobox').waitFor()
    await page.keyboard.type('Cancel 1 of 2 orders')
    await page.getByTestId('command-orders.bulkCancel').getByText('Cancel 1 of 2 orders').waitFor()
    await page.keyboard.press('Enter')
    // The bulk Cancel asks first, about the one order it will cancel; Enter (its focused Cancel button) accepts.
    const question = page.getByRole('dialog')
    await question.getByText(`Cancel order ${legal.orderId}?`).waitFor()
    await question.getByText('Undo in the toast reverts this for 10 seconds').waitFor()
    await question.locator('[data-command="orders.cancelConfirm.accept"]:focus').waitFor()
    expect((await api('GET', `/api/orders/${legal._id}`)).order.status).toBe(legal.status)
    await page.keyboard.press('Enter')
    await question.waitFor({ state: 'detached' })
    const report = page.getByTestId('bulk-report')
    await report.getByText('1 order cancelled').waitFor()
    await screenshot(page, 'orders-bulk-report')
    await expect.poll(() => statusOf(legal._id)).toBe('Cancelled')
    // The completed one was never sent: it stays selected, and Cancel says why it cannot.
    const cancel = page.locator('[data-command="orders.bulkCancel"]')
    await expect.poll(() => cancel.getAttribute('title')).toBe('Cannot move from completed to cancelled')
    expect(await row(done._id).getAttribute('aria-selected')).toBe('true')

    await page.reload()
    await row(done._id).waitFor()
    expect(await statusOf(legal._id)).toBe('Cancelled')
    expect(await statusOf(done._id)).toBe('Completed')
    expect((await api('GET', `/api/orders/${legal._id}`)).order.status).toBe('cancelled')
    expect((await api('GET', `/api/orders/${done._id}`)).order.status).toBe('completed')
  })

  it('Export CSV downloads the filtered view: its rows are the orders the list shows', async () => {
    const [one] = await listOrders('status=cancelled&limit=1')
    const email = one.user!.email
    const expected = await listOrders(`search=${encodeURIComponent(email)}&status=cancelled&limit=200`)
    await page.goto(`${baseUrl}/orders?search=${encodeURIComponent(email)}&status=cancelled`)
    await row(expected[0]._id).waitFor()
    expect(await page.getByTestId('orders-total').textContent()).toBe(String(expected.length))
    const downloading = page.waitForEvent('download')
    await page.locator('[data-command="orders.exportCsv"]').click()
    const file = await (await downloading).path()
    const lines = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/)
    expect(lines.length - 1).toBe(expected.length)
    const body = lines.slice(1).join('\n')
    for (const o of expected) expect(body).toContain(o.orderId)
  })

  it("a failed load shows 'Error Loading Orders' with the message, and Retry loads the list", async () => {
    await page.route('**/api/orders?**', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Orders are down' } }),
    )
    await page.goto(`${baseUrl}/orders`)
    await page.getByText('Error Loading Orders').waitFor()
    await page.getByText('Orders are down').waitFor()
    await page.unroute('**/api/orders?**')
    await page.locator('[data-command="app.retry"]').click()
    await page.locator(rowSel).first().waitFor()
  })
})

describe('orders list at scale (a dedicated server with 5,200 orders)', () => {
  let server: ScaleServer
  let browser: Browser
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startScaleServer(), launchBrowser()])
    // 5,200 orders a minute apart, newest first in the list: row n is 'SCALE-n'.
    await server.sql(`INSERT INTO orders (id, order_id, user_id, total_amount_paise, status, created_at, updated_at)
      SELECT gen_random_uuid(), 'SCALE-' || lpad(n::text, 5, '0'), u.id, 100000 + n, 'pending', now() - n * interval '1 minute', now()
      FROM generate_series(1, 5200) AS n, (SELECT id FROM users WHERE email = 'admin@example.com') AS u`)
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('scrolls to row 5,000 without skipping a row, fetching pages as it goes, under 2,500 DOM nodes', async () => {
    const page = await openSignedInPage(browser, server.tokens)
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto(`${server.baseUrl}/orders`)
    await page.locator(rowSel).first().waitFor()
    expect(await page.getByTestId('orders-total').textContent()).toBe('5,200')
    let maxNodes = 0
    let seen = 0
    for (let step = 0; step < 400 && seen < 5000; step++) {
      const state = await page.evaluate(() => {
        const body = document.querySelector('[data-testid="orders-rows"]')!
        body.scrollTop += 1500
        return { nodes: document.querySelectorAll('*').length }
      })
      maxNodes = Math.max(maxNodes, state.nodes)
      await page.waitForTimeout(40)
      const rows = await page.locator(rowSel).evaluateAll((els) =>
        els
          .map((e) => ({
            index: Number(e.getAttribute('aria-rowindex')),
            text: e.textContent ?? '',
          }))
          .sort((a, b) => a.index - b.index),
      )
      // The rows in view are consecutive and each is the order its position says (newest first).
      for (let i = 1; i < rows.length; i++) expect(rows[i].index).toBe(rows[i - 1].index + 1)
      for (const r of rows) expect(r.text).toContain(`SCALE-${String(r.index).padStart(5, '0')}`)
      seen = rows.at(-1)?.index ?? 0
    }
    expect(seen).toBeGreaterThanOrEqual(5000)
    maxNodes = Math.max(maxNodes, await page.evaluate(() => document.querySelectorAll('*').length))
    expect(maxNodes).toBeLessThan(2500)
    console.log(`orders scroll: reached row ${seen}, at most ${maxNodes} DOM nodes`)
    await page.context().close()
  }, 240_000)

  it('j past the last row in view scrolls the focus row into view, and k back to the first scrolls back', async () => {
    const page = await openSignedInPage(browser, server.tokens)
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto(`${server.baseUrl}/orders`)
    await page.locator(`${rowSel}[data-active]`).waitFor()
    /** The focus row's position (1-based) and whether it lies wholly inside the scrolled body. */
    const focus = () =>
      page.evaluate(() => {
        const body = document.querySelector('[data-testid="orders-rows"]')!.getBoundingClientRect()
        const row = document.querySelector('[data-testid="order-row"][data-active]')
        if (!row) return null
        const r = row.getBoundingClientRect()
        return {
          row: Number(row.getAttribute('aria-rowindex')),
          inView: r.top >= body.top - 0.5 && r.bottom <= body.bottom + 0.5,
        }
      })
    const scrollTop = () => page.getByTestId('orders-rows').evaluate((el) => el.scrollTop)
    expect(await focus()).toEqual({ row: 1, inView: true })
    expect(await scrollTop()).toBe(0)
    for (let row = 2; row <= 30; row++) {
      await page.keyboard.press('j')
      await expect.poll(focus).toEqual({ row, inView: true })
    }
    expect(await scrollTop()).toBeGreaterThan(0)
    for (let row = 29; row >= 1; row--) {
      await page.keyboard.press('k')
      await expect.poll(focus).toEqual({ row, inView: true })
    }
    await expect.poll(scrollTop).toBe(0)
    await page.context().close()
  })
})
