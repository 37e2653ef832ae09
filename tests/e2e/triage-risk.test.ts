/**
 * Risk in the lists end to end (decision 046): two projects in a triage category of their own get
 * source through the upload API, one with an AWS access key in its config, one clean and MIT
 * licensed; the server's job reports both (polled through the API). In triage, `o` orders the
 * queue by risk: the clean one comes first and the risky one carries the "High risk" badge; the
 * projects list's Risk filter "Has secrets" then lists only the risky one, with its weight in red.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { apiRequest, screenshot } from './browser'
import { adminAccessToken, signedInPagePerTest } from './session'

const baseUrl = inject('baseUrl')
const run = Date.now().toString(36)
const api = async (method: string, apiPath: string, body?: object) =>
  apiRequest(baseUrl, await adminAccessToken(), method, apiPath, body)

/** Upper-case letters and digits, `n` of them, made at run time so no scanner flags this file. */
const upperAlnum = (n: number) =>
  Array.from({ length: n }, (_, i) => 'QWERTYUPASDFGHJKLZXCVBNM234567'[(i * 7) % 29]).join('')
const AWS_KEY_ID = `AKIA${upperAlnum(16)}`
const AWS_SECRET = ['Qw8Er2Ty6U', 'i4Op9As3Df', '7Gh1Jk5Lz0', 'Xc8Vb2Nm6P'].join('')

const MIT = `MIT License

Copyright (c) 2026 Asha Rao

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`

describe('risk in the triage queue and the projects list', () => {
  let page: Page
  const category = `Risk ${run}`
  const risky = { id: '', title: `Risky ${run}` }
  const clean = { id: '', title: `Clean ${run}` }

  /** Upload `files` (path → text) as the project's source in one chunk. */
  async function upload(projectId: string, files: Record<string, string>) {
    const form = new FormData()
    for (const [p, text] of Object.entries(files)) form.append('files', new Blob([text]), p)
    for (const [key, value] of Object.entries({
      relativePaths: JSON.stringify(Object.keys(files)),
      uploadType: 'folder',
      projectId,
      uploadId: `risk-${run}-${projectId}`,
      chunkIndex: '0',
      totalChunks: '1',
      isFirstChunk: 'true',
      isLastChunk: 'true',
    }))
      form.append(key, value)
    await api('POST', '/api/upload/upload', form)
  }

  beforeAll(async () => {
    // The risky one is created first: oldest first it leads the queue, by risk it must not.
    for (const p of [risky, clean]) {
      const { project } = await api('POST', '/api/projects/create', {
        title: p.title,
        description: `${p.title} to triage`,
        category,
      })
      p.id = project._id
    }
    await upload(risky.id, {
      'README.md': '# Risky\n\nStores files in S3.\n',
      'config/aws.js': `module.exports = {\n  accessKeyId: '${AWS_KEY_ID}',\n  secretAccessKey: '${AWS_SECRET}',\n}\n`,
      'src/index.js': 'require("./config/aws")\n',
    })
    await upload(clean.id, {
      'README.md': '# Clean\n\nA tidy project.\n',
      LICENSE: MIT,
      'package.json': JSON.stringify({ name: 'clean', license: 'MIT', dependencies: { express: '4.21.2' } }),
      'src/index.js': 'const express = require("express")\nexpress().listen(3000)\n',
    })
  }, 60_000)
  signedInPagePerTest((p) => {
    page = p
  })

  it("the server's worker reports both uploads", async () => {
    // Made outside the uploads' requests: wait for both reports through the API.
    for (const p of [risky, clean])
      await expect
        .poll(async () => (await api('GET', `/api/projects/${p.id}/source-report`)).state, { timeout: 60_000 })
        .toBe('ready')
    const weight = async (id: string) => (await api('GET', `/api/projects/${id}/source-report`)).report.risk.weight
    expect(await weight(risky.id)).toBeGreaterThanOrEqual(50)
    expect(await weight(clean.id)).toBeLessThan(50)
  }, 90_000)

  it('o sorts the queue by risk: the clean project first, the risky one flagged High risk', async () => {
    await page.goto(`${baseUrl}/projects/triage?category=${encodeURIComponent(category)}`)
    await page.locator('[data-testid="triage"][data-step="showing"][data-sort="oldest"]').waitFor()
    const queue = page.getByTestId('triage-queue')
    const rows = queue.locator('li')
    await rows.first().waitFor()
    expect(await rows.first().getAttribute('data-project-id')).toBe(risky.id)

    await page.keyboard.press('o')
    await page.locator('[data-testid="triage"][data-step="showing"][data-sort="risk"]').waitFor()
    expect(new URL(page.url()).searchParams.get('sort')).toBe('risk')
    await page.locator(`[data-testid="triage-project"][data-project-id="${clean.id}"]`).waitFor()
    expect(await rows.evaluateAll((li) => li.map((el) => el.getAttribute('data-project-id')))).toEqual([
      clean.id,
      risky.id,
    ])
    const riskyRow = queue.locator(`li[data-project-id="${risky.id}"]`)
    expect(await riskyRow.getAttribute('data-high-risk')).toBe('true')
    await riskyRow.getByText('High risk').waitFor()
    expect(await queue.locator(`li[data-project-id="${clean.id}"]`).getByText('High risk').count()).toBe(0)
    await screenshot(page, 'triage-risk-sorted')

    // The same key orders it oldest first again.
    await page.keyboard.press('o')
    await page.locator('[data-testid="triage"][data-step="showing"][data-sort="oldest"]').waitFor()
    expect(new URL(page.url()).searchParams.get('sort')).toBeNull()
  })

  it("the projects list's Risk filter 'Has secrets' shows only the risky project, its weight in red", async () => {
    await page.goto(`${baseUrl}/projects?search=${encodeURIComponent(run)}&category=${encodeURIComponent(category)}`)
    const rows = page.getByTestId('project-row')
    await expect.poll(() => rows.count()).toBe(2)
    await page.getByRole('combobox', { name: 'Risk filter' }).click()
    await page.getByRole('option', { name: 'Has secrets' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('risk')).toBe('secrets')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().textContent()).toContain(risky.title)
    const weight = rows.first().getByTestId('risk-cell').locator('.risk-weight')
    expect(await weight.getAttribute('data-high')).toBe('true')
    expect(Number(await weight.textContent())).toBeGreaterThanOrEqual(50)
    await screenshot(page, 'projects-risk-filter')
  })
})
