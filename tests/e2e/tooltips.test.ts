/**
 * Icon buttons' tooltips (src/components/tooltip.tsx): a row's icon button carries no radix
 * tooltip until it is first pointed at or focused; then its tooltip names it and its key, whether
 * reached by the pointer or by focus, and focus stays on the button it was given to.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser'
import { adminTokens, openSignedInPage } from './session'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await openSignedInPage(browser, await adminTokens())
})
afterAll(async () => {
  await browser?.close()
})

/** The Power button of the projects list's row `n` (its tooltip: Activate or Deactivate, key). */
const powerOf = (n: number) => page.getByTestId('project-row').nth(n).locator('[data-command="projects.toggleActive"]')

describe('icon button tooltips', () => {
  it('mount on the first pointer and show the label and shortcut; focus arms them too and stays put', async () => {
    await page.goto(`${inject('baseUrl')}/projects`)
    await page.getByTestId('project-row').nth(2).waitFor()
    // Radix's trigger marks its element with data-state; an unarmed icon button has none (the row's checkbox has its own).
    expect(await page.locator('[data-testid="project-row"] button.btn--icon[data-state]').count()).toBe(0)

    const first = powerOf(0)
    const label = await first.getAttribute('aria-label')
    expect(label).toMatch(/^(Activate|Deactivate)/)
    await first.hover()
    const tip = page.getByRole('tooltip')
    await tip.filter({ hasText: label! }).waitFor()
    expect(await page.locator('.tooltip kbd').count()).toBeGreaterThan(0)
    // Only the button pointed at was armed.
    expect(await page.locator('[data-testid="project-row"] button.btn--icon[data-state]').count()).toBe(1)

    await page.mouse.move(5, 5)
    const second = powerOf(1)
    const secondLabel = await second.getAttribute('aria-label')
    await second.focus()
    await tip.filter({ hasText: secondLabel! }).waitFor()
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await second.getAttribute('data-state')).not.toBeNull()
  })
  it('a press made the moment the pointer arrives still clicks the button it lands on', async () => {
    await page.goto(`${inject('baseUrl')}/projects`)
    await page.getByTestId('project-row').nth(3).waitFor()
    const trash = page.getByTestId('project-row').nth(3).locator('[data-command="projects.delete"]')
    expect(await trash.getAttribute('data-state')).toBeNull()
    const box = (await trash.boundingBox())!
    // Enter, press and release with nothing in between, as a tap does.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.up()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })
})
