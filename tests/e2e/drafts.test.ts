/**
 * A draft is not live, and an upload resumes (decision 038), in Chromium: Add Project with a
 * 350-file ZIP (4 chunks) shown as a folder tree; the third chunk is held so the page is reloaded
 * part way, and leaving asks first (beforeunload); back on Add Project the draft is offered with
 * what the server holds, Resume brings its values back, the same ZIP is picked again and only the
 * missing chunks are sent ('Resuming: 2 of 4 chunks already uploaded'); the project shows as Draft
 * under the Drafts filter until it is published, then not. Screens at 1440 and 1280 px, light and dark.
 */
import JSZip from 'jszip'
import type { Browser, Page, Request, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { solidPng } from '../fixtures/documents'
import { launchBrowser, screenshot } from './browser'
import { adminTokens, openSignedInPage } from './session'

const baseUrl = inject('baseUrl')
const FILES = 350

async function shopZip(): Promise<Buffer> {
  const zip = new JSZip()
  zip.file('resume-shop/README.md', '# Resume shop\n')
  for (let i = 0; i < FILES - 1; i += 1) {
    const dir = i % 2 === 0 ? 'src' : 'src/lib'
    zip.file(`resume-shop/${dir}/module-${i}.ts`, `export const value${i} = ${i}\n`)
  }
  return zip.generateAsync({ type: 'nodebuffer' })
}

/** The chunkIndex field of a chunk POST (multipart; the text fields come first). */
const chunkIndexOf = (request: Request) =>
  Number(/name="chunkIndex"\r\n\r\n(\d+)/.exec(request.postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? -1)

describe('drafts: out of the catalogue until published, and a resumable upload', () => {
  let browser: Browser
  let page: Page
  const title = `Resume Shop ${Date.now()}`

  beforeAll(async () => {
    browser = await launchBrowser()
    page = await openSignedInPage(browser, await adminTokens())
  })
  afterAll(async () => {
    await browser?.close()
  })

  const pickZip = async (zip: Buffer) => {
    await page.getByRole('radio', { name: 'ZIP' }).check()
    await page
      .locator('[data-testid=zip-input]')
      .setInputFiles({ name: 'shop.zip', mimeType: 'application/zip', buffer: zip })
    await page.locator('[data-testid=selected-files]').getByText(String(FILES), { exact: true }).waitFor()
  }
  const addImage = async () => {
    await page
      .locator('[data-testid=images-input]')
      .setInputFiles([{ name: 'red.png', mimeType: 'image/png', buffer: await solidPng('#d33', 16, 12) }])
    await page.getByText('1/5 images').waitFor()
  }

  it('reloads mid-upload after asking, offers the draft, resumes from the server, and publishes', async () => {
    const zip = await shopZip()
    await page.goto(`${baseUrl}/projects/new`)
    await page.getByRole('heading', { name: 'Add Project', exact: true }).waitFor()
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Description', { exact: true }).fill('Uploaded in two sittings.')
    await pickZip(zip)

    // The tree: sorted, folders closed with counts; the filter opens what matches.
    const tree = page.locator('[data-testid=source-tree]')
    await tree.getByText('src', { exact: true }).waitFor()
    expect(await tree.locator('[data-command="projects.new.toggleFolder"]').count()).toBe(1)
    await tree.getByText('349 files', { exact: false }).waitFor()
    await page.locator('[data-command="projects.new.toggleFolder"]').first().click()
    await tree.getByText('lib', { exact: true }).waitFor()
    await page.getByLabel('Filter files').fill('module-347')
    await tree.locator('.source-tree__file[title="src/lib/module-347.ts"]').waitFor()
    expect(await tree.locator('[data-testid=tree-file]').count()).toBe(1)
    await page.getByLabel('Filter files').fill('')

    // Chunks 0 and 1 go through; chunk 2 is held, so the upload is part way when the page reloads.
    let held: Route | null = null
    await page.route('**/api/upload/upload', async (route) => {
      if (chunkIndexOf(route.request()) === 2) held = route
      else await route.continue()
    })
    await page.locator('[data-command="projects.new.upload"]').click()
    await page.getByText('200/350 files').waitFor({ timeout: 60_000 })
    await expect.poll(() => held !== null).toBe(true)

    const dialogs: string[] = []
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.type())
      void dialog.accept()
    })
    await page.reload()
    expect(dialogs).toEqual(['beforeunload'])
    await page.unroute('**/api/upload/upload')
    await (held as Route | null)?.abort().catch(() => undefined)

    // Back on Add Project: the draft is offered with what the server holds.
    await page.getByRole('heading', { name: 'Add Project', exact: true }).waitFor()
    const offered = page.locator('[data-testid=draft-item]', { hasText: title })
    await offered.getByText('200 files on the server (2 of 4 chunks)').waitFor()
    await screenshot(page, 'drafts-offer-1440')

    // In another tab, the projects list shows it as Draft under the Drafts filter.
    const list = await page.context().newPage()
    await list.goto(`${baseUrl}/projects?status=draft`)
    const row = list.locator('[data-testid="project-row"]', { hasText: title })
    await row.getByText('Draft', { exact: true }).waitFor()
    const catalogue = await list.evaluate(
      async ([url, t]) => {
        const token = localStorage.getItem('accessToken')
        const res = await fetch(`${url}/api/projects?search=${encodeURIComponent(t)}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        return (await res.json()).projects.length
      },
      [baseUrl, title],
    )
    expect(catalogue).toBe(0)

    await offered.locator('[data-command="projects.new.resumeDraft"]').click()
    await page.getByText('Draft opened: the server holds 2 of 4 chunks (200 files).', { exact: false }).waitFor()
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title)
    expect(await page.locator('[data-command="projects.new.submit"]').textContent()).toBe('Publish Project')
    await addImage()
    await pickZip(zip)

    // Only the chunks the server lacks are sent; the first one waits until the notice is seen.
    const sent: number[] = []
    let release: () => void = () => undefined
    const seen = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/upload/upload', async (route) => {
      sent.push(chunkIndexOf(route.request()))
      if (sent.length === 1) await seen
      await route.continue()
    })
    await page.locator('[data-command="projects.new.upload"]').click()
    await page.getByText('Resuming: 2 of 4 chunks already uploaded').waitFor()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByText('Resuming: 2 of 4 chunks already uploaded').scrollIntoViewIfNeeded()
    await screenshot(page, 'drafts-resume-1280')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'drafts-resume-1280-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1440, height: 900 })
    release()
    await page.getByText('Files and images uploaded successfully').waitFor({ timeout: 60_000 })
    await page.getByText('100% · 350/350 files').waitFor()
    expect(sent).toEqual([2, 3])
    await page.unroute('**/api/upload/upload')
    // The tree is gone once the files are on the server; the summary stays.
    expect(await page.locator('[data-testid=source-tree]').count()).toBe(0)
    await page.locator('[data-testid=selected-files]').getByText('on the server').waitFor()

    await page.locator('[data-command="projects.new.submit"]').click()
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/, { timeout: 30_000 })

    // Published: no longer under Drafts, in the catalogue.
    await list.reload()
    await list.locator('[data-testid=empty-state], [data-testid="project-row"]').first().waitFor()
    expect(await list.locator('[data-testid="project-row"]', { hasText: title }).count()).toBe(0)
    await list.goto(`${baseUrl}/projects?search=${encodeURIComponent(title)}`)
    await list.locator('[data-testid="project-row"]', { hasText: title }).getByText('Active', { exact: true }).waitFor()
  })

  it('shows the draft offer in light and dark at 1280 and 1440 px, and deletes a stale draft after asking', async () => {
    const other = `Offer Shop ${Date.now()}`
    const token = await page.evaluate(() => localStorage.getItem('accessToken'))
    const created = await page.evaluate(
      async ([url, t, auth]) => {
        const res = await fetch(`${url}/api/projects/create`, {
          method: 'POST',
          headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: t, description: 'Never uploaded', isDraft: true }),
        })
        return { status: res.status, id: (await res.json()).project._id as string }
      },
      [baseUrl, other, token ?? ''],
    )
    expect(created.status).toBe(201)
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${baseUrl}/projects/new`)
      const offer = page.locator('[data-testid=draft-item]', { hasText: other })
      await offer.getByText('no files on the server').waitFor()
      expect(await offer.locator('[data-command="projects.new.resumeDraft"]').isVisible()).toBe(true)
      await screenshot(page, `drafts-offer-light-${width}`)
      await page.emulateMedia({ colorScheme: 'dark' })
      await screenshot(page, `drafts-offer-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })
    }
    // A week later (the answer is aged on the way: the server's clock cannot be moved here) the
    // draft is listed as stale and goes only through the command and its confirmation; this also
    // leaves no draft behind for the suites sharing this server.
    await page.route('**/api/upload/drafts', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      for (const d of body.drafts) if (d._id === created.id) d.stale = true
      await route.fulfill({ response, json: body })
    })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.reload()
    const stale = page.locator('[data-testid=stale-drafts]')
    await stale.locator('[data-testid=draft-item]', { hasText: other }).waitFor()
    await screenshot(page, 'drafts-stale-1440')
    const remove = page.locator('[data-command="projects.new.deleteStaleDrafts"]')
    expect(await remove.textContent()).toBe('Delete stale drafts (1)')
    await remove.click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Delete 1 draft nobody touched for 7 days or more', { exact: false }).waitFor()
    await screenshot(page, 'drafts-stale-confirm-1440')
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByTestId('toast').filter({ hasText: 'Deleted 1 stale draft' }).first().waitFor()
    await stale.waitFor({ state: 'detached' })
    await page.unroute('**/api/upload/drafts')
    const gone = await page.evaluate(
      async ([url, id, auth]) =>
        (await fetch(`${url}/api/projects/${id}`, { headers: { authorization: `Bearer ${auth}` } })).status,
      [baseUrl, created.id, token ?? ''],
    )
    expect(gone).toBe(404)
  })
})
