/**
 * The app on the S3 driver end to end, against s3rver on a free loopback port: image
 * upload and serving, report upload and its presigned bucket download (audited when issued), and
 * a 3-chunk source upload staged in the bucket and committed. Nothing lands in DATA_DIR/files or
 * DATA_DIR/uploads.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema'
import { minimalDocx, solidPng } from '../fixtures/documents'
import { call, createTestContext, type TestContext } from './harness'
import { adminSession, insertProject } from './projects-helpers'
import { startLocalS3, type LocalS3 } from './s3-server'
import { postChunk, run } from './upload-helpers'

describe('the app on the S3 driver', () => {
  let s3: LocalS3
  let ctx: TestContext
  let token: string
  beforeAll(async () => {
    s3 = await startLocalS3()
    ctx = await createTestContext('pglite', { config: { storage: s3.storage } })
    token = (await adminSession(ctx)).token
  })
  afterAll(async () => {
    await ctx?.close()
    await s3?.close()
  })

  const bucketKeys = async (prefix: string) => (await s3.storage.list(prefix)).map((o) => o.key).sort()
  const post = async (url: string, form: FormData) => {
    const res = await ctx.app.request(url, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    return { status: res.status, body: (await res.json()) as any }
  }

  it('is ready while the bucket answers', async () => {
    expect(await call(ctx, 'GET', '/api/ready')).toMatchObject({ status: 200, body: { checks: { storage: 'ok' } } })
  })

  it('stores an image in the bucket and serves it with its type and a year-long immutable cache', async () => {
    const project = await insertProject(ctx)
    const png = await solidPng('#c00')
    const form = new FormData()
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png')
    const res = await post(`/api/storage/projects/${project.id}/images`, form)
    expect(res.status).toBe(200)
    const image = res.body.images[0]
    expect(await bucketKeys(`images/${project.id}`)).toEqual([image.filePath])
    const served = await ctx.app.request(image.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('png')
  })

  it('answers a presigned bucket link for a report download and audits its issuing', async () => {
    const project = await insertProject(ctx)
    const docx = await minimalDocx()
    const form = new FormData()
    form.append('report', new Blob([new Uint8Array(docx)]), 'Due Diligence.docx')
    form.append('price', '0')
    expect((await post(`/api/admin/projects/${project.id}/report`, form)).status).toBe(200)

    const link = await call(ctx, 'GET', `/api/admin/projects/${project.id}/report/download`, undefined, token)
    expect(Object.keys(link.body).sort()).toEqual(['downloadUrl', 'success'])
    const url = new URL(link.body.downloadUrl)
    expect(url.origin).toBe(s3.settings.endpoint)
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600')
    const file = await fetch(url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Due%20Diligence.docx")
    expect(Buffer.from(await file.arrayBuffer()).equals(docx)).toBe(true)
    const audited = (await ctx.deps.db.select().from(auditLog)).filter((r) => r.action === 'report.download_link')
    expect(audited).toHaveLength(1)
  })

  it('stages a 3-chunk source upload in the bucket and commits it as one commit', async () => {
    const project = await insertProject(ctx, { title: 'Bucket upload' })
    const tempCopies = async () =>
      (await fs.promises.readdir(os.tmpdir())).filter((n) => /^upload-[0-9a-f]{16}$/.test(n))
    const copiesBefore = await tempCopies()
    const chunks = [0, 1, 2].map((i) => [
      { path: `src/part-${i}.ts`, data: Buffer.from(`export const part = ${i}\n`) },
      { path: `docs/part-${i}.md`, data: Buffer.alloc(300, 97 + i) },
    ])
    const first = await postChunk(ctx, token, project.id, chunks[0], 0, 3, { uploadId: 's3u' })
    expect(first.body.data.committed).toBe(false)
    expect((await bucketKeys(`uploads/${project.id}/s3u`)).filter((k) => k.endsWith('.json'))).toEqual([
      `uploads/${project.id}/s3u/chunk-0.json`,
    ])
    await postChunk(ctx, token, project.id, chunks[2], 2, 3, { uploadId: 's3u' })
    const last = await postChunk(ctx, token, project.id, chunks[1], 1, 3, { uploadId: 's3u' })
    expect(last.status).toBe(200)
    expect(last.body.data.committed).toBe(true)
    expect(await bucketKeys(`uploads/${project.id}`)).toEqual([`uploads/${project.id}/s3u/committed.json`])
    expect(await tempCopies(), 'the temp copy of the staged blobs is removed after the commit').toEqual(copiesBefore)

    const gitDir = path.join(ctx.dataDir, 'git', `${last.body.data.github.repoName}.git`)
    const tree = (await run('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', 'main'])).stdout
      .trim()
      .split('\n')
    expect(tree).toEqual([
      'docs/part-0.md',
      'docs/part-1.md',
      'docs/part-2.md',
      'src/part-0.ts',
      'src/part-1.ts',
      'src/part-2.ts',
    ])
    expect((await run('git', ['--git-dir', gitDir, 'show', 'main:src/part-2.ts'])).stdout).toBe(
      'export const part = 2\n',
    )
    const resent = await postChunk(ctx, token, project.id, chunks[0], 0, 3, { uploadId: 's3u' })
    expect(resent.body.data.github).toEqual(last.body.data.github)
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads'))).toBe(false)
    expect(fs.existsSync(path.join(ctx.dataDir, 'files'))).toBe(false)
  })

  it('removes the images, report and staging of a deleted project from the bucket', async () => {
    const project = await insertProject(ctx, { title: 'Doomed in the bucket' })
    await s3.storage.put(`images/${project.id}/x.png`, 'x')
    await s3.storage.put(`reports/${project.id}/r.docx`, 'r')
    await postChunk(ctx, token, project.id, [{ path: 'b.txt', data: Buffer.from('b') }], 0, 2, { uploadId: 'half' })
    expect((await bucketKeys('')).filter((k) => k.includes(project.id)).length).toBeGreaterThanOrEqual(4)
    expect((await call(ctx, 'DELETE', `/api/projects/${project.id}`, undefined, token)).status).toBe(200)
    expect((await bucketKeys('')).filter((k) => k.includes(project.id))).toEqual([])
  })
})
