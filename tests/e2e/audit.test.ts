/**
 * End to end, the audit log: a project approved through the API is in its own audit trail
 * on the project page (the diff behind Show changes, 'Open in audit log' filtered to it), as is a
 * user's creation on the user page; on /audit
 * (reached with g l) it is found filtered by entity and by a search typed into the box, Enter opens
 * the per-field diff, and the row's record link leads back to the project. Screenshots light and dark.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { apiRequest, screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const run = Date.now().toString(36)
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)

async function both(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.waitForTimeout(300)
  await screenshot(page, `${name}-light`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.waitForTimeout(300)
  await screenshot(page, `${name}-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('audit log', () => {
  let page: Page
  signedInPagePerTest((p) => {
    page = p
  })

  const approvedProject = async (title: string) => {
    const { project } = await api('POST', '/api/projects/create', { title, description: 'A project for the audit log' })
    await api('PUT', `/api/projects/${project._id}/verify`, { status: 'approved', notes: 'Looks good' })
    return project._id as string
  }
  const diffField = (field: string) => page.locator(`[data-testid="audit-diff-field"][data-field="${field}"]`)

  it('the project page shows its audit trail with the diff, and opens it in the audit log', async () => {
    const title = `Audit trail ${run}`
    const id = await approvedProject(title)
    await page.goto(`${baseUrl}/projects/${id}`)
    const trail = page.getByTestId('audit-trail')
    const entry = trail.getByTestId('audit-trail-entry').filter({ hasText: 'Project verification changed' })
    await entry.waitFor()
    await expect.poll(() => trail.getByTestId('audit-trail-entry').count()).toBeGreaterThanOrEqual(2)
    await entry.getByTestId('audit-trail-toggle').click()
    await expect
      .poll(() => entry.locator('[data-field="verificationStatus"]').innerText())
      .toMatch(/pending[\s\S]*approved/)
    await entry.locator('[data-field="verificationStatus"]').scrollIntoViewIfNeeded()
    await both(page, 'audit-trail')

    await trail.getByTestId('audit-trail-open-log').click()
    await page.waitForURL(`${baseUrl}/audit?entityType=project&entityId=${id}`)
    await page.getByTestId('audit-row').filter({ hasText: 'Project verification changed' }).waitFor()
    expect(await page.getByTestId('audit-row').count()).toBeGreaterThanOrEqual(2)
  })

  it('the user page shows its audit trail too', async () => {
    const { user } = await api('POST', '/api/users', {
      name: `Audit user ${run}`,
      email: `audit-user-${run}@example.com`,
    })
    await page.goto(`${baseUrl}/users/${user._id}`)
    const entry = page.getByTestId('audit-trail').getByTestId('audit-trail-entry').filter({ hasText: 'User created' })
    await entry.waitFor()
    await entry.getByTestId('audit-trail-toggle').click()
    await expect
      .poll(() => entry.locator('[data-field="email"]').innerText())
      .toContain(`audit-user-${run}@example.com`)
    expect(await page.getByTestId('audit-trail-open-log').count()).toBe(1)
  })

  it('finds the change by entity and by search, shows its diff with Enter, and links to the record', async () => {
    const title = `Audit find ${run}`
    const id = await approvedProject(title)
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('g')
    await page.keyboard.press('l')
    await page.waitForURL(`${baseUrl}/audit`)
    await page.getByTestId('audit-row').first().waitFor()
    await page.getByRole('combobox', { name: 'Admin filter' }).waitFor()
    await both(page, 'audit-list')

    // Filtered by entity: the record's history only, newest first.
    await page.goto(`${baseUrl}/audit?entityType=project&entityId=${id}`)
    const rows = page.getByTestId('audit-row')
    await rows.filter({ hasText: 'Project verification changed' }).waitFor()
    expect(await rows.getByTestId('audit-action').allInnerTexts()).toEqual([
      'Project verification changed',
      'Project created',
    ])

    // By search, typed into the box (/ focuses it): the project's title finds both of its entries.
    await page.goto(`${baseUrl}/audit`)
    await rows.first().waitFor()
    await page.keyboard.press('/')
    await page.keyboard.type(title)
    await page.waitForURL((url) => url.searchParams.get('search') === title)
    await expect
      .poll(async () => (await rows.getByTestId('audit-record').allInnerTexts()).map((t) => t.split('\n')[0]))
      .toEqual([title, title])
    await expect
      .poll(() => rows.getByTestId('audit-action').allInnerTexts())
      .toEqual(['Project verification changed', 'Project created'])

    // Enter opens the focused entry's per-field diff (j then k: the first row, wherever the focus was).
    await page.keyboard.press('Escape')
    await page.keyboard.press('j')
    await page.keyboard.press('k')
    await page.keyboard.press('Enter')
    const panel = page.getByTestId('audit-panel')
    await panel.waitFor()
    expect(await panel.getByTestId('audit-panel-record').innerText()).toContain(title)
    expect(await panel.locator('.side-panel__title').innerText()).toBe('project.verify')
    await expect
      .poll(() => diffField('verificationStatus').getByTestId('audit-diff-before').innerText())
      .toBe('pending')
    expect(await diffField('verificationStatus').getByTestId('audit-diff-after').innerText()).toBe('approved')
    await both(page, 'audit-log')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })

    // The row's record link opens the project.
    await rows.first().getByTestId('audit-record-link').click()
    await page.waitForURL(`${baseUrl}/projects/${id}`)
    await page.getByTestId('project-detail').waitFor()
  })

  it('a failed load offers Retry', async () => {
    let fail = true
    await page.route('**/api/admin/audit?*', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: 'Internal server error' }),
          })
        : route.continue(),
    )
    await page.goto(`${baseUrl}/audit?action=project.verify`)
    await page.getByText('Error Loading the Audit Log').waitFor()
    fail = false
    await page.locator('[data-command="app.retry"]').first().click()
    await page.getByTestId('audit-row').first().waitFor()
  })
})
