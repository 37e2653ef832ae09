/**
 * Undo end to end (docs/decisions/014-undo.md): a bulk deactivation of two users undone
 * with Ctrl+Z from its toast (both active again, on the screen and on the server); a verification
 * decision on the projects list undone with `u` from its toast (the project pending again and its
 * history entry gone, through the API).
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { apiRequest } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const run = Date.now().toString(36)
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)

describe('undo from the toast', () => {
  let page: Page
  const undoToast = () => page.locator('[data-testid="toast"][data-undo]')
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor()

  signedInPagePerTest((p) => {
    page = p
  })

  it('a bulk deactivation of users is undone with Ctrl+Z', async () => {
    const ids: string[] = []
    for (const n of ['a', 'b']) {
      ids.push(
        (await api('POST', '/api/users', { name: `Undo ${run} ${n}`, email: `undo-${run}-${n}@example.com` })).user._id,
      )
    }
    await page.goto(`${baseUrl}/users?search=${encodeURIComponent(`Undo ${run}`)}`)
    const rows = page.locator('[data-testid="user-row"]')
    await rows.nth(1).waitFor()
    await page.keyboard.press('x')
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await page.keyboard.press('Shift+D')
    await undoToast().filter({ hasText: '2 users deactivated successfully' }).waitFor()
    expect(await undoToast().getByTestId('undo-countdown').textContent()).toMatch(/Undo within (10|9|8) s/)
    for (const id of ids) expect((await api('GET', `/api/users/${id}`)).user.isActive).toBe(false)

    await page.keyboard.press('Control+z')
    await toast('Undone: 2 users restored')
    await undoToast().waitFor({ state: 'detached' })
    for (const id of ids) expect((await api('GET', `/api/users/${id}`)).user.isActive).toBe(true)
    await expect
      .poll(async () => (await rows.getByTestId('status-cell').allTextContents()).map((t) => t.trim()))
      .toEqual(['Active', 'Active'])
  })

  it('a verification decision is undone with u from its toast', async () => {
    const title = `Undo decision ${run}`
    const { project } = await api('POST', '/api/projects/create', { title, description: 'A project to decide on' })
    await page.goto(`${baseUrl}/projects?search=${encodeURIComponent(title)}`)
    const row = page.locator(`[data-testid="project-row"][data-id="${project._id}"]`)
    await row.waitFor()
    await page.keyboard.press('j')
    await page.keyboard.press('r')
    await page.getByRole('dialog').waitFor()
    await page.keyboard.type('Does not build')
    await page.keyboard.press('Control+Enter')
    await undoToast().filter({ hasText: 'Project status updated to rejected' }).waitFor()
    expect((await api('GET', `/api/projects/${project._id}`)).project.verificationStatus).toBe('rejected')

    await page.keyboard.press('u')
    await toast('Undone: 1 project restored')
    const after = await api('GET', `/api/projects/${project._id}`)
    expect(after.project.verificationStatus).toBe('pending')
    expect((await api('GET', `/api/projects/${project._id}/verification-history`)).verificationHistory).toEqual([])
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/Pending/)
  })
})
