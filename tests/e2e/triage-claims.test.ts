/**
 * Triage claims end to end (decision 043): two moderators (two admin accounts, two browser
 * contexts) start triage of one category at the same time, decide with keys, and never see the
 * same project; the projects list in one moderator's browser says "<name> is reviewing" for the
 * project the other has on screen, and deciding that project from the project page or from the
 * list asks first.
 * Screenshots of triage and the list badge, light and dark, at 1440 and 1280 px.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, launchBrowser, screenshot } from './browser'
import { freshAdminTokens, openSignedInPage, signInByApi, type TokenPair } from './session'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const run = Date.now().toString(36)

describe('triage claims', () => {
  let browser: Browser
  let adminTokens: TokenPair
  let bTokens: TokenPair
  const bName = `Bina ${run}`
  const apiAs = (tokens: TokenPair, method: string, apiPath: string, body?: object) =>
    apiRequest(baseUrl, tokens.accessToken, method, apiPath, body)
  const api = (method: string, apiPath: string, body?: object) => apiAs(adminTokens, method, apiPath, body)

  async function projectsIn(category: string, n: number): Promise<string[]> {
    const ids: string[] = []
    for (let i = 0; i < n; i++) {
      const { project } = await api('POST', '/api/projects/create', {
        title: `${category} #${i}`,
        description: `Project ${i} to triage`,
        category,
      })
      ids.push(project._id)
    }
    return ids
  }

  beforeAll(async () => {
    adminTokens = await freshAdminTokens(dataDir)
    const email = `bina.${run}@example.in`
    await api('POST', '/api/users', { name: bName, email, isAdmin: true })
    bTokens = await signInByApi(baseUrl, inject('mailDir'), email)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  /** The project a triage page shows once it holds its claim, or null when the queue is clear. */
  async function shown(page: Page): Promise<string | null> {
    const screen = page.locator('[data-testid="triage"][data-step="showing"], [data-testid="triage"][data-step="done"]')
    await screen.waitFor()
    if ((await screen.getAttribute('data-step')) === 'done') return null
    const project = page.getByTestId('triage-project')
    await project.waitFor()
    return project.getAttribute('data-project-id')
  }

  /** Approves (key 1) whatever the page shows until its queue is clear; answers the ids shown, in order. */
  async function approveAll(page: Page): Promise<string[]> {
    const seen: string[] = []
    for (let id = await shown(page); id; id = await shown(page)) {
      seen.push(id)
      await page.keyboard.press('1')
      // Wait for this project to leave the screen before reading the next one.
      await page.locator(`[data-testid="triage-project"][data-project-id="${id}"]`).waitFor({ state: 'detached' })
    }
    return seen
  }

  it('two moderators starting triage at once never see the same project', async () => {
    const category = `Claims ${run}`
    const ids = await projectsIn(category, 6)
    const [a, b] = await Promise.all([openSignedInPage(browser, adminTokens), openSignedInPage(browser, bTokens)])
    try {
      const url = `${baseUrl}/projects/triage?category=${encodeURIComponent(category)}`
      await Promise.all([a.goto(url), b.goto(url)])
      const [first, second] = await Promise.all([shown(a), shown(b)])
      expect(first).not.toBeNull()
      expect(second).not.toBeNull()
      expect(first).not.toBe(second)
      const [seenA, seenB] = await Promise.all([approveAll(a), approveAll(b)])
      expect(seenA.filter((id) => seenB.includes(id))).toEqual([])
      expect([...seenA, ...seenB].sort()).toEqual([...ids].sort())
      for (const id of ids)
        expect((await api('GET', `/api/projects/${id}`)).project.verificationStatus).toBe('approved')
      expect(
        (await api('GET', '/api/admin/triage/claims')).claims.filter((c: { projectId: string }) =>
          ids.includes(c.projectId),
        ),
      ).toEqual([])
    } finally {
      await a.context().close()
      await b.context().close()
    }
  })

  it("shows '<name> is reviewing' on the other moderator's project in the list, and deciding it from its page asks first", async () => {
    const category = `Claimed ${run}`
    const [id] = await projectsIn(category, 1)
    const [a, b] = await Promise.all([openSignedInPage(browser, adminTokens), openSignedInPage(browser, bTokens)])
    try {
      await b.goto(`${baseUrl}/projects/triage?category=${encodeURIComponent(category)}`)
      expect(await shown(b)).toBe(id)
      for (const [width, scheme] of [
        [1440, 'light'],
        [1440, 'dark'],
        [1280, 'light'],
        [1280, 'dark'],
      ] as const) {
        await b.setViewportSize({ width, height: 900 })
        await b.emulateMedia({ colorScheme: scheme })
        await screenshot(b, `triage-claims-triage-${scheme}-${width}`)
      }

      await a.goto(`${baseUrl}/projects?search=${encodeURIComponent(category)}`)
      const row = a.getByTestId('project-row').filter({ hasText: `${category} #0` })
      const badge = row.getByTestId('claim-badge')
      await badge.waitFor()
      expect(await badge.innerText()).toBe(`${bName} is reviewing`)
      for (const [width, scheme] of [
        [1440, 'light'],
        [1440, 'dark'],
        [1280, 'light'],
        [1280, 'dark'],
      ] as const) {
        await a.setViewportSize({ width, height: 900 })
        await a.emulateMedia({ colorScheme: scheme })
        await screenshot(a, `triage-claims-list-${scheme}-${width}`)
      }
      await a.emulateMedia({ colorScheme: 'light' })

      await a.goto(`${baseUrl}/projects/${id}`)
      await a.getByTestId('project-detail').getByTestId('claim-badge').waitFor()
      await a.getByTestId('verification-panel').waitFor()
      await a.getByRole('combobox', { name: 'New status' }).click()
      await a.getByRole('option', { name: 'Approved' }).click()
      await a.getByTestId('quick-status').getByLabel('Notes').fill('Decided from the project page')
      await a.locator('[data-command="projects.verification.update"]').click()
      const dialog = a.getByRole('dialog', { name: 'Decide anyway?' })
      await dialog.waitFor()
      expect(await dialog.innerText()).toContain(`${bName} is reviewing this project. Decide anyway?`)
      await screenshot(a, 'triage-claims-decide-anyway-light-1280')
      expect((await api('GET', `/api/projects/${id}`)).project.verificationStatus).toBe('pending')

      await dialog.locator('[data-command="projects.verification.decideAnyway"]').click()
      await a.getByTestId('verification-success').waitFor()
      expect((await api('GET', `/api/projects/${id}`)).project.verificationStatus).toBe('approved')
      // The decision ended B's claim: the badge goes.
      expect(
        (await api('GET', '/api/admin/triage/claims')).claims.filter((c: { projectId: string }) => c.projectId === id),
      ).toEqual([])
    } finally {
      await a.context().close()
      await b.context().close()
    }
  })

  it("approving from the projects list a project another moderator holds asks 'Decide anyway?' first; Escape changes nothing, the palette answers it", async () => {
    const category = `Listed ${run}`
    const [id] = await projectsIn(category, 1)
    await apiAs(bTokens, 'POST', `/api/admin/triage/projects/${id}/claim`)
    const a = await openSignedInPage(browser, adminTokens)
    try {
      await a.goto(`${baseUrl}/projects?search=${encodeURIComponent(category)}`)
      const row = a.getByTestId('project-row').filter({ hasText: `${category} #0` })
      await row.getByTestId('claim-badge').waitFor()
      await a.locator('body').click({ position: { x: 5, y: 5 } })
      await a.keyboard.press('j')
      await a.keyboard.press('a')
      const dialog = a.getByRole('dialog', { name: 'Decide anyway?' })
      await dialog.waitFor()
      expect(await dialog.innerText()).toContain(`${bName} is reviewing this project. Decide anyway?`)
      await screenshot(a, 'triage-claims-list-decide-anyway-light-1440')
      await a.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect((await api('GET', `/api/projects/${id}`)).project.verificationStatus).toBe('pending')

      // The palette answers the question too: its answers are commands, like the dialog's buttons.
      await a.keyboard.press('a')
      await dialog.waitFor()
      await a.keyboard.press('Control+k')
      await a.getByTestId('command-palette').waitFor()
      await a.keyboard.type('Decide anyway')
      await a
        .getByRole('option', { name: /Decide anyway/ })
        .first()
        .waitFor()
      await a.keyboard.press('Enter')
      const prompt = a.getByRole('dialog', { name: 'Approve project' })
      await prompt.waitFor()
      await prompt.getByRole('button', { name: 'Approve' }).click()
      await expect
        .poll(async () => (await api('GET', `/api/projects/${id}`)).project.verificationStatus)
        .toBe('approved')
    } finally {
      await a.context().close()
    }
  })

  it('leaving triage releases the claim', async () => {
    const category = `Released ${run}`
    const [id] = await projectsIn(category, 1)
    const b = await openSignedInPage(browser, bTokens)
    try {
      await b.goto(`${baseUrl}/projects/triage?category=${encodeURIComponent(category)}`)
      expect(await shown(b)).toBe(id)
      const holders = async () =>
        (await api('GET', '/api/admin/triage/claims')).claims
          .filter((c: { projectId: string }) => c.projectId === id)
          .map((c: { moderator: { name: string } }) => c.moderator.name)
      expect(await holders()).toEqual([bName])
      await b.keyboard.press('Escape')
      await b.getByTestId('projects-list').waitFor()
      await expect.poll(holders).toEqual([])
    } finally {
      await b.context().close()
    }
  })
})
