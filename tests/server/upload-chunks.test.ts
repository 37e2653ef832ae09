import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_LIMITS } from '../../src/api/schemas/upload'
import type { TestContext } from './harness'
import { adminContext, insertProject } from './projects-helpers'
import { postChunk, run } from './upload-helpers'

const file = (p: string, text = p) => ({ path: p, data: Buffer.from(text) })
const gitDir = (ctx: TestContext, name: string) => path.join(ctx.dataDir, 'git', `${name}.git`)
const lsTree = async (ctx: TestContext, name: string) =>
  (await run('git', ['--git-dir', gitDir(ctx, name), 'ls-tree', '-r', '--name-only', 'main'])).stdout.trim().split('\n')
const show = async (ctx: TestContext, name: string, p: string) =>
  (await run('git', ['--git-dir', gitDir(ctx, name), 'show', `main:${p}`])).stdout

describe('chunked upload: staging, retries, abandonment, zip slip, bounds', () => {
  let ctx: TestContext
  let token: string
  beforeAll(async () => ({ ctx, token } = await adminContext()))
  afterAll(async () => ctx?.close())

  it('a retried chunk replaces the earlier copy (idempotent) and the upload commits once', async () => {
    const project = await insertProject(ctx, { title: 'Retry' })
    await postChunk(ctx, token, project.id, [file('a.txt', 'first try'), file('old-only.txt')], 0, 2)
    const retried = await postChunk(ctx, token, project.id, [file('a.txt', 'second try')], 0, 2, {
      isFirstChunk: 'false',
    })
    expect(retried.body.data).toMatchObject({ committed: false, github: null, received: 1 })
    const last = await postChunk(ctx, token, project.id, [file('b.txt')], 1, 2)
    expect(last.body.data.committed).toBe(true)
    const name = last.body.data.github.repoName
    expect(await lsTree(ctx, name)).toEqual(['a.txt', 'b.txt'])
    expect(await show(ctx, name, 'a.txt')).toBe('second try')
    // Re-upload: a second commit whose tree is exactly the new upload, parent the first.
    await postChunk(ctx, token, project.id, [file('c.txt')], 0, 1)
    expect(await lsTree(ctx, name)).toEqual(['c.txt'])
    const count = await run('git', ['--git-dir', gitDir(ctx, name), 'rev-list', '--count', 'main'])
    expect(count.stdout.trim()).toBe('2')
  })

  it('an abandoned upload never changes the repository, and stale staging is swept', async () => {
    const project = await insertProject(ctx, { title: 'Abandon' })
    const done = await postChunk(ctx, token, project.id, [file('keep.txt')], 0, 1)
    const name = done.body.data.github.repoName
    const head = (await run('git', ['--git-dir', gitDir(ctx, name), 'rev-parse', 'main'])).stdout
    await postChunk(ctx, token, project.id, [file('new.txt')], 0, 3, { uploadId: 'u1' })
    await postChunk(ctx, token, project.id, [file('new2.txt')], 2, 3, { uploadId: 'u1' })
    expect((await run('git', ['--git-dir', gitDir(ctx, name), 'rev-parse', 'main'])).stdout).toBe(head)
    expect(await lsTree(ctx, name)).toEqual(['keep.txt'])
    const staging = ctx.deps.staging
    expect(await staging.presentChunks(project.id, 'u1', 3)).toEqual([0, 2])
    expect(await staging.sweep(new Date(Date.now() + 25 * 3600_000))).toBeGreaterThanOrEqual(1)
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', project.id, 'u1'))).toBe(false)
  })

  it('zip-slip paths land in failedUploads and nothing is written outside the repository', async () => {
    const project = await insertProject(ctx, { title: 'Slip' })
    const evil = [
      '../evil.txt',
      '/etc/evil.txt',
      'C:/evil.txt',
      'src/../../evil.txt',
      'a\\..\\..\\evil.txt',
      'a//b.txt',
      'nul\0.txt',
    ]
    const res = await postChunk(ctx, token, project.id, [...evil.map((p) => file(p, 'pwned')), file('ok.txt')], 0, 1)
    expect(res.status).toBe(200)
    expect(res.body.data.failedUploads.map((f: { path: string }) => f.path)).toEqual(evil)
    expect(res.body.data.failedUploads[0].error).toBe('Parent directory segments (..) are not allowed')
    expect(await lsTree(ctx, res.body.data.github.repoName)).toEqual(['ok.txt'])
    for (const dir of [ctx.dataDir, path.dirname(ctx.dataDir), path.join(ctx.dataDir, 'uploads')]) {
      expect(fs.existsSync(path.join(dir, 'evil.txt'))).toBe(false)
    }
  })

  it('answers bad input with 4xx and clear messages', async () => {
    const project = await insertProject(ctx, { title: 'Bounds' })
    const many = Array.from({ length: 101 }, (_, i) => file(`f${i}.txt`))
    const tooMany = await postChunk(ctx, token, project.id, many, 0, 1)
    expect(tooMany).toMatchObject({ status: 413, body: { message: 'Too many files in one chunk: 101 (limit 100)' } })
    const big = await postChunk(
      ctx,
      token,
      project.id,
      [{ path: 'big.bin.txt', data: Buffer.alloc(UPLOAD_LIMITS.fileBytes + 1) }],
      0,
      1,
    )
    expect(big.status).toBe(413)
    expect(big.body.message).toMatch(/^File too large: big.bin.txt is 25.00 MB \(limit 25.00 MB per file\)$/)
    const unknown = await postChunk(ctx, token, project.id, [file('a.txt')], 0, 1, { extra: '1' })
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown field: extra' } })
    const badIndex = await postChunk(ctx, token, project.id, [file('a.txt')], 3, 2)
    expect(badIndex).toMatchObject({ status: 400, body: { message: 'chunkIndex must be less than totalChunks' } })
    const badPaths = await postChunk(ctx, token, project.id, [file('a.txt')], 0, 1, { relativePaths: '["a","b"]' })
    expect(badPaths).toMatchObject({ status: 400, body: { message: 'relativePaths lists 2 paths for 1 files' } })
    const missing = await postChunk(ctx, token, '0190aaaa-0000-7000-8000-000000000000', [file('a.txt')], 0, 1)
    expect(missing).toMatchObject({ status: 404, body: { message: 'Project not found' } })
    const nothing = await postChunk(ctx, token, project.id, [file('debug.log')], 0, 1)
    expect(nothing).toMatchObject({ status: 400, body: { message: 'No valid files to upload' } })
    const anonymous = await ctx.app.request('/api/upload/upload', { method: 'POST', body: new FormData() })
    expect(anonymous.status).toBe(401)
  })
})
