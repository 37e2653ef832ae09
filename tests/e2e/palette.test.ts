/**
 * End to end, the palette: its modes find a project (#), a user (@), an order ($) and a
 * screen (/), and a record opened comes back under Recent; 'appro' on /projects ranks Approve
 * first; Reject from the palette asks for the reason on its second page, a template picked by
 * number fills it in, Enter rejects the project (status and history on the server) and the
 * command is remembered in the admin's preferences.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { fillTemplate, type Preferences } from '../../src/api/schemas/preferences'
import { apiRequest, screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const run = Date.now().toString(36)
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)

describe('the command palette', () => {
  let page: Page
  signedInPagePerTest((p) => {
    page = p
  })

  const palette = () => page.getByTestId('command-palette')
  const openPalette = async () => {
    await page.keyboard.press('Control+k')
    await palette().getByRole('combobox').waitFor()
  }
  const onDashboard = async () => {
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
  }
  const selectedItem = () => palette().locator('[cmdk-item][aria-selected="true"]')

  it("'#' finds a project by its title, with the total; the project opened is listed under Recent", async () => {
    const title = `Palette Atlas ${run}`
    const { project } = await api('POST', '/api/projects/create', { title, description: 'A project the palette finds' })
    await onDashboard()
    await openPalette()
    await page.keyboard.type(`#atlas ${run}`)
    const item = palette().getByTestId('palette-item-open-project').filter({ hasText: title })
    await item.waitFor()
    // The answer to a shorter prefix typed on the way may list it too; the count settles on the full query's.
    await expect.poll(() => palette().getByTestId('palette-heading-projects').textContent()).toMatch(/Projects\s*1$/)
    await expect.poll(() => selectedItem().textContent()).toContain(title)
    await screenshot(page, 'palette-projects-light')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/projects/${project._id}`)
    await page.getByRole('heading', { name: title }).first().waitFor()

    await expect
      .poll(async () => ((await api('GET', '/api/admin/preferences')).preferences as Preferences).recentRecords[0])
      .toEqual({ kind: 'project', id: project._id, label: title })
    await onDashboard()
    await openPalette()
    const recent = palette().getByTestId('palette-recent-project').filter({ hasText: title })
    await recent.waitFor()
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'palette-recent-dark')
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it("a search's first result has its screen fetched before Enter, which then opens it", async () => {
    const title = `Palette Dwell ${run}`
    const { project } = await api('POST', '/api/projects/create', { title, description: 'A project dwelled on' })
    await onDashboard()
    const prefetched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `/api/projects/${project._id}`,
    )
    await openPalette()
    await page.keyboard.type(`#dwell ${run}`)
    await expect.poll(() => selectedItem().textContent()).toContain(title)
    // Sent with no key pressed: the first result is fetched as it shows.
    await prefetched
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/projects/${project._id}`)
    await page.getByRole('heading', { name: title }).first().waitFor()
  })

  it('a further result is fetched once dwelled on, and Enter opens it', async () => {
    const title = `Palette Further ${run}`
    const first = await api('POST', '/api/projects/create', { title: `${title} a`, description: 'First' })
    const second = await api('POST', '/api/projects/create', { title: `${title} b`, description: 'Second' })
    await onDashboard()
    await openPalette()
    await page.keyboard.type(`#further ${run}`)
    await palette().locator('[cmdk-item]').filter({ hasText: title }).nth(1).waitFor()
    const selectedTitle = async () =>
      ((await selectedItem().textContent()) ?? '').match(/Palette Further \w+ [ab]/)?.[0]
    const other = (await selectedTitle()) === `${title} a` ? second.project : first.project
    const prefetched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `/api/projects/${other._id}`,
    )
    await page.keyboard.press('ArrowDown')
    await expect.poll(selectedTitle).toBe(other.title)
    // Sent with no key pressed after the arrow: the dwell on the selected result.
    await prefetched
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/projects/${other._id}`)
  })

  it("'@' finds a user, '$' an order, '/' a screen", async () => {
    const { user } = await api('POST', '/api/users', {
      name: `Palette Mode ${run}`,
      email: `palette-mode-${run}@example.com`,
    })
    const {
      orders: [order],
    } = await api('GET', '/api/orders?limit=1')
    expect(order, 'the demo seed has orders').toBeTruthy()

    await onDashboard()
    await openPalette()
    await page.keyboard.type(`@palette-mode-${run}`)
    await palette()
      .getByTestId('palette-item-open-user')
      .filter({ hasText: `Palette Mode ${run}` })
      .waitFor()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/users/${user._id}`)

    await openPalette()
    await page.keyboard.type(`$${order.orderId}`)
    await palette().getByTestId('palette-item-open-order').filter({ hasText: order.orderId }).waitFor()
    await expect.poll(() => selectedItem().textContent()).toContain(order.orderId)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/orders' && url.searchParams.get('order') === order._id)

    await openPalette()
    await page.keyboard.type('/pay')
    await palette().getByTestId('palette-screen-payments').waitFor()
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'palette-screens-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/payments`)
  })

  it("'appro' on the Projects screen ranks Approve first", async () => {
    const title = `Palette Rank ${run}`
    await api('POST', '/api/projects/create', { title, description: 'Ranking' })
    await page.goto(`${baseUrl}/projects?search=${encodeURIComponent(title)}`)
    await page.locator('[data-testid="project-row"]').first().waitFor()
    await page.keyboard.press('j')
    await openPalette()
    await page.keyboard.type('appro')
    await palette().getByTestId('command-projects.approve').waitFor()
    const first = palette().locator('[cmdk-item]').first()
    expect(await first.getAttribute('data-testid')).toBe('command-projects.approve')
    expect(await selectedItem().getAttribute('data-testid')).toBe('command-projects.approve')
    expect(await palette().getByTestId('command-nav.orders').count()).toBe(0)
  })

  it('Reject from the palette: reason page, template 1, Enter rejects; Escape goes back; the command is remembered', async () => {
    const title = `Palette Reject ${run}`
    const { project } = await api('POST', '/api/projects/create', {
      title,
      description: 'To be rejected from the palette',
    })
    await page.goto(`${baseUrl}/projects?search=${encodeURIComponent(title)}`)
    await page.locator(`[data-testid="project-row"][data-id="${project._id}"]`).waitFor()
    await page.keyboard.press('j')
    await openPalette()
    await page.keyboard.type('reject')
    await expect.poll(() => selectedItem().getAttribute('data-testid')).toBe('command-projects.reject')
    await page.keyboard.press('Enter')
    const argument = palette().getByTestId('palette-argument')
    await argument.waitFor()
    expect(await palette().getByTestId('palette-breadcrumb').textContent()).toContain('Reject project')
    expect(await argument.textContent()).toContain(`Reason for rejecting ${title}`)

    // Escape goes back to the commands with the search kept; Enter opens the page again.
    await page.keyboard.press('Escape')
    await palette().getByRole('combobox').waitFor()
    expect(await palette().getByRole('combobox').inputValue()).toBe('reject')
    await page.keyboard.press('Enter')
    await argument.waitFor()

    // An empty reason is refused.
    await page.keyboard.press('Enter')
    await argument.getByRole('alert').filter({ hasText: 'Enter a reason for the rejection' }).waitFor()

    const { preferences } = (await api('GET', '/api/admin/preferences')) as { preferences: Preferences }
    const template = preferences.reasonTemplates.filter((t) => t.decisions.includes('rejected'))[0]
    const expected = fillTemplate(template.text, { title })
    await page.keyboard.press('1')
    await expect.poll(() => argument.getByTestId('palette-argument-text').inputValue()).toBe(expected)
    await screenshot(page, 'palette-reason-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'palette-reason-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.keyboard.press('Enter')
    await page.getByTestId('toast').filter({ hasText: 'Project status updated to rejected' }).first().waitFor()
    await palette().waitFor({ state: 'detached' })

    expect((await api('GET', `/api/projects/${project._id}`)).project.verificationStatus).toBe('rejected')
    const history = (await api('GET', `/api/projects/${project._id}/verification-history`)).verificationHistory
    expect(history.map((h: { status: string; notes: string }) => [h.status, h.notes])).toEqual([['rejected', expected]])
    expect(((await api('GET', '/api/admin/preferences')).preferences as Preferences).recentCommands[0]).toBe(
      'projects.reject',
    )
  })

  it('Assign owner on a project: the user page searches users (Backspace on empty text goes back); Enter saves the owner', async () => {
    const title = `Palette Owner ${run}`
    const { project } = await api('POST', '/api/projects/create', {
      title,
      description: 'Gets an owner from the palette',
    })
    const { user } = await api('POST', '/api/users', {
      name: `Palette Owner ${run}`,
      email: `palette-owner-${run}@example.com`,
    })
    await page.goto(`${baseUrl}/projects/${project._id}`)
    await page.getByRole('heading', { name: title }).first().waitFor()
    await openPalette()
    await page.keyboard.type('assign owner')
    await expect.poll(() => selectedItem().getAttribute('data-testid')).toBe('command-projects.owner.assign')
    await page.keyboard.press('Enter')
    const argument = palette().getByTestId('palette-argument')
    await argument.waitFor()
    await page.keyboard.press('Backspace')
    await argument.waitFor({ state: 'detached' })
    expect(await palette().getByRole('combobox').inputValue()).toBe('assign owner')
    await page.keyboard.press('Enter')
    await argument.waitFor()
    await page.keyboard.type(`palette-owner-${run}`)
    await argument
      .getByTestId('palette-argument-user')
      .filter({ hasText: `Palette Owner ${run}` })
      .waitFor()
    await page.keyboard.press('Enter')
    await palette().waitFor({ state: 'detached' })
    await expect
      .poll(async () => (await api('GET', `/api/projects/${project._id}`)).project.projectOwner?._id)
      .toBe(user._id)
  })

  it("the project page's 'Set verification status: Rejected' asks for the reason in the palette and rejects", async () => {
    const title = `Palette Detail ${run}`
    const { project } = await api('POST', '/api/projects/create', { title, description: 'Rejected from its page' })
    await page.goto(`${baseUrl}/projects/${project._id}`)
    await page.getByTestId('verification-panel').waitFor()
    await openPalette()
    await page.keyboard.type('set verification status: rej')
    await expect.poll(() => selectedItem().getAttribute('data-testid')).toBe('command-projects.verification.rejected')
    await page.keyboard.press('Enter')
    const argument = palette().getByTestId('palette-argument')
    await argument.waitFor()
    expect(await argument.textContent()).toContain(`Reason for rejecting ${title}`)
    await page.keyboard.type('Copied from a public repository')
    await page.keyboard.press('Enter')
    await palette().waitFor({ state: 'detached' })
    await expect
      .poll(async () => (await api('GET', `/api/projects/${project._id}`)).project.verificationStatus)
      .toBe('rejected')
    const history = (await api('GET', `/api/projects/${project._id}/verification-history`)).verificationHistory
    expect(history.map((h: { status: string; notes: string }) => [h.status, h.notes])).toEqual([
      ['rejected', 'Copied from a public repository'],
    ])
  })
})
