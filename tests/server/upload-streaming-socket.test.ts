/**
 * A source chunk over a real socket: the bytes of a chunk at the body bound are not held once
 * stored, a chunked body past the bound is answered 413 while the client still sends (files
 * before the bound were streamed to storage, and are gone when the answer comes), and a client
 * that goes away mid-file leaves nothing staged. Waits are on states (a put started or ended, a
 * spool discarded, the answer), never on time.
 */
import { once } from 'node:events'
import http from 'node:http'
import v8 from 'node:v8'
import vm from 'node:vm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_LIMITS } from '../../src/api/schemas/upload'
import type { TestContext } from './harness'
import { adminContext, insertProject } from './projects-helpers'
import { listen } from './upload-helpers'
import {
  chunkFields,
  closing,
  CONTENT_TYPE,
  fileHead,
  fileTail,
  MB,
  stagedKeys,
  watchStaging,
} from './upload-stream-helpers'

/** A POST of the upload route, chunked unless `length` (bytes) is declared; the caller writes the body. */
function openChunk(url: string, token: string, length?: number) {
  const req = http.request(`${url}/api/upload/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': CONTENT_TYPE,
      ...(length ? { 'content-length': String(length) } : {}),
    },
  })
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('error', reject)
    req.on('response', async (res) => {
      const parts: Buffer[] = []
      for await (const part of res) parts.push(part as Buffer)
      resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) })
    })
  })
  answer.catch(() => {})
  return { req, answer }
}

describe('source chunks over a socket', () => {
  let ctx: TestContext
  let token: string
  let server: Awaited<ReturnType<typeof listen>>
  let watch: ReturnType<typeof watchStaging> | undefined
  beforeAll(async () => {
    ;({ ctx, token } = await adminContext())
    server = await listen(ctx)
  })
  afterEach(() => watch?.restore())
  afterAll(async () => {
    await server?.close()
    await ctx?.close()
  })

  it('a chunk at the body bound is not held: once seven of its eight files are stored, its bytes are not in memory', async () => {
    const project = await insertProject(ctx, { title: 'Held' })
    watch = watchStaging(ctx)
    const w = watch
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    const paths = Array.from({ length: 8 }, (_, i) => `src/part-${i}.txt`)
    const fields = Buffer.concat(chunkFields(project.id, paths, 0, 2))
    const heads = paths.map((p, i) => Buffer.concat([i === 0 ? fields : fileTail, fileHead(p)]))
    const end = Buffer.concat([fileTail, closing])
    const framing = heads.reduce((sum, h) => sum + h.length, 0) + end.length
    const fileBytes = Math.floor((UPLOAD_LIMITS.chunkBodyBytes - framing) / 8)
    const { req, answer } = openChunk(server.url, token, framing + 8 * fileBytes)
    const piece = Buffer.alloc(MB, 0x61)
    const write = async (data: Buffer) => {
      if (!req.write(data)) await Promise.race([once(req, 'drain'), answer])
    }
    gc()
    const before = process.memoryUsage().arrayBuffers
    for (const head of heads) {
      await write(head)
      for (let left = fileBytes; left > 0; left -= MB) await write(left >= MB ? piece : piece.subarray(0, left))
    }
    await w.until(() => w.stored.length === 7 && w.started.length === 8)
    gc()
    const held = process.memoryUsage().arrayBuffers - before
    req.end(end)
    expect(await answer).toMatchObject({ status: 200, body: { data: { received: 8, committed: false } } })
    // 175 MB have been through the server; what stays is the buffers in flight of one piece or so.
    expect(held).toBeLessThan(32 * MB)
  })

  it('a chunked body past the chunk bound is answered 413 while the client sends; what it stored is gone', async () => {
    const project = await insertProject(ctx, { title: 'Body bound' })
    watch = watchStaging(ctx)
    const { req, answer } = openChunk(server.url, token)
    const paths = Array.from({ length: 20 }, (_, i) => `src/part-${i}.bin.txt`)
    let sent = 0
    let answered = false
    void answer.finally(() => {
      answered = true
    })
    const write = async (data: Buffer) => {
      sent += data.length
      if (!req.write(data)) await Promise.race([once(req, 'drain'), answer, once(req, 'close')])
    }
    for (const field of chunkFields(project.id, paths)) await write(field)
    const piece = Buffer.alloc(MB, 0x61)
    for (let file = 0; file < paths.length && !answered; file++) {
      await write(fileHead(`part-${file}.bin.txt`))
      for (let i = 0; i < 20 && !answered; i++) await write(piece)
      if (!answered) await write(fileTail)
    }
    const res = await answer
    req.destroy()
    expect(res).toEqual({
      status: 413,
      body: { success: false, message: 'Upload chunk exceeds 200.00 MB; send fewer files per chunk' },
    })
    expect(sent).toBeLessThan(UPLOAD_LIMITS.chunkBodyBytes + 16 * MB)
    expect(watch.stored.length).toBeGreaterThanOrEqual(9)
    expect(await stagedKeys(ctx, project.id)).toEqual([])
  })

  it('a client that goes away mid-file leaves nothing staged', async () => {
    const project = await insertProject(ctx, { title: 'Gone' })
    watch = watchStaging(ctx)
    const w = watch
    const { req } = openChunk(server.url, token)
    for (const field of chunkFields(project.id, ['a.txt', 'b.txt'])) req.write(field)
    req.write(
      Buffer.concat([fileHead('a.txt'), Buffer.alloc(MB, 0x61), fileTail, fileHead('b.txt'), Buffer.alloc(MB, 0x62)]),
    )
    await w.until(() => w.stored.length === 1 && w.started.length === 2)
    req.destroy()
    await w.until(() => w.discarded() === 1)
    expect(await stagedKeys(ctx, project.id)).toEqual([])
  }, 20_000)
})
