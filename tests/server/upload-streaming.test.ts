/**
 * A source chunk is read as it streams: each file reaches the staging storage while the rest of
 * the body is still unsent, the bounds refuse a body before it ends, and whatever a refused chunk
 * had written is gone when it is answered. Bodies are sent piece by piece and held at gates that
 * open on a state (a file stored), never on time: a server that read the whole body before
 * storing anything would wait at the gate until the test times out.
 */
import { Readable } from 'node:stream'
import { afterEach, expect, it } from 'vitest'
import { UPLOAD_LIMITS } from '../../src/api/schemas/upload'
import { describeEachDatabase } from './harness'
import { adminSession, insertProject } from './projects-helpers'
import { run } from './upload-helpers'
import {
  chunkFields,
  closing,
  fileHead,
  filePart,
  fileTail,
  MB,
  postBody,
  scriptedBody,
  stagedKeys,
  watchStaging,
} from './upload-stream-helpers'

const GATE_TIMEOUT_MS = 20_000

describeEachDatabase('source chunks stream to storage', (get) => {
  let watch: ReturnType<typeof watchStaging> | undefined
  afterEach(() => watch?.restore())

  it(
    'a file is in storage before the request body has ended',
    async () => {
      const ctx = get()
      const { token } = await adminSession(ctx)
      const project = await insertProject(ctx, { title: 'Streamed' })
      watch = watchStaging(ctx)
      const w = watch
      const first = Buffer.alloc(3 * MB, 'a')
      const second = Buffer.alloc(2 * MB, 'b')
      const body = scriptedBody([
        ...chunkFields(project.id, ['src/a.txt', 'src/b.txt']),
        filePart('a.txt', first),
        fileHead('b.txt'),
        second.subarray(0, 1000),
        // Held until the first file is stored: the body has not ended then.
        () => w.until(() => w.stored.some((key) => key.endsWith('/0'))),
        second.subarray(1000),
        fileTail,
        closing,
      ])
      const res = await postBody(ctx, token, body)
      expect(res).toMatchObject({ status: 200, body: { data: { committed: true, received: 2 } } })
      const gitDir = `${ctx.dataDir}/git/${res.body.data.github.repoName}.git`
      const size = async (p: string) =>
        Number((await run('git', ['--git-dir', gitDir, 'cat-file', '-s', `main:${p}`])).stdout)
      expect([await size('src/a.txt'), await size('src/b.txt')]).toEqual([first.length, second.length])
      expect(await stagedKeys(ctx, project.id)).toEqual(['streamed/committed.json'])
    },
    GATE_TIMEOUT_MS,
  )

  it(
    'the file past the per-chunk count is refused while the body is still open; nothing stays staged',
    async () => {
      const ctx = get()
      const { token } = await adminSession(ctx)
      const project = await insertProject(ctx, { title: 'Count' })
      watch = watchStaging(ctx)
      const count = UPLOAD_LIMITS.filesPerChunk + 1
      const paths = Array.from({ length: count }, (_, i) => `f${i}.txt`)
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      const body = scriptedBody([
        ...chunkFields(project.id, paths),
        ...paths.map((p) => filePart(p, Buffer.from(p))),
        () => held,
        closing,
      ])
      const res = await postBody(ctx, token, body)
      release()
      expect(res).toEqual({
        status: 413,
        body: { success: false, message: `Too many files in one chunk: ${count} (limit 100)` },
      })
      expect(watch.stored).toHaveLength(UPLOAD_LIMITS.filesPerChunk)
      expect(await stagedKeys(ctx, project.id)).toEqual([])
    },
    GATE_TIMEOUT_MS,
  )

  it(
    "with the fields first, the upload's total is checked as the files stream: refused before the body ends",
    async () => {
      const ctx = get()
      const { token } = await adminSession(ctx)
      const project = await insertProject(ctx, { title: 'Total' })
      // Chunk 0 staged as 480 MB (its manifest's figure; the bound reads the manifests).
      const spool = ctx.deps.staging.openSpool()
      await spool.put(0, Readable.from([Buffer.from('x')]))
      await ctx.deps.staging.stageChunk(project.id, 'streamed', 0, 2, spool, [
        { index: 0, path: 'big.bin.txt', size: 480 * MB },
      ])
      watch = watchStaging(ctx)
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      const paths = ['src/a.txt', 'node_modules/x.js', 'src/b.txt', 'src/c.txt']
      const body = scriptedBody([
        ...chunkFields(project.id, paths, 1, 2),
        ...['a', 'x', 'b'].map((name) => filePart(name, Buffer.alloc(10 * MB))),
        fileHead('c'),
        Buffer.alloc(10 * MB),
        () => held,
        fileTail,
        closing,
      ])
      const res = await postBody(ctx, token, body)
      release()
      expect(res.status).toBe(413)
      // The figure is the total when the bound was passed (480 MB + what of a, b and c had arrived).
      expect(res.body.message).toMatch(/^Upload too large: 5\d\d\.\d\d MB \(limit 500\.00 MB per upload\)$/)
      // Three files started: c, past the bound, is refused unstored; a and b are stored in this
      // chunk's spool, which the refusal deletes, so only chunk 0 stays staged.
      expect(watch.started).toHaveLength(3)
      expect(watch.stored).toHaveLength(2)
      expect((await stagedKeys(ctx, project.id)).filter((key) => !key.startsWith('streamed/blobs-0-'))).toEqual([
        'streamed/chunk-0.json',
      ])
    },
    GATE_TIMEOUT_MS,
  )

  it('fields after the files: each file is stored, then decided; refused ones are removed, a too-large one named', async () => {
    const ctx = get()
    const { token } = await adminSession(ctx)
    const project = await insertProject(ctx, { title: 'Fields last' })
    watch = watchStaging(ctx)
    const paths = ['src/a.ts', 'node_modules/x/index.js', 'src/b.ts']
    const kept = await postBody(
      ctx,
      token,
      scriptedBody([
        ...paths.map((p) => filePart('x.js', Buffer.from(p))),
        ...chunkFields(project.id, paths, 0, 2),
        closing,
      ]),
    )
    expect(kept).toMatchObject({
      status: 200,
      body: {
        data: {
          committed: false,
          received: 2,
          failedUploads: [{ path: 'node_modules/x/index.js', error: 'Excluded folder: node_modules' }],
        },
      },
    })
    expect(watch.stored).toHaveLength(3)
    const blobs = (await stagedKeys(ctx, project.id))
      .filter((key) => !key.endsWith('.json'))
      .map((key) => key.split('/').pop())
    expect(blobs).toEqual(['0', '2'])

    const big = ['src/c.ts', 'docs/big.txt', 'src/d.ts']
    const files = [
      filePart('c.ts', Buffer.from('c')),
      filePart('big.txt', Buffer.alloc(UPLOAD_LIMITS.fileBytes + 1)),
      filePart('d.ts', Buffer.from('d')),
    ]
    const refused = await postBody(ctx, token, scriptedBody([...files, ...chunkFields(project.id, big, 1, 2), closing]))
    expect(refused).toEqual({
      status: 413,
      body: { success: false, message: 'File too large: docs/big.txt is 25.00 MB (limit 25.00 MB per file)' },
    })
    // The file before it was stored and then removed with the spool; the one after was never stored.
    expect(watch.stored).toHaveLength(4)
    expect(
      (await stagedKeys(ctx, project.id)).filter((key) => !key.endsWith('.json')).map((key) => key.split('/').pop()),
    ).toEqual(['0', '2'])
  })
})
