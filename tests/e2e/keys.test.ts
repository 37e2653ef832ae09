/**
 * Keys end to end: no shortcut fires while typing in the projects search box; with the
 * single-key preference off (Settings → Keyboard, saved on the server) 'j' and 'g d' do nothing
 * while Ctrl+K still opens the palette; the hint bar shows the list's keys and hides from the
 * palette; focus goes back where it was after the palette and the '?' sheet close, the focus row
 * unchanged; the focused row stays on its project when a refetch moves it.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const run = Date.now().toString(36)
let seeded = 0
/** Three new projects whose titles start with a fresh prefix (their search), oldest first; the prefix. */
async function seed(): Promise<string> {
  const prefix = `Keys ${run} ${++seeded}`
  for (const n of ['a', 'b', 'c'])
    await api('POST', '/api/projects/create', { title: `${prefix} ${n}`, description: 'A project for the key tests' })
  return prefix
}
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)

describe('keys', () => {
  let page: Page
  const rows = () => page.locator('[data-testid="project-row"]')
  const activeId = () => page.locator('[data-testid="project-row"][data-active]').getAttribute('data-id')
  const rowIds = async () =>
    rows().evaluateAll((els) =>
      els
        .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((e) => e.getAttribute('data-id')),
    )
  const openList = async (prefix: string, count = 3) => {
    await page.goto(`${baseUrl}/projects?search=${encodeURIComponent(prefix)}`)
    await expect.poll(async () => rows().count()).toBe(count)
    await page.locator('[data-testid="project-row"][data-active]').waitFor()
  }
  /** Presses j and waits for the focus row to reach the next row; its id. */
  const focusNext = async () => {
    const ids = await rowIds()
    const next = ids[ids.indexOf(await activeId()) + 1]
    await page.keyboard.press('j')
    await expect.poll(activeId).toBe(next)
    return next
  }

  signedInPagePerTest((p) => {
    page = p
  })

  afterAll(async () => {
    await api('PUT', '/api/admin/preferences', { singleKeyShortcuts: true })
  })

  it('no shortcut fires while typing in the search box: j, x and g d are text', async () => {
    const prefix = await seed()
    await openList(prefix)
    const before = await activeId()
    const search = page.getByRole('searchbox', { name: 'Search projects' })
    await search.click()
    await search.press('End')
    for (const key of [' ', 'j', 'x', 'g', 'd']) await page.keyboard.press(key)
    await expect.poll(() => search.inputValue()).toBe(`${prefix} jxgd`)
    expect(new URL(page.url()).pathname).toBe('/projects')
    expect(await page.locator('[data-testid="project-row"][aria-selected="true"]').count()).toBe(0)
    // Back to the three rows: the focus row never moved.
    await search.fill(prefix)
    await expect.poll(async () => rows().count()).toBe(3)
    expect(await activeId()).toBe(before)
    // Escape leaves the field; then the same keys act.
    await page.keyboard.press('Escape')
    await page.locator('body').click({ position: { x: 5, y: 890 } })
    await page.keyboard.press('j')
    await expect.poll(activeId).not.toBe(before)
  })

  it('single-key shortcuts off: j and g d do nothing, Ctrl+K still opens the palette', async () => {
    await page.goto(`${baseUrl}/settings?tab=keyboard`)
    const toggle = page.getByRole('switch', { name: 'Single-key shortcuts' })
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')
    await screenshot(page, 'keys-settings-keyboard-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'keys-settings-keyboard-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await toggle.click()
    await page.getByTestId('toast').filter({ hasText: 'Single-key shortcuts are off' }).first().waitFor()
    expect((await api('GET', '/api/admin/preferences')).preferences.singleKeyShortcuts).toBe(false)

    await openList(await seed())
    const before = await activeId()
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await page.keyboard.press('g')
    await page.keyboard.press('d')
    await page.keyboard.press('Shift+?')
    // Keys are handled in order: once Ctrl+K's palette is open, the keys before it have had their say.
    await page.keyboard.press('Control+k')
    await page.getByTestId('command-palette').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('command-palette').waitFor({ state: 'detached' })
    expect(await activeId()).toBe(before)
    expect(await page.locator('[data-testid="project-row"][aria-selected="true"]').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/projects')
    expect(await page.getByTestId('shortcuts-sheet').count()).toBe(0)
    // The hint bar lists only what still acts (Enter opens), not J.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="hint-bar"] [data-hint]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-hint'))),
      )
      .toContain('projects.open')
    expect(await page.locator('[data-hint="projects.focusNext"]').count()).toBe(0)

    // Back on from the palette: the switch's command, on the Keyboard tab.
    await page.goto(`${baseUrl}/settings?tab=keyboard`)
    const again = page.getByRole('switch', { name: 'Single-key shortcuts' })
    // The saved preference, once loaded: off.
    await expect.poll(() => again.getAttribute('aria-checked')).toBe('false')
    await again.click()
    await page.getByTestId('toast').filter({ hasText: 'Single-key shortcuts are on' }).first().waitFor()
    expect((await api('GET', '/api/admin/preferences')).preferences.singleKeyShortcuts).toBe(true)
  })

  it("the hint bar shows the list's keys, and the palette hides and shows it", async () => {
    await openList(await seed())
    const bar = page.getByTestId('hint-bar')
    const hints = () => bar.locator('[data-hint]').evaluateAll((els) => els.map((e) => e.getAttribute('data-hint')))
    await expect
      .poll(hints)
      .toEqual(
        expect.arrayContaining([
          'projects.focusNext',
          'projects.focusPrev',
          'projects.toggleSelect',
          'projects.open',
          'projects.approve',
        ]),
      )
    expect(await hints()).not.toContain('nav.dashboard')
    expect(await bar.textContent()).toMatch(/J.*Next project.*K.*Previous project/)
    await screenshot(page, 'keys-hint-bar-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'keys-hint-bar-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    const toggleFromPalette = async () => {
      await page.keyboard.press('Control+k')
      await page.getByTestId('command-palette').waitFor()
      await page.keyboard.type('key hints')
      await page.getByTestId('command-app.toggleHints').waitFor()
      await page.keyboard.press('Enter')
      await page.getByTestId('command-palette').waitFor({ state: 'detached' })
    }
    await toggleFromPalette()
    await bar.waitFor({ state: 'detached' })
    await toggleFromPalette()
    await bar.waitFor()

    // A detail page shows its own keys, not the list's.
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/projects\/[\w-]+$/)
    await expect.poll(hints).not.toContain('projects.focusNext')
  })

  it("focus goes back after the palette and the '?' sheet close; the focus row stays", async () => {
    await openList(await seed())
    const focused = await focusNext()
    // From the search field (Ctrl+K acts there): focus comes back to it.
    const search = page.getByRole('searchbox', { name: 'Search projects' })
    await search.focus()
    await page.keyboard.press('Control+k')
    await page.getByTestId('command-palette').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('command-palette').waitFor({ state: 'detached' })
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await activeId()).toBe(focused)

    // From the header's palette button, by click.
    await page.getByTestId('open-palette').click()
    await page.getByTestId('command-palette').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('open-palette').evaluate((el) => el === document.activeElement)).toBe(true)

    // '?' from the list (nothing focused): the sheet lists this screen first; closing leaves the row as it was.
    await page.locator('body').click({ position: { x: 5, y: 890 } })
    await page.keyboard.press('Shift+?')
    const sheet = page.getByTestId('shortcuts-sheet')
    await sheet.waitFor()
    expect(await sheet.locator('section[data-group]').first().getAttribute('data-group')).toBe('This screen')
    expect(
      await sheet.locator('section[data-group="This screen"] [data-command-row="projects.focusNext"]').count(),
    ).toBe(1)
    await screenshot(page, 'keys-shortcuts-sheet-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'keys-shortcuts-sheet-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.getByTestId('shortcuts-search').fill('go to orders')
    await expect
      .poll(() =>
        sheet.locator('[data-command-row]').evaluateAll((els) => els.map((e) => e.getAttribute('data-command-row'))),
      )
      .toEqual(['nav.orders'])
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })
    expect(await activeId()).toBe(focused)
    await page.keyboard.press('j')
    await expect.poll(activeId).not.toBe(focused)
  })

  it('the focused row stays on its project when a refetch moves it', async () => {
    const prefix = await seed()
    await openList(prefix)
    const focused = await focusNext()
    const index = (await rowIds()).indexOf(focused)
    // A newer project matching the search, then a change that refetches the list (e: deactivate the focused one).
    await api('POST', '/api/projects/create', {
      title: `${prefix} d`,
      description: 'A project created while the list is open',
    })
    await page.keyboard.press('e')
    await expect.poll(async () => rows().count()).toBe(4)
    const ids = await rowIds()
    expect(ids.indexOf(focused)).not.toBe(index)
    expect(await activeId()).toBe(focused)
  })
})
