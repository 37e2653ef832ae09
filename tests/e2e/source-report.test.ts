/**
 * The source report end to end (decision 046): a project whose uploaded source holds an AWS
 * secret access key (built at run time, as in tests/server/services/source-report) waits in
 * triage; once the background job has made its report, triage shows the compact report beside
 * the README with the secret in red at config/aws.js:2 (masked, never whole), shift+s opens the
 * full report and shift+b downloads the SBOM; the project detail page's Source report section
 * (opened at #source-report) shows the full report and its history, and its SBOM button
 * downloads a CycloneDX document of package.json's dependencies; shift+a re-runs the analysis and
 * the new report replaces the old. Light and dark screenshots.
 */
import fs from 'node:fs'
import type { Download, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, screenshot } from './browser'
import { expectAllCommands } from './command-walk'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const run = Date.now().toString(36)
const api = async (method: string, apiPath: string, body?: object | FormData) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)

// Built at run time so no credential-shaped literal sits in the repository; AWS's documented
// example key is ignored by secretlint's aws rule on purpose.
const SECRET = ['Zx9Qm3Lp7R', 't2Vw8Yb4Nc', '6Hd1Jf5Kg0', 'Ls3Pq7Tu2W'].join('')
const SOURCE: Record<string, string> = {
  'README.md': '# Report shop\n\nA shop to test the source report.\n',
  'package.json': JSON.stringify({ name: 'report-shop', dependencies: { react: '19.1.0', hono: '^4.6.0' } }, null, 2),
  'src/index.ts': 'export const answer = 42\n',
  'src/styles.css': 'body { margin: 0 }\n',
  'config/aws.js': `module.exports = {\n  secretAccessKey: '${SECRET}',\n}\n`,
}

/** Make the project and upload SOURCE as one folder chunk through the API. */
async function projectWithSource(category: string): Promise<string> {
  const { project } = await api('POST', '/api/projects/create', {
    title: `Source report ${run}`,
    description: 'Its source leaks a key.',
    price: 499,
    category,
  })
  const form = new FormData()
  for (const [p, text] of Object.entries(SOURCE)) form.append('files', new Blob([text]), p.split('/').pop() ?? p)
  for (const [key, value] of Object.entries({
    relativePaths: JSON.stringify(Object.keys(SOURCE)),
    uploadType: 'folder',
    projectId: project._id,
    uploadId: `e2e-source-report-${run}`,
    chunkIndex: '0',
    totalChunks: '1',
    isFirstChunk: 'true',
    isLastChunk: 'true',
  }))
    form.append(key, value)
  await api('POST', '/api/upload/upload', form)
  return project._id as string
}

/** The JSON document of a finished download. */
async function downloaded(download: Download): Promise<{ name: string; json: any }> {
  const file = await download.path()
  return { name: download.suggestedFilename(), json: JSON.parse(fs.readFileSync(file, 'utf8')) }
}

describe('source report', () => {
  let page: Page
  let projectId = ''
  const category = `Source report ${run}`

  beforeAll(async () => {
    projectId = await projectWithSource(category)
  })
  signedInPagePerTest((p) => {
    page = p
  })

  it('triage shows the compact report with the secret at path:line, the full report and the SBOM', async () => {
    await page.goto(`${baseUrl}/projects/triage?category=${encodeURIComponent(category)}`)
    await page.locator(`[data-testid="triage-project"][data-project-id="${projectId}"]`).waitFor()
    // The job makes the report in the background; the screen asks again while it is queued.
    const compact = page.getByTestId('source-report-compact')
    await compact.waitFor({ timeout: 60_000 })
    const secrets = compact.getByTestId('source-secrets')
    await expect.poll(() => secrets.innerText()).toContain('config/aws.js:2')
    expect(await secrets.innerText()).toContain('aws')
    expect(await page.content()).not.toContain(SECRET)
    const color = await secrets
      .locator('.sr-secret')
      .first()
      .evaluate((el) => getComputedStyle(el).color)
    const danger = await page.evaluate(() => {
      const probe = document.createElement('span')
      probe.style.color = 'var(--danger)'
      document.body.append(probe)
      const value = getComputedStyle(probe).color
      probe.remove()
      return value
    })
    expect(color).toBe(danger)
    expect(await compact.getByTestId('source-licence').innerText()).toContain('No licence')
    expect(await compact.getByTestId('source-risk').innerText()).toMatch(/Risk \d+/)
    expect(await compact.getByTestId('source-languages').innerText()).toContain('TypeScript')
    await expectAllCommands(page, '[data-testid="triage-source-report"]')
    await screenshot(page, 'source-report-triage-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'source-report-triage-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    await page.keyboard.press('Shift+S')
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('source-report-full').waitFor()
    expect(await dialog.getByTestId('source-manifests').innerText()).toContain('package.json')
    await expectAllCommands(page, '[role="dialog"]')
    await screenshot(page, 'source-report-triage-dialog')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Shift+B')])
    const sbom = await downloaded(download)
    expect(sbom.name).toMatch(/^sbom-[0-9a-f]{12}\.cdx\.json$/)
    expect(sbom.json.bomFormat).toBe('CycloneDX')
  })

  it('the detail page shows the full report, its history and downloads the SBOM', async () => {
    await page.goto(`${baseUrl}/projects/${projectId}#source-report`)
    const section = page.getByTestId('section-source-report')
    const full = section.getByTestId('source-report-full')
    await full.waitFor({ timeout: 60_000 })
    expect(await full.getByTestId('source-secrets').innerText()).toContain('config/aws.js:2')
    expect(await full.getByTestId('source-files').innerText()).toContain('5 files')
    expect(await full.getByTestId('source-manifests').innerText()).toContain('2 dependencies')
    expect(await section.getByTestId('source-report-history').locator('li').count()).toBe(1)
    const commit = await full.getAttribute('data-commit')
    expect(
      await section.locator('[data-command="projects.sourceReport.commit"]').first().getAttribute('aria-current'),
    ).toBe('true')
    await expectAllCommands(page, '[data-testid="section-source-report"]')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.locator('[data-command="projects.sourceReport.sbom"]').click(),
    ])
    const sbom = await downloaded(download)
    expect(sbom.name).toBe(`sbom-${commit?.slice(0, 12)}.cdx.json`)
    expect(sbom.json.metadata.component.version).toBe(commit)
    expect(sbom.json.components.map((c: { name: string }) => c.name).sort()).toEqual(['hono', 'react'])

    // Re-run: the old report stays on screen, 'Analysing…' above it, until the new one is stored.
    const before = await full.getAttribute('data-generated-at')
    await page.keyboard.press('Shift+A')
    await page.getByTestId('toast').filter({ hasText: 'Analysis queued' }).first().waitFor()
    await section
      .locator(`[data-testid="source-report-full"]:not([data-generated-at="${before}"])`)
      .waitFor({ timeout: 60_000 })
    await section.locator('[data-testid="source-report-state"]').waitFor({ state: 'detached' })
    expect(await section.getAttribute('data-state')).toBe('ready')

    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await screenshot(page, 'source-report-detail-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'source-report-detail-dark')
  })

  it('shift+s on the Projects list opens the focused project at its Source report section', async () => {
    await page.goto(`${baseUrl}/projects?category=${encodeURIComponent(category)}`)
    await page.locator(`[data-testid="project-row"][data-id="${projectId}"][data-active]`).waitFor()
    await page.keyboard.press('Shift+S')
    await page.waitForURL(`${baseUrl}/projects/${projectId}#source-report`)
    const full = page.getByTestId('section-source-report').getByTestId('source-report-full')
    await full.waitFor()
    await expect
      .poll(() => page.getByTestId('section-source-report').evaluate((el) => el.getBoundingClientRect().top < 200))
      .toBe(true)
  })
})
