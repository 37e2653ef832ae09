/**
 * Projects end to end: keyboard-only triage of three pending projects (approve, under review via
 * the palette, reject), then badges, history entries and list filters; section edits with a
 * cancelled third; deletes from the list and from the detail page; screenshots light and dark.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { apiGet, apiRequest, launchBrowser, screenshot } from './browser'
import { adminAccessToken, adminTokens, openSignedInPage } from './session'

const baseUrl = inject('baseUrl')
const rowSel = '[data-testid="project-row"]'
const NOTES = {
  approved: 'Clean build, licence checked',
  under_review: 'Checking the payment module',
  rejected: 'Source does not build',
}
type Triaged = Record<keyof typeof NOTES, string>

/** Calls the API with the admin's access token; expects 2xx and returns the JSON body. */
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)

/** Three pending projects set to approved, under review and rejected through the API, with NOTES. */
async function triageThroughApi(): Promise<Triaged> {
  const { projects } = await api('GET', '/api/projects?includeInactive=true&verificationStatus=pending&limit=3')
  expect(projects).toHaveLength(3)
  const triaged = { approved: projects[0]._id, under_review: projects[1]._id, rejected: projects[2]._id } as Triaged
  for (const [status, id] of Object.entries(triaged) as Array<[keyof Triaged, string]>) {
    await api('PUT', `/api/projects/${id}/verify`, { status, notes: NOTES[status] })
  }
  return triaged
}

describe('projects and the verification queue', () => {
  let browser: Browser
  let page: Page

  const focusedId = async () => (await page.locator(`${rowSel}[data-active]`).getAttribute('data-id'))!
  const waitGone = (id: string) => page.locator(`${rowSel}[data-id="${id}"]`).waitFor({ state: 'detached' })
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor()

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  // Each test starts from a fresh signed-in page and makes the records it needs.
  beforeEach(async () => {
    page = await openSignedInPage(browser, await adminTokens())
  })
  afterEach(async () => {
    await page.context().close()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('triages three pending projects with the keyboard only', async () => {
    const triaged = {} as Triaged
    await page.goto(`${baseUrl}/projects?verification=pending`)
    await page.locator(rowSel).first().waitFor()
    expect(await page.locator(rowSel).count()).toBeGreaterThanOrEqual(3)

    // j/k move the focus row.
    await page.keyboard.press('j')
    await page.keyboard.press('k')
    triaged.approved = await focusedId()
    await page.keyboard.press('a')
    await page.getByRole('dialog').getByText('Approval notes (optional)').waitFor()
    await page.keyboard.type(NOTES.approved)
    await page.keyboard.press('Control+Enter')
    await toast('Project status updated to approved')
    await waitGone(triaged.approved)

    triaged.under_review = await focusedId()
    await page.keyboard.press('Control+k')
    await page.keyboard.type('Mark under review')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').getByText('Notes', { exact: true }).waitFor()
    await page.keyboard.type(NOTES.under_review)
    await page.keyboard.press('Control+Enter')
    await toast('Project status updated to under review')
    await waitGone(triaged.under_review)

    triaged.rejected = await focusedId()
    await page.keyboard.press('r')
    await page.getByRole('dialog').getByText('Reason for rejection').waitFor()
    await page.keyboard.type(NOTES.rejected)
    await page.keyboard.press('Control+Enter')
    await toast('Project status updated to rejected')
    await waitGone(triaged.rejected)
    await screenshot(page, 'projects-list-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'projects-list-dark')
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('shows the badges, the history entries and the list filters', async () => {
    const triaged = await triageThroughApi()
    for (const [status, id] of Object.entries(triaged) as Array<[keyof Triaged, string]>) {
      await page.goto(`${baseUrl}/projects/${id}`)
      await page.getByTestId('project-detail').waitFor()
      await page.locator(`.project-detail__heading [data-status="${status}"]`).waitFor()
      const entry = page.getByTestId('history-entry').first()
      await entry.waitFor()
      expect(await entry.getAttribute('data-status')).toBe(status)
      expect(await entry.textContent()).toContain(NOTES[status])
      expect(await entry.textContent()).toContain('Pending')
    }
    for (const [status, id] of Object.entries(triaged)) {
      // The list mounts only the rows in view: the title's search brings the triaged one there.
      const {
        project: { title },
      } = await api('GET', `/api/projects/${id}`)
      await page.goto(`${baseUrl}/projects?verification=${status}&search=${encodeURIComponent(title)}`)
      await page.locator(`${rowSel}[data-id="${id}"]`).waitFor()
      await page.goto(`${baseUrl}/projects?verification=${status}&limit=100`)
      await page.locator(rowSel).first().waitFor()
      const statuses = await page
        .locator(`${rowSel} [data-testid="verification-badge"]`)
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
      expect(new Set(statuses)).toEqual(new Set([status]))
    }
    // The filter controls write the URL, so the view can be bookmarked.
    await page.getByRole('combobox', { name: 'Verification filter' }).click()
    await page.getByRole('option', { name: 'Rejected' }).click()
    await page.waitForURL(/verification=rejected/)
    await page.locator(`${rowSel}[data-id="${triaged.rejected}"]`).waitFor()
  })

  it('edits two sections, cancels a third, and the detail page survives a reload', async () => {
    const id = (await triageThroughApi()).approved
    await page.goto(`${baseUrl}/projects/${id}`)
    const description = page.getByTestId('section-description')
    await description.getByRole('button', { name: 'Edit' }).click()
    await description.getByLabel('Title').fill('Triage Suite Pro')
    await description.getByText(/\d+\/2000/).waitFor()
    await description.getByRole('button', { name: 'Save' }).click()
    await description.getByText('Triage Suite Pro').waitFor()

    const tags = page.getByTestId('section-tags')
    await tags.getByRole('button', { name: 'Edit' }).click()
    await tags.getByRole('textbox').fill('keyboard, triage, , e2e')
    await tags.getByRole('button', { name: 'Save' }).click()
    await tags.getByText('triage', { exact: true }).waitFor()

    const links = page.getByTestId('section-links')
    const before = await links.innerText()
    await links.getByRole('button', { name: 'Edit' }).click()
    // One section at a time: the others' Edit buttons are disabled meanwhile.
    expect(await tags.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true)
    await links.getByRole('textbox').fill('changed.example.com')
    await links.getByRole('button', { name: 'Cancel' }).click()
    expect(await links.innerText()).toBe(before)

    await page.reload()
    await page.getByRole('heading', { name: 'Triage Suite Pro' }).first().waitFor()
    expect(await page.getByTestId('section-tags').textContent()).toContain('e2e')

    // Owner: the searchable picker finds users by e-mail through GET /api/users.
    const owner = page.getByTestId('section-owner')
    await owner.getByRole('button', { name: 'Edit' }).click()
    await owner.getByPlaceholder('Name or e-mail').fill('admin@example.com')
    await owner.getByRole('button', { name: /admin@example\.com/ }).click()
    await owner.getByRole('button', { name: 'Save' }).click()
    await owner.getByRole('button', { name: 'Edit' }).waitFor()
    expect(await owner.innerText()).toContain('admin@example.com')
    await page.reload()
    await page.getByTestId('section-owner').getByText('admin@example.com').waitFor()
    await screenshot(page, 'project-detail-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'project-detail-dark')
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('deletes from the detail page and from the list', async () => {
    const triaged = await triageThroughApi()
    await page.goto(`${baseUrl}/projects/${triaged.rejected}`)
    await page.getByTestId('project-detail').waitFor()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByText('Are you sure you want to delete this project?').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await page.waitForURL(`${baseUrl}/projects`)
    await toast('Project deleted successfully')
    await page.goto(`${baseUrl}/projects/${triaged.rejected}`)
    await page.getByText('Project not found').waitFor()

    await page.goto(`${baseUrl}/projects?verification=under_review`)
    await page.locator(`${rowSel}[data-id="${triaged.under_review}"]`).waitFor()
    await page.locator(`${rowSel}[data-id="${triaged.under_review}"]`).getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Are you sure you want to delete this project?').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await toast('Project deleted successfully')
    await waitGone(triaged.under_review)
  })

  it('jumps to a project by title from the palette', async () => {
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor()
    const target = (
      await apiGet<{ projects: { _id: string; title: string }[] }>(page, baseUrl, '/api/projects?limit=1&page=3')
    ).projects[0]
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Command palette' }).fill(target.title)
    const item = page
      .getByRole('option', { name: new RegExp(target.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
    await item.waitFor()
    await item.click()
    await page.waitForURL(`${baseUrl}/projects/${target._id}`)
    await page.getByRole('heading', { name: target.title }).first().waitFor()
  })

  it('prefetches the next page and the focused project, so Next and Enter show at once', async () => {
    // Every projects API answer the page has had, from the start: a prefetch may finish before
    // the test knows which id to look for.
    const answered: string[] = []
    page.on('requestfinished', (r) => answered.push(new URL(r.url()).pathname + new URL(r.url()).search))
    await page.goto(`${baseUrl}/projects`)
    await page.locator(`${rowSel}[data-active]`).waitFor()
    await expect.poll(() => answered.some((u) => /^\/api\/projects\?.*page=2/.test(u))).toBe(true)
    const first = await focusedId()
    const ids = await page
      .locator(rowSel)
      .evaluateAll((els) =>
        els
          .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
          .map((e) => e.getAttribute('data-id')!),
      )
    const id = ids[ids.indexOf(first) + 1]
    await page.keyboard.press('j')
    await expect.poll(focusedId).toBe(id)
    await expect.poll(() => answered.includes(`/api/projects/${id}`)).toBe(true)
    const { project } = await api('GET', `/api/projects/${id}`)

    // From here no projects API call is answered until the checks are done: whatever shows came
    // from the prefetched cache.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/projects**', async (route) => {
      await held
      await route.continue().catch(() => {})
    })
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/projects/${id}`)
    await page.getByRole('heading', { name: project.title }).first().waitFor()
    await page.goBack()
    await page.locator(`${rowSel}[data-id="${id}"]`).waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText(/Page 2 of/).waitFor()
    // The second page's own rows, not the first page's kept on screen while it loads.
    const secondPage = await page.locator(rowSel).evaluateAll((els) => els.map((e) => e.getAttribute('data-id')!))
    expect(secondPage.length).toBeGreaterThan(0)
    expect(secondPage.filter((x) => ids.includes(x))).toEqual([])
    release()
    await page.unroute('**/api/projects**')
    // The same pages from the keyboard: [ and ] run the commands behind Previous and Next.
    await page.keyboard.press('[')
    await page.getByText(/Page 1 of/).waitFor()
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true)
    await page.keyboard.press(']')
    await page.getByText(/Page 2 of/).waitFor()
    expect(page.url()).toContain('page=2')
  })
})
