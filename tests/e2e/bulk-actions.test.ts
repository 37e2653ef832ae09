/**
 * End to end, bulk actions offer only what can happen: three confirmed orders selected, Complete
 * is disabled with the server's reason (button title, hint bar, Shift+D's toast) and nothing is
 * sent; one of them started, 'Complete 1 of 3 orders' completes exactly that one. Projects: a
 * mixed selection's E reads 'Activate 2 projects, 3 already active' on the hint bar and the palette
 * and activates exactly the two. At 1440 and 1280 px, screenshots of both.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { apiRequest, screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)
type Order = { _id: string; orderId: string; status: string; user: { email: string } | null }
const listOrders = async (query: string) => (await api('GET', `/api/orders?${query}`)).orders as Order[]
const orderStatus = async (id: string) => (await api('GET', `/api/orders/${id}`)).order.status as string

/** A customer with three orders still pending or confirmed (the demo seed has several); the three, confirmed. */
async function threeConfirmedOrders(): Promise<{ email: string; orders: Order[] }> {
  const seen = new Set<string>()
  for (const candidate of await listOrders('status=confirmed&limit=200')) {
    const email = candidate.user?.email
    if (!email || seen.has(email)) continue
    seen.add(email)
    const open = (await listOrders(`search=${encodeURIComponent(email)}&limit=200`)).filter(
      (o) => o.user?.email === email && ['pending', 'confirmed'].includes(o.status),
    )
    if (open.length < 3) continue
    const orders = open.slice(0, 3)
    for (const o of orders) {
      if (o.status === 'pending') await api('PUT', `/api/orders/${o._id}/status`, { status: 'confirmed', notes: '' })
    }
    return { email, orders }
  }
  throw new Error('no customer with three open orders in the demo seed')
}

describe('bulk actions offer only what can happen', () => {
  let page: Page
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor()
  const hint = (id: string) => page.locator(`[data-testid="hint-bar"] [data-hint="${id}"] .hint-bar__label`)

  signedInPagePerTest(
    (p) => {
      page = p
    },
    { width: 1440, height: 900 },
  )

  it('three confirmed orders: Complete is disabled with the reason; one started, Complete 1 of 3 orders completes exactly it', async () => {
    const { email, orders } = await threeConfirmedOrders()
    const [first, second, third] = orders
    const rowSel = '[data-testid="order-row"]'
    const row = (id: string) => page.locator(`${rowSel}[data-id="${id}"]`)
    await page.goto(`${baseUrl}/orders?search=${encodeURIComponent(email)}`)
    for (const o of orders) await row(o._id).locator('[data-command="orders.toggleSelect"]').click()
    await expect.poll(() => page.locator(`${rowSel}[aria-selected="true"]`).count()).toBe(3)

    const complete = page.locator('[data-command="orders.bulkComplete"]')
    await expect.poll(() => complete.textContent()).toBe('Complete')
    expect(await complete.isDisabled()).toBe(true)
    expect(await complete.getAttribute('title')).toBe('Cannot move from confirmed to completed')
    expect(await page.locator('[data-command="orders.bulkConfirm"]').getAttribute('title')).toBe('Already confirmed')
    expect(await page.locator('[data-command="orders.bulkCancel"]').textContent()).toBe('Cancel 3 orders')
    // The key says why and sends nothing.
    await page.keyboard.press('Shift+D')
    await toast('Cannot move from confirmed to completed')
    for (const o of orders) expect(await orderStatus(o._id)).toBe('confirmed')
    await screenshot(page, 'bulk-orders-none-can-1440')

    // Start work on one (its row's own control): now one of the three can be completed.
    await row(first._id).locator('[data-command="orders.start"]').click()
    await expect.poll(() => row(first._id).getByTestId('status-cell').textContent()).toBe('In Progress')
    await expect.poll(() => complete.textContent()).toBe('Complete 1 of 3 orders')
    expect(await complete.isDisabled()).toBe(false)
    await expect.poll(() => hint('orders.bulkComplete').textContent()).toBe('Complete 1 of 3 orders')
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect.poll(() => complete.isVisible()).toBe(true)
    await screenshot(page, 'bulk-orders-one-of-three-1280')
    await page.setViewportSize({ width: 1440, height: 900 })

    await page.keyboard.press('Shift+D')
    await toast('1 order completed')
    await expect.poll(() => row(first._id).getByTestId('status-cell').textContent()).toBe('Completed')
    expect(await orderStatus(first._id)).toBe('completed')
    expect(await orderStatus(second._id)).toBe('confirmed')
    expect(await orderStatus(third._id)).toBe('confirmed')
    // The two it could not complete stay selected, and Complete says why again.
    await expect.poll(() => page.locator(`${rowSel}[aria-selected="true"]`).count()).toBe(2)
    await expect.poll(() => complete.getAttribute('title')).toBe('Cannot move from confirmed to completed')
  })

  it("mixed projects: E reads 'Activate 2 projects, 3 already active' and activates exactly those two", async () => {
    const prefix = `Bulk ${Date.now().toString(36)}`
    for (const n of ['a', 'b', 'c', 'd', 'e'])
      await api('POST', '/api/projects/create', {
        title: `${prefix} ${n}`,
        description: 'A project for the bulk tests',
      })
    const created = (await api('GET', `/api/projects?search=${encodeURIComponent(prefix)}&limit=20`)).projects as {
      _id: string
      title: string
      isActive: boolean
    }[]
    expect(created).toHaveLength(5)
    const inactive = created.filter((p) => p.title.endsWith(' a') || p.title.endsWith(' b')).map((p) => p._id)
    await api('POST', '/api/projects/bulk-update', { ids: inactive, isActive: false })

    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${baseUrl}/projects?search=${encodeURIComponent(prefix)}`)
    const rows = page.locator('[data-testid="project-row"]')
    await expect.poll(() => rows.count()).toBe(5)
    await page.locator('[data-command="projects.selectAll"]').first().click()
    await expect.poll(() => page.locator('[data-testid="project-row"][aria-selected="true"]').count()).toBe(5)

    await expect.poll(() => hint('projects.toggleActive').textContent()).toBe('Activate 2 projects, 3 already active')
    await screenshot(page, 'bulk-projects-mixed-1280')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.keyboard.press('Control+k')
    await page.keyboard.type('Activate 2 projects')
    await page.getByTestId('command-projects.toggleActive').getByText('Activate 2 projects, 3 already active').waitFor()
    await screenshot(page, 'bulk-projects-mixed-palette-1440')
    await page.keyboard.press('Enter')
    await toast('2 projects activated successfully')

    const after = (await api('GET', `/api/projects?search=${encodeURIComponent(prefix)}&limit=20`)).projects as {
      _id: string
      isActive: boolean
    }[]
    expect(after.every((p) => p.isActive)).toBe(true)
    // The audit log shows exactly the two it changed.
    const audit = await api('GET', `/api/admin/audit?entityType=project&limit=50`)
    const changed = (audit.entries as { action: string; entityId: string; after?: { isActive?: boolean } }[]).filter(
      (e) => e.action === 'project.update' && created.some((p) => p._id === e.entityId) && e.after?.isActive === true,
    )
    expect(changed.map((e: { entityId: string }) => e.entityId).sort()).toEqual([...inactive].sort())
    await expect.poll(() => hint('projects.toggleActive').textContent()).toBe('Deactivate 5 projects')
  })
})
