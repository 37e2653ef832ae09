/**
 * Commission Management end to end: create a project's configuration whose rates total
 * 99.9 % (Save disabled, 'Total must equal 100%'), fix it to 100 %, save; edit it; check the split
 * preview against the API (splitOrder computed here from the configuration the API returns, compared
 * with what the preview shows); the default has no Delete on its card and the API refuses deleting
 * it (409); a project configuration is deleted after the confirmation. Screenshots of the three tabs
 * and the modal, light and dark.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import type { CommissionConfig, CommissionProjectOption } from '../../src/api/schemas/commission'
import {
  agentDiscountedPricePaise,
  COMMISSION_PARTIES,
  splitConfigFromPercent,
  splitOrder,
} from '../../src/domain/commission-split'
import { formatINR } from '../../src/lib/format'
import { screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')

/** The API with the admin's token; returns status and body, whatever the status. */
async function call<T = any>(method: string, apiPath: string, body?: object): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseUrl}${apiPath}`, {
    method,
    body: body ? JSON.stringify(body) : undefined,
    headers: {
      authorization: `Bearer ${await adminAccessToken()}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
  })
  return { status: res.status, json: (await res.json()) as T }
}

/** The default configuration, created through the API when the data set has none. */
async function ensureDefault(): Promise<CommissionConfig> {
  const { json } = await call<{ config: CommissionConfig | null }>('GET', '/api/commission/configs/default')
  if (json.config) return json.config
  return (await call<{ config: CommissionConfig }>('PUT', '/api/commission/configs/default', {})).json.config
}

/** A project without a configuration (the picker's data), its title unique enough to search for. */
async function freeProject(): Promise<CommissionProjectOption> {
  const { json } = await call<{ projects: CommissionProjectOption[] }>('GET', '/api/commission/projects')
  const project = json.projects.find((p) => p.configId === null && p.title.length >= 6)
  expect(project, 'a project without a commission configuration').toBeTruthy()
  return project!
}

async function both(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' })
  await screenshot(page, `${name}-light`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.waitForTimeout(300)
  await screenshot(page, `${name}-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
}

const rate = (dialog: Locator, field: string) => dialog.locator(`input[data-field="${field}"]`)

describe('commission screen', () => {
  let page: Page
  signedInPagePerTest((p) => {
    page = p
  })

  it('creates a project configuration (99.9 % refused, 100 % saved), edits it, and its preview matches the engine on the API config', async () => {
    await ensureDefault()
    const project = await freeProject()
    await page.goto(`${baseUrl}/commission`)
    await page.getByRole('heading', { name: 'Commission Management', exact: true }).waitFor()
    await page.getByTestId('commission-card').first().waitFor()
    await both(page, 'commission-configs')

    // n opens the modal; the picker searches the server as the admin types.
    await page.keyboard.press('n')
    const dialog = page.getByRole('dialog', { name: 'New Configuration' })
    await dialog.waitFor()
    const save = dialog.locator('[data-command="commission.form.save"]')
    expect(await save.isDisabled()).toBe(true)
    await dialog.getByRole('searchbox').fill(project.title)
    await dialog.getByTestId('project-option').filter({ hasText: project.title }).first().click()
    await dialog.getByTestId('picked-project').getByText(project.title).waitFor()

    await rate(dialog, 'projectOwnerRate').fill('49.9')
    await dialog.getByText('Total must equal 100%').waitFor()
    expect(await dialog.getByTestId('split-total').textContent()).toContain('99.9%')
    expect(await save.isDisabled()).toBe(true)
    await both(page, 'commission-modal-invalid')

    await rate(dialog, 'platformOwnerRate').fill('30.1')
    await dialog.getByText('Total must equal 100%').waitFor({ state: 'detached' })
    expect(await save.isDisabled()).toBe(false)
    await both(page, 'commission-modal')
    await rate(dialog, 'platformOwnerRate').press('Enter')
    await dialog.waitFor({ state: 'detached' })

    const search = await call<{ configs: CommissionConfig[] }>(
      'GET',
      `/api/commission/configs?search=${encodeURIComponent(project.title)}`,
    )
    const created = search.json.configs.find((c) => c.project?._id === project._id)!
    expect(created).toMatchObject({
      projectOwnerRate: 49.9,
      platformOwnerRate: 30.1,
      customizerRate: 10,
      isActive: true,
    })

    // Edit it from its card.
    await page.getByRole('searchbox', { name: 'Search configurations' }).fill(project.title)
    const card = page.locator(`[data-testid="commission-card"][data-id="${created._id}"]`)
    await card.locator('[data-command="commission.edit"]').click()
    const edit = page.getByRole('dialog', { name: `Edit ${project.title}` })
    await edit.waitFor()
    await rate(edit, 'customizerRate').fill('9.5')
    await rate(edit, 'installationSupportRate').fill('5.5')
    await edit.locator('[data-command="commission.form.distribution.equal_split"]').click()
    await page.getByRole('option', { name: 'Platform owner' }).click()
    await edit.locator('[data-command="commission.form.save"]').click()
    await edit.waitFor({ state: 'detached' })
    const stored = (
      await call<{ configs: CommissionConfig[] }>(
        'GET',
        `/api/commission/configs?search=${encodeURIComponent(project.title)}`,
      )
    ).json.configs.find((c) => c._id === created._id)!
    expect(stored).toMatchObject({
      customizerRate: 9.5,
      installationSupportRate: 5.5,
      noReferralDistribution: 'platform_owner',
    })

    // The preview of the stored configuration, against the engine run here on the API's answer.
    await card.locator('[data-command="commission.edit"]').click()
    await edit.waitFor()
    await edit.getByTestId('preview-amount').fill('12345.67')
    await edit.locator('[data-command="commission.form.preview.customization"]').click()
    const config = splitConfigFromPercent(stored)
    // The agent's customer pays the list price less the configured agent discount.
    const agentPaise = agentDiscountedPricePaise(1_234_567, Math.round(stored.agentDiscountPercent * 100))
    expect(await edit.locator('td[data-column="agent"][data-party="amount"]').textContent()).toBe(
      formatINR(agentPaise / 100),
    )
    for (const referrer of [null, 'agent', 'student'] as const) {
      const amountPaise = referrer === 'agent' ? agentPaise : 1_234_567
      const split = splitOrder({ amountPaise, withCustomization: true, withInstallation: false, referrer }, config)
      const column = referrer ?? 'none'
      for (const party of COMMISSION_PARTIES) {
        const shown = await edit.locator(`td[data-column="${column}"][data-party="${party}"]`).textContent()
        expect(shown, `${column} ${party}`).toBe(formatINR(split[party] / 100))
      }
    }
    // Escape with no change closes at once; after a change it asks first.
    await rate(edit, 'referralCommissionRate').fill('4')
    await page.keyboard.press('Escape')
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).waitFor()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click()
    await edit.waitFor({ state: 'detached' })
  })

  it('the default has no Delete and the API refuses it (409); a project configuration is deleted after the question', async () => {
    const fallback = await ensureDefault()
    const project = await freeProject()
    const made = await call<{ config: CommissionConfig }>('POST', '/api/commission/configs', { projectId: project._id })
    expect(made.status).toBeLessThan(300)
    await page.goto(`${baseUrl}/commission`)
    const defaultCard = page.locator(`[data-testid="commission-card"][data-id="${fallback._id}"]`)
    await defaultCard.getByText('Default Configuration').waitFor()
    await defaultCard.locator('[data-command="commission.edit"]').waitFor()
    expect(await defaultCard.locator('[data-command="commission.delete"]').count()).toBe(0)
    const refused = await call('DELETE', `/api/commission/configs/${fallback._id}`)
    expect(refused.status).toBe(409)

    await page.getByRole('searchbox', { name: 'Search configurations' }).fill(project.title)
    const card = page.locator(`[data-testid="commission-card"][data-id="${made.json.config._id}"]`)
    await card.locator('[data-command="commission.delete"]').click()
    const question = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this configuration?' })
    await question.waitFor()
    await question.getByRole('button', { name: 'Cancel' }).click()
    await question.waitFor({ state: 'detached' })
    await card.locator('[data-command="commission.delete"]').click()
    await question.getByRole('button', { name: 'Delete' }).click()
    await card.waitFor({ state: 'detached' })
    expect(
      (await call('GET', `/api/commission/configs?search=${encodeURIComponent(project.title)}`)).json.configs.some(
        (c: CommissionConfig) => c._id === made.json.config._id,
      ),
    ).toBe(false)
  })

  it('Default Config and Statistics tabs, switched with 2 and 3', async () => {
    await ensureDefault()
    await page.goto(`${baseUrl}/commission`)
    await page.getByTestId('commission-card').first().waitFor()
    await page.keyboard.press('2')
    await page.waitForURL(`${baseUrl}/commission?tab=default`)
    await page.getByTestId('default-form').waitFor()
    await both(page, 'commission-default')
    await page.keyboard.press('3')
    await page.waitForURL(`${baseUrl}/commission?tab=stats`)
    await page.getByTestId('commission-distribution').waitFor()
    const { json } = await call<{ stats: { revenue: { totalRevenue: number; totalOrders: number } } }>(
      'GET',
      '/api/commission/stats',
    )
    expect(await page.getByTestId('total-revenue').textContent()).toBe(formatINR(json.stats.revenue.totalRevenue))
    await both(page, 'commission-stats')
  })

  it('a failed load shows the error with Retry', async () => {
    await page.route('**/api/commission/configs?*', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Configs are down' } }),
    )
    await page.goto(`${baseUrl}/commission`)
    await page.getByText('Failed to load commission configurations: Configs are down').waitFor()
    await page.unroute('**/api/commission/configs?*')
    await page.locator('[data-command="app.retry"]').click()
    await page.getByTestId('commission-card').first().waitFor()
  })
})
