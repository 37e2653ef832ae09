/**
 * Source files and images end to end: Add Project refuses a ZIP whose paths collide in a tree, naming them,
 * then takes a ZIP (read in the worker) and two images, uploads, publishes, then `git clone` the
 * project's repository and compare it with the filtered ZIP; a PNG
 * added while a 1,000-file ZIP is being read is uploaded and published (an image dropped during a slow read must not be lost);
 * on the detail page reorder and delete an image, add a collaborator and a branch, upload and
 * download a report. Controls are found by their command ids (`data-command`, decision 003).
 * Each test stands alone: the detail-page tests open a project that the file's setup makes
 * through the API (source, two images), not the one the first test makes in the browser.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import JSZip from 'jszip'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { minimalDocx, solidPng } from '../fixtures/documents'
import { accessToken, apiGet, apiRequest, launchBrowser, screenshot } from './browser'
import { freshAdminTokens, openSignedInPage, type TokenPair } from './session'

const baseUrl = inject('baseUrl')

/** The source tree inside the ZIP's wrapping folder; the last three are filtered out. */
const SOURCE: Record<string, string> = {
  'package.json': '{ "name": "e2e-shop" }\n',
  'README.md': '# E2E shop\n',
  'src/index.ts': 'export const answer = 42\n',
  'src/lib/util.ts': 'export const twice = (n: number) => n * 2\n',
  'public/index.html': '<!doctype html><title>shop</title>\n',
}
const FILTERED = { 'node_modules/left-pad/index.js': 'x', 'debug.log': 'log', 'dist/bundle.js': 'bundle' }

/** A ZIP of `count` small source files in a wrapping folder (a read that takes a moment). */
async function bigZip(count: number): Promise<Buffer> {
  const zip = new JSZip()
  for (let i = 0; i < count; i += 1) zip.file(`big-shop/src/module-${i}.ts`, `export const value${i} = ${i}\n`)
  return zip.generateAsync({ type: 'nodebuffer' })
}

async function sourceZip(): Promise<Buffer> {
  const zip = new JSZip()
  for (const [p, text] of Object.entries({ ...SOURCE, ...FILTERED })) zip.file(`e2e-shop/${p}`, text)
  return zip.generateAsync({ type: 'nodebuffer' })
}

/** A ZIP whose tree cannot hold both entries: a file `dir` and a file inside a folder `dir`. */
async function clashingZip(): Promise<Buffer> {
  const zip = new JSZip()
  zip.file('clash/dir', 'a file\n')
  zip.file('clash/dir/x.ts', 'export {}\n')
  return zip.generateAsync({ type: 'nodebuffer' })
}

const image = (color: string) => solidPng(color, 16, 12)

/** Every file under `dir` (without .git) as path → text. */
function readTree(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.name === '.git') continue
    if (entry.isDirectory()) Object.assign(out, readTree(dir, rel))
    else out[rel] = fs.readFileSync(path.join(dir, rel), 'utf8')
  }
  return out
}

/**
 * Buttons and checkboxes under `selector` that act but carry no registered command (decision 003).
 * Not controls: select triggers (fields), dialog footers, radix's aria-hidden mirror inputs.
 */
function controlsWithoutCommand(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((roots) =>
      roots.flatMap((root) =>
        [...root.querySelectorAll('button, [role=checkbox], input[type=checkbox]')]
          .filter(
            (el) =>
              el.getAttribute('role') !== 'combobox' &&
              el.getAttribute('aria-hidden') !== 'true' &&
              !el.closest('[role=dialog]') &&
              !el.getAttribute('data-command'),
          )
          .map((el) => el.outerHTML.slice(0, 120)),
      ),
    )
}

/** POST `apiPath` with the admin's access token; expects 2xx and returns the JSON body. */
const apiPost = (tokens: TokenPair, apiPath: string, body: FormData | object) =>
  apiRequest(baseUrl, tokens.accessToken, 'POST', apiPath, body)

/** A project with the SOURCE tree in its repository (one chunk) and two images, made through the API. */
async function projectThroughApi(tokens: TokenPair, title: string): Promise<string> {
  const { project } = await apiPost(tokens, '/api/projects/create', {
    title,
    description: 'Made by the e2e setup.',
    price: 999,
    category: 'Web Development',
  })
  const source = new FormData()
  for (const [p, text] of Object.entries(SOURCE)) source.append('files', new Blob([text]), p.split('/').pop() ?? p)
  for (const [key, value] of Object.entries({
    relativePaths: JSON.stringify(Object.keys(SOURCE)),
    uploadType: 'folder',
    projectId: project._id,
    uploadId: `e2e-${Date.now()}`,
    chunkIndex: '0',
    totalChunks: '1',
    isFirstChunk: 'true',
    isLastChunk: 'true',
  }))
    source.append(key, value)
  await apiPost(tokens, '/api/upload/upload', source)
  const images = new FormData()
  for (const color of ['#d33', '#33d'])
    images.append('images', new Blob([await image(color)], { type: 'image/png' }), `${color.slice(1)}.png`)
  await apiPost(tokens, `/api/storage/projects/${project._id}/images`, images)
  return project._id
}

describe('Add Project, repository and project files', () => {
  let browser: Browser
  let page: Page
  let fixtureId = ''

  const imageUrls = () =>
    page.locator('[data-testid=project-image]').evaluateAll((els) => els.map((e) => e.getAttribute('data-url')))
  const openFixture = async () => {
    await page.goto(`${baseUrl}/projects/${fixtureId}`)
    await page.locator('[data-testid=section-images]').waitFor()
  }

  beforeAll(async () => {
    browser = await launchBrowser()
    // A fresh OTP proof: adding a collaborator opens the source to others (a step-up action).
    page = await openSignedInPage(browser, await freshAdminTokens(inject('dataDir')))
    fixtureId = await projectThroughApi(await freshAdminTokens(inject('dataDir')), 'E2E Fixture Shop')
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('creates a project from a ZIP and two images, and its repository clones to the filtered tree', async () => {
    await page.goto(`${baseUrl}/projects/new`)
    await page.getByRole('heading', { name: 'Add Project', exact: true }).waitFor()
    const submit = page.locator('[data-command="projects.new.submit"]')
    expect(await submit.textContent()).toBe('Create Project')
    await page.getByLabel('Title', { exact: true }).fill('E2E Shop')
    await page.getByLabel('Description', { exact: true }).fill('A shop built in the end-to-end test.')
    await page.getByText('0/2000').waitFor({ state: 'detached' })
    await page.getByText('36/2000').waitFor()
    await page.getByLabel('Price (₹)', { exact: true }).fill('1499')
    await page.getByLabel('Tags', { exact: true }).fill('shop, , e2e ')
    await page.locator('[data-testid=images-input]').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: await image('#d33') },
      { name: 'blue.png', mimeType: 'image/png', buffer: await image('#33d') },
    ])
    await page.getByText('2/5 images').waitFor()
    await page.locator('[data-command="projects.new.upload"]').click()
    await page.getByText('Please select a folder or ZIP first.').first().waitFor()
    await page.getByRole('radio', { name: 'ZIP' }).check()
    // Paths a git tree cannot hold together are refused by name before anything is sent.
    await page
      .locator('[data-testid=zip-input]')
      .setInputFiles({ name: 'clash.zip', mimeType: 'application/zip', buffer: await clashingZip() })
    // The selection is a folder tree, folders closed: the filter opens the ones holding a match.
    await page.getByLabel('Filter files').fill('x.ts')
    await page.locator('.source-tree__file[title="dir/x.ts"]').waitFor()
    await page.getByLabel('Filter files').fill('')
    await page.locator('[data-command="projects.new.upload"]').click()
    await page
      .locator('[data-testid=flow-error]')
      .getByText('Paths collide: dir (a file and a folder: dir/x.ts)')
      .waitFor()
    await screenshot(page, 'add-project-paths-collide')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'dark' })
    // Let the colour transitions finish before the picture.
    await page.waitForTimeout(400)
    await page.locator('[data-testid=flow-error]').scrollIntoViewIfNeeded()
    await screenshot(page, 'add-project-paths-collide-dark-1280')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page
      .locator('[data-testid=zip-input]')
      .setInputFiles({ name: 'e2e-shop.zip', mimeType: 'application/zip', buffer: await sourceZip() })
    await page.locator('[data-testid=selected-files]').getByText('3 excluded by the source filter').waitFor()
    await page.getByLabel('Filter files').fill('.')
    await page.locator('.source-tree__file[title="src/lib/util.ts"]').waitFor()
    expect(
      await page.locator('.source-tree__file').evaluateAll((els) => els.map((e) => e.getAttribute('title'))),
    ).toEqual(expect.arrayContaining(Object.keys(SOURCE)))
    await page.getByLabel('Filter files').fill('')
    expect(await submit.isDisabled()).toBe(true)
    expect(await controlsWithoutCommand(page, '[data-testid=add-project]')).toEqual([])
    await screenshot(page, 'add-project')

    await page.locator('[data-command="projects.new.upload"]').click()
    await page.getByText('Files and images uploaded successfully').waitFor({ timeout: 60_000 })
    await page.getByText('100% · 5/5 files').waitFor()
    expect(await submit.textContent()).toBe('Publish Project')
    await submit.click()
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/, { timeout: 30_000 })
    const projectId = page.url().split('/').pop()

    const { project } = await apiGet(page, baseUrl, `/api/projects/${projectId}`)
    expect(project).toMatchObject({
      title: 'E2E Shop',
      price: 1499,
      tags: ['shop', 'e2e'],
      hasFiles: true,
      isActive: true,
    })
    expect(project.images).toHaveLength(2)
    expect(project.githubRepo.cloneUrl).toMatch(/\/git\/.+\.git$/)

    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-clone-'))
    const url = new URL(project.githubRepo.cloneUrl)
    url.username = encodeURIComponent('admin@example.com')
    url.password = await accessToken(page)
    execFileSync('git', ['clone', '--quiet', url.toString(), clone], {
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    })
    expect(readTree(clone)).toEqual(SOURCE)
    fs.rmSync(clone, { recursive: true, force: true })
  })

  it('reorders and deletes an image', async () => {
    await openFixture()
    const section = page.locator('[data-testid=section-images]')
    await section.locator('[data-testid=project-image]').nth(1).waitFor()
    const before = await imageUrls()
    await section.locator('[data-command="projects.images.moveRight"]').first().click()
    await expect.poll(imageUrls).toEqual([before[1], before[0]])
    await section.locator('[data-command="projects.images.delete"]').first().click()
    await page.getByText('Are you sure you want to delete this image?').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(imageUrls).toEqual([before[0]])
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, 'project-detail-images')
  })

  it('adds a collaborator and a branch', async () => {
    await openFixture()
    const section = page.locator('[data-testid=section-repository]')
    await section.locator('[data-testid=repo-info]').waitFor()
    await section.locator('[data-command="projects.repository.addCollaborator"]').click()
    await section.getByText('Username is required').waitFor()
    await section.getByLabel('Username', { exact: true }).fill('octo-cat')
    await section.locator('[data-command="projects.repository.addCollaborator"]').click()
    await section.locator('[data-testid=collaborators]').getByText('octo-cat').waitFor()
    await expect(section.locator('[data-testid=collaborators]').textContent()).resolves.toContain('push')
    await section.getByLabel('Branch name', { exact: true }).fill('feature-x')
    await section.locator('[data-command="projects.repository.createBranch"]').click()
    await section.locator('[data-testid=branches]').getByText('feature-x').waitFor()
    const { project } = await apiGet(page, baseUrl, `/api/projects/${fixtureId}`)
    const { branches } = await apiGet(page, baseUrl, `/api/github/repo/${project.githubRepo.name}/branches`)
    expect(branches).toEqual(expect.arrayContaining(['main', 'feature-x']))
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, 'project-detail-repository')
  })

  it('uploads and downloads a report', async () => {
    await openFixture()
    const section = page.locator('[data-testid=section-report]')
    const docx = await minimalDocx()
    await section.locator('[data-testid=report-input]').setInputFiles({
      name: 'report.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx,
    })
    await page.getByTestId('toast').getByText('Report uploaded successfully!').waitFor()
    await section.getByText('Report uploaded', { exact: true }).waitFor()
    // The signed link opens in a new tab: catch the tab's request for it.
    const opened = page.context().waitForEvent('request', (r) => r.url().includes('sig=') && !r.url().includes('/api/'))
    await section.locator('[data-command="projects.report.download"]').click()
    const downloadUrl = (await opened).url()
    for (const tab of page.context().pages()) if (tab !== page) await tab.close()
    const res = await fetch(downloadUrl)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(docx)).toBe(true)
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, 'project-detail-report')
    const sections = ['images', 'report', 'repository', 'files']
      .map((name) => `[data-testid=section-${name}]`)
      .join(', ')
    expect(await controlsWithoutCommand(page, sections)).toEqual([])
    await page.locator('[data-testid=section-files]').scrollIntoViewIfNeeded()
    await screenshot(page, 'project-detail-files')
  })

  it('keeps a PNG added while a 1,000-file ZIP is read, uploads it and publishes', async () => {
    await page.goto(`${baseUrl}/projects/new`)
    await page.getByRole('heading', { name: 'Add Project', exact: true }).waitFor()
    await page.getByLabel('Title', { exact: true }).fill('E2E Big Shop')
    await page.getByLabel('Description', { exact: true }).fill('A thousand files and one image added during the read.')
    const files = { zip: (await bigZip(1000)).toString('base64'), png: (await image('#3a3')).toString('base64') }
    await page.evaluate(({ zip, png }) => {
      const put = (selector: string, base64: string, name: string, type: string) => {
        const input = document.querySelector<HTMLInputElement>(selector)
        if (!input) throw new Error(`${selector} is missing`)
        const transfer = new DataTransfer()
        transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }))
        input.files = transfer.files
        input.dispatchEvent(new Event('change', { bubbles: true }))
      }
      put('[data-testid=zip-input]', zip, 'big-shop.zip', 'application/zip')
      // The same task: the ZIP worker cannot have answered yet, so the image arrives mid-read.
      put('[data-testid=images-input]', png, 'during-read.png', 'image/png')
    }, files)
    await page.locator('[data-testid=selected-files]').getByText('1000', { exact: true }).waitFor({ timeout: 30_000 })
    await page.getByText('1/5 images').waitFor()
    await page.getByText('1/5 images').scrollIntoViewIfNeeded()
    await screenshot(page, 'add-project-zip-and-image')
    await page.locator('[data-command="projects.new.upload"]').click()
    await page.getByText('Files and images uploaded successfully').waitFor({ timeout: 120_000 })
    await page.getByText('100% · 1000/1000 files').waitFor()
    await page.locator('[data-command="projects.new.submit"]').click()
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/, { timeout: 30_000 })
    const { project } = await apiGet(page, baseUrl, `/api/projects/${page.url().split('/').pop()}`)
    expect(project).toMatchObject({ title: 'E2E Big Shop', hasFiles: true })
    expect(project.images).toHaveLength(1)
  })
})
