/**
 * Chunk counts are bounded (UPLOAD_LIMITS.maxChunks, so files per upload too) and
 * a refused request never holds the project's upload lock: a good chunk sent beside it is answered
 * at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_LIMITS } from '../../src/api/schemas/upload'
import type { TestContext } from './harness'
import { adminContext, insertProject } from './projects-helpers'
import { postChunk } from './upload-helpers'

const file = (p: string) => ({ path: p, data: Buffer.from(p) })
/** Resolves with `ms` elapsed, or 'timeout' after `limit` ms. */
async function timed<T>(work: Promise<T>, limit: number): Promise<{ value: T; ms: number } | 'timeout'> {
  const start = performance.now()
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), limit).unref())
  return Promise.race([work.then((value) => ({ value, ms: performance.now() - start })), timeout])
}

describe('upload chunk counts', () => {
  let ctx: TestContext
  let token: string
  beforeAll(async () => ({ ctx, token } = await adminContext()))
  afterAll(async () => ctx?.close())

  it('refuses totalChunks and chunkIndex beyond the bound, at once', async () => {
    const project = await insertProject(ctx, { title: 'Bounds' })
    const huge = await timed(postChunk(ctx, token, project.id, [file('a.txt')], 0, 999_999), 5_000)
    expect(huge).not.toBe('timeout')
    expect(huge !== 'timeout' && huge.value).toMatchObject({
      status: 400,
      body: {
        message: `totalChunks must be at most ${UPLOAD_LIMITS.maxChunks} (${UPLOAD_LIMITS.filesPerUpload} files per upload)`,
      },
    })
    const index = await postChunk(ctx, token, project.id, [file('a.txt')], 999_998, 999_999)
    expect(index).toMatchObject({
      status: 400,
      body: { message: 'chunkIndex must be at most 199 (20000 files per upload)' },
    })
    const most = await postChunk(
      ctx,
      token,
      project.id,
      [file('a.txt')],
      UPLOAD_LIMITS.maxChunks - 1,
      UPLOAD_LIMITS.maxChunks,
      { uploadId: 'm1' },
    )
    expect(most).toMatchObject({ status: 200, body: { message: 'Chunk 200 of 200 received; 199 to go' } })
  })

  it('a refused request does not hold the upload lock: a chunk sent beside it is answered at once', async () => {
    const project = await insertProject(ctx, { title: 'Lock' })
    const hostile = postChunk(ctx, token, project.id, [file('a.txt')], 5, 999_999, {
      uploadId: 'h1',
      isFirstChunk: 'false',
    })
    const good = await timed(postChunk(ctx, token, project.id, [file('b.txt')], 0, 1, { uploadId: 'g1' }), 5_000)
    expect(good !== 'timeout' && good.value.body).toMatchObject({ data: { committed: true } })
    expect((await hostile).status).toBe(400)
  })
})
