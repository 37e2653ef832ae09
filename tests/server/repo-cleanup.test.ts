import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type TestContext } from './harness'
import { adminContext, insertProject } from './projects-helpers'
import { postChunk } from './upload-helpers'

describe('deleting a project removes its repository, images, report and staging', () => {
  let ctx: TestContext
  let token: string
  beforeAll(async () => ({ ctx, token } = await adminContext()))
  afterAll(async () => ctx?.close())

  it('cleans up after DELETE /api/projects/:id', async () => {
    const project = await insertProject(ctx, { title: 'Doomed' })
    const done = await postChunk(ctx, token, project.id, [{ path: 'a.txt', data: Buffer.from('a') }], 0, 1)
    await postChunk(ctx, token, project.id, [{ path: 'b.txt', data: Buffer.from('b') }], 0, 2, { uploadId: 'half' })
    const form = new FormData()
    form.append(
      'images',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'a.png',
    )
    await ctx.app.request(`/api/storage/projects/${project.id}/images`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    const repoDir = path.join(ctx.dataDir, 'git', `${done.body.data.github.repoName}.git`)
    const imageDir = path.join(ctx.dataDir, 'files', 'images', project.id)
    const stagingDir = path.join(ctx.dataDir, 'uploads', project.id)
    for (const dir of [repoDir, imageDir, stagingDir]) expect(fs.existsSync(dir), dir).toBe(true)
    expect((await call(ctx, 'DELETE', `/api/projects/${project.id}`, undefined, token)).status).toBe(200)
    for (const dir of [repoDir, imageDir, stagingDir]) expect(fs.existsSync(dir), dir).toBe(false)
  })
})
