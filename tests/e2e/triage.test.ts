/**
 * Triage mode end to end: `t` on the Projects screen opens triage; ten pending projects
 * seeded through the API (in a category of their own, triaged with ?category=) are cleared with
 * keys only: approve (1), needs changes with a reason template (2, then 1), reject with typed notes
 * (3, e, typing), hold (h), skip (s), Escape out of the notes step, and one approval undone with `u`
 * from its toast, after which that project comes back and is decided again. Statuses and
 * verification history are then checked through the API, and the decisions found in the audit log.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const run = Date.now().toString(36)
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)

const TEMPLATES = [
  {
    id: 'e2e-readme',
    label: 'README missing',
    decisions: ['needs_changes'],
    text: 'Hi {owner}, please add a README to "{title}".',
  },
  {
    id: 'e2e-shots',
    label: 'Screenshots needed',
    decisions: ['needs_changes'],
    text: '"{title}" needs screenshots ({category}).',
  },
  {
    id: 'e2e-dup',
    label: 'Duplicate listing',
    decisions: ['rejected'],
    text: '"{title}" duplicates a listed project.',
  },
]

describe('triage mode', () => {
  let page: Page
  let savedTemplates: unknown
  const category = `Triage ${run}`
  const ids: string[] = []
  const title = (i: number) => `Triage ${run} #${i}`

  beforeAll(async () => {
    savedTemplates = (await api('GET', '/api/admin/preferences')).preferences.reasonTemplates
    await api('PUT', '/api/admin/preferences', { reasonTemplates: TEMPLATES })
    for (let i = 0; i < 10; i++) {
      const { project } = await api('POST', '/api/projects/create', {
        title: title(i),
        description: `Project ${i} to triage`,
        category,
      })
      ids.push(project._id)
    }
  })
  afterAll(async () => {
    await api('PUT', '/api/admin/preferences', { reasonTemplates: savedTemplates })
  })
  signedInPagePerTest((p) => {
    page = p
  })

  const showing = (i: number) => page.locator(`[data-testid="triage-project"][data-project-id="${ids[i]}"]`).waitFor()
  const step = (name: string) => page.locator(`[data-testid="triage"][data-step="${name}"]`).waitFor()
  const status = async (i: number) => (await api('GET', `/api/projects/${ids[i]}`)).project.verificationStatus
  const history = async (i: number) =>
    (await api('GET', `/api/projects/${ids[i]}/verification-history`)).verificationHistory as {
      status: string
      notes: string
    }[]

  it('t on the Projects screen opens triage', async () => {
    await page.goto(`${baseUrl}/projects`)
    await page.getByTestId('projects-list').waitFor()
    await page.keyboard.press('t')
    await page.getByTestId('triage').waitFor()
    expect(new URL(page.url()).pathname).toBe('/projects/triage')
  })

  it('edits the reason templates in Settings with keys: add, reorder, delete', async () => {
    await page.goto(`${baseUrl}/settings?tab=templates`)
    const rows = page.getByTestId('template-row')
    /** The rows' names in order, the focused one's, and whether Move up and Delete can run. */
    const shown = async () => ({
      labels: await rows.evaluateAll((els) => els.map((e) => e.children[1]?.textContent ?? '')),
      focused: await page
        .locator('[data-testid="template-row"][data-active]')
        .evaluateAll((els) => els.map((e) => e.children[1]?.textContent ?? '').join()),
      ready: await page
        .locator(
          '[data-command="settings.templates.moveUp"]:enabled, [data-command="settings.templates.delete"]:enabled',
        )
        .count()
        .then((n) => n === 2),
    })
    await expect.poll(() => rows.count()).toBe(TEMPLATES.length)
    await page.keyboard.press('n')
    await page.getByTestId('template-form').waitFor()
    await page.keyboard.type('Broken demo')
    await page.keyboard.press('Tab')
    await page.keyboard.type('The demo of "{title}" does not load.')
    await screenshot(page, 'reason-templates-form')
    await page.keyboard.press('Control+Enter')
    await page.getByTestId('template-form').waitFor({ state: 'detached' })
    const saved = async () =>
      (await api('GET', '/api/admin/preferences')).preferences.reasonTemplates.map((t: { label: string }) => t.label)
    await expect.poll(saved).toEqual([...TEMPLATES.map((t) => t.label), 'Broken demo'])
    // The screen's own state before each key: its list as saved, the focus on the new template,
    // and the key's command enabled (not waiting for a save).
    await expect.poll(shown).toEqual({
      labels: [...TEMPLATES.map((t) => t.label), 'Broken demo'],
      focused: 'Broken demo',
      ready: true,
    })
    await page.keyboard.press('Shift+K')
    await expect.poll(saved).toEqual(['README missing', 'Screenshots needed', 'Broken demo', 'Duplicate listing'])
    await expect.poll(shown).toEqual({
      labels: ['README missing', 'Screenshots needed', 'Broken demo', 'Duplicate listing'],
      focused: 'Broken demo',
      ready: true,
    })
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'reason-templates-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.keyboard.press('#')
    await expect
      .poll(async () =>
        (await api('GET', '/api/admin/preferences')).preferences.reasonTemplates.map((t: { id: string }) => t.id),
      )
      .toEqual(TEMPLATES.map((t) => t.id))
  })

  it('shows the queue figures on the dashboard', async () => {
    await page.goto(`${baseUrl}/`)
    await page.getByTestId('queue-figures').waitFor()
    const waiting = page.locator('[data-stat="queue-waiting"] .stat-card__value')
    await expect.poll(async () => (await waiting.textContent())?.trim()).toMatch(/^\d[\d,]*$/)
    const stats = (await api('GET', '/api/admin/triage/stats')).stats
    expect(stats.waiting).toBeGreaterThanOrEqual(0)
    await screenshot(page, 'dashboard-queue-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'dashboard-queue-dark')
  })

  it('shows the README and what changed since the last review', async () => {
    const repoCategory = `Triage repo ${run}`
    const { project } = await api('POST', '/api/projects/create', {
      title: `Repo ${run}`,
      description: 'With a repository',
      category: repoCategory,
      submissionMessage: 'Fixed the build, please look again',
    })
    const upload = async (files: Record<string, string>, n: number) => {
      const form = new FormData()
      for (const [p, text] of Object.entries(files)) form.append('files', new Blob([text]), p)
      for (const [key, value] of Object.entries({
        relativePaths: JSON.stringify(Object.keys(files)),
        uploadType: 'folder',
        projectId: project._id,
        uploadId: `triage-${run}-${n}`,
        chunkIndex: '0',
        totalChunks: '1',
        isFirstChunk: 'true',
        isLastChunk: 'true',
      }))
        form.append(key, value)
      await api('POST', '/api/upload/upload', form)
    }
    await upload({ 'README.md': '# Repo\nnpm start', 'app.js': 'one' }, 1)
    await api('PUT', `/api/projects/${project._id}/verify`, { status: 'needs_changes', notes: 'Add tests' })
    await upload({ 'README.md': '# Repo\nnpm test', 'app.test.js': 'test' }, 2)
    await api('PUT', `/api/projects/${project._id}`, { title: `Repo ${run} v2` })
    await api('PUT', `/api/projects/${project._id}/verify`, { status: 'pending', notes: 'Resubmitted' })

    await page.goto(`${baseUrl}/projects/triage?category=${encodeURIComponent(repoCategory)}`)
    await page.locator(`[data-testid="triage-project"][data-project-id="${project._id}"]`).waitFor()
    const changes = page.getByTestId('triage-changes')
    await changes.getByText('app.test.js').waitFor()
    expect(await page.locator('.triage-readme').textContent()).toContain('npm test')
    expect(await changes.getByRole('list', { name: 'Changed files' }).innerText()).toMatch(
      /modified\s+README\.md\s+deleted\s+app\.js\s+added\s+app\.test\.js/i,
    )
    expect(await changes.getByRole('table').innerText()).toContain(`Repo ${run} v2`)
    await page.getByText('Fixed the build, please look again').waitFor()
    await screenshot(page, 'triage-changes-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'triage-changes-dark')
  })

  it('clears a queue of ten projects with keys only, one decision undone', async () => {
    await page.goto(`${baseUrl}/projects/triage?category=${encodeURIComponent(category)}`)
    await showing(0)
    // The keys are shown on the controls.
    expect(await page.locator('[data-command="projects.triage.approve"]').textContent()).toContain('1')
    await page.keyboard.press('1') // approve #0
    await showing(1)
    await page.keyboard.press('2') // needs changes #1 with template 1
    await page.getByTestId('triage-notes').waitFor()
    await screenshot(page, 'triage-notes')
    await page.keyboard.press('1')
    await expect
      .poll(() => page.getByTestId('triage-notes-text').inputValue())
      .toBe(`Hi there, please add a README to "${title(1)}".`)
    await page.keyboard.press('Control+Enter')
    await showing(2)
    await page.keyboard.press('3') // reject #2 with typed notes
    await page.getByTestId('triage-notes').waitFor()
    await page.keyboard.press('e')
    await page.keyboard.type('Spam listing')
    await page.keyboard.press('Control+Enter')
    await showing(3)
    await page.keyboard.press('h') // hold #3
    await showing(4)
    await page.keyboard.press('s') // skip #4
    await showing(5)
    await page.keyboard.press('1') // approve #5, then undo it
    await showing(6)
    await page
      .locator('[data-testid="toast"][data-undo]')
      .filter({ hasText: `Approved: ${title(5)}` })
      .waitFor()
    await page.keyboard.press('u')
    await showing(5)
    expect(await status(5)).toBe('pending')
    await page.keyboard.press('3') // reject #5 with the rejection template (1 of the rejected ones)
    await page.getByTestId('triage-notes').waitFor()
    await page.keyboard.press('1')
    await page.keyboard.press('Control+Enter')
    await showing(6)
    await page.keyboard.press('3') // Escape leaves the notes step without deciding
    await page.getByTestId('triage-notes').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('triage-notes').waitFor({ state: 'detached' })
    await page.keyboard.press('2') // needs changes #6 with template 2
    await page.getByTestId('triage-notes').waitFor()
    await page.keyboard.press('2')
    await page.keyboard.press('Control+Enter')
    await showing(7)
    await screenshot(page, 'triage-project')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'triage-project-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.keyboard.press('1') // approve #7
    await showing(8)
    await page.keyboard.press('h') // hold #8
    await showing(9)
    await page.keyboard.press('1') // approve #9
    await step('done')
    await page.getByText('1 skipped this session').waitFor()

    const expected = [
      'approved',
      'needs_changes',
      'rejected',
      'under_review',
      'pending',
      'rejected',
      'needs_changes',
      'approved',
      'under_review',
      'approved',
    ]
    await expect.poll(async () => Promise.all(ids.map((_, i) => status(i)))).toEqual(expected)
    expect(await history(1)).toMatchObject([
      { status: 'needs_changes', notes: `Hi there, please add a README to "${title(1)}".` },
    ])
    expect(await history(2)).toMatchObject([{ status: 'rejected', notes: 'Spam listing' }])
    expect(await history(3)).toMatchObject([{ status: 'under_review', notes: 'Held for a closer look in triage' }])
    expect(await history(4)).toEqual([])
    // The undone approval left no entry: only the rejection that followed.
    expect(await history(5)).toMatchObject([
      { status: 'rejected', notes: `"${title(5)}" duplicates a listed project.` },
    ])
    expect(await history(6)).toMatchObject([
      { status: 'needs_changes', notes: `"${title(6)}" needs screenshots (${category}).` },
    ])
    expect((await history(0)).map((e) => e.status)).toEqual(['approved'])

    // The audit log has every decision, the undone approval and its undo too (newest first).
    const audit = async (i: number) =>
      (await api('GET', `/api/admin/audit?entityType=project&entityId=${ids[i]}`)).entries as {
        action: string
        after: Record<string, unknown> | null
      }[]
    expect((await audit(5)).map((e) => e.action).filter((a) => a.includes('verify'))).toEqual([
      'project.verify',
      'undo.project.verify',
      'project.verify',
    ])
    expect((await audit(2)).find((e) => e.action === 'project.verify')?.after).toMatchObject({
      verificationStatus: 'rejected',
    })
    expect((await audit(4)).map((e) => e.action)).not.toContain('project.verify')

    // The queue of the category keeps the skipped and the held projects.
    const queue = await api('GET', `/api/admin/triage/queue?category=${encodeURIComponent(category)}`)
    expect(queue.queue.map((p: { _id: string }) => p._id).sort()).toEqual([ids[3], ids[4], ids[8]].sort())
  })
})
