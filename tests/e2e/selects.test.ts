/**
 * Selects whose options mount on first use (src/components/select.tsx): the closed trigger names
 * the selection from the address alone, typing on the focused trigger picks the option the
 * letter starts, and the opened menu lists every option with the selected one marked.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { signedInPagePerTest } from './session'

describe('filter selects', () => {
  let page: Page
  signedInPagePerTest((p) => {
    page = p
  })

  it('name the selection closed, pick by typing on the focused trigger, and list every option when opened', async () => {
    await page.goto(`${inject('baseUrl')}/projects?verification=rejected`)
    const trigger = page.getByRole('combobox', { name: 'Verification filter' })
    await expect.poll(() => trigger.textContent()).toBe('Rejected')
    expect(await page.getByRole('combobox', { name: 'Status filter' }).textContent()).toBe('All Status')

    await trigger.focus()
    await page.keyboard.press('p')
    await page.waitForURL(/verification=pending/)
    await expect.poll(() => trigger.textContent()).toBe('Pending')

    await page.keyboard.press('Enter')
    const options = page.getByRole('option')
    await options.first().waitFor()
    expect(await options.allTextContents()).toEqual([
      'All Verification',
      'Approved',
      'Pending',
      'Under Review',
      'Rejected',
      'Needs Changes',
    ])
    expect(await page.getByRole('option', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true')
    await page.getByRole('option', { name: 'Approved' }).click()
    await page.waitForURL(/verification=approved/)
    await expect.poll(() => trigger.textContent()).toBe('Approved')
  })
})
