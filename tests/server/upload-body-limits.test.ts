/**
 * Image and report uploads stop reading at their limit. Over a real socket, a body
 * declared too large is refused before a byte of it is sent, and a chunked body (no
 * Content-Length) three times the limit is answered 413 while the client is still sending: the
 * server cannot have held the whole body, because most of it was never sent.
 */
import { once } from 'node:events'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MULTIPART_OVERHEAD_BYTES } from '../../src/api/schemas/multipart'
import { REPORT_LIMITS } from '../../src/api/schemas/reports'
import { IMAGE_LIMITS } from '../../src/api/schemas/storage'
import type { TestContext } from './harness'
import { adminContext, insertProject } from './projects-helpers'
import { listen } from './upload-helpers'

const MB = 1024 * 1024
const BOUNDARY = 'upload-limit-boundary'

type Answer = { status: number; body: any; sent: number }

/**
 * POST a multipart body with one file part of `fileBytes` to `url`, chunked unless `declared`
 * (a Content-Length, then nothing is sent until the answer). Sending stops when the answer comes.
 */
function sendFile(url: string, token: string, field: string, fileBytes: number, declared?: number): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(declared ? { 'content-length': String(declared) } : {}),
      },
    })
    let sent = 0
    let answered = false
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    req.on('response', async (res) => {
      answered = true
      const parts: Buffer[] = []
      for await (const part of res) parts.push(part as Buffer)
      resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')), sent })
      req.destroy()
    })
    if (declared) {
      req.flushHeaders()
      setTimeout(() => reject(new Error('no answer within 10 s while the body was held back')), 10_000).unref()
      return
    }
    const piece = Buffer.alloc(256 * 1024, 0x61)
    void (async () => {
      req.write(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.docx"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      )
      while (!answered && sent < fileBytes) {
        sent += piece.length
        if (!req.write(piece)) await Promise.race([once(req, 'drain'), once(req, 'response'), once(req, 'close')])
      }
      if (!answered) req.end(`\r\n--${BOUNDARY}--\r\n`)
    })().catch(() => undefined)
  })
}

describe('image and report uploads stop reading at their limit', () => {
  let ctx: TestContext
  let token: string
  let server: Awaited<ReturnType<typeof listen>>
  let projectId: string
  beforeAll(async () => {
    ;({ ctx, token } = await adminContext())
    server = await listen(ctx)
    projectId = (await insertProject(ctx, { title: 'Limits' })).id
  })
  afterAll(async () => {
    await server?.close()
    await ctx?.close()
  })

  const routes = [
    {
      name: 'report',
      path: () => `/api/admin/projects/${projectId}/report`,
      field: 'report',
      limit: REPORT_LIMITS.fileBytes + MULTIPART_OVERHEAD_BYTES,
      message: 'Report too large (limit 20 MB)',
    },
    {
      name: 'images',
      path: () => `/api/storage/projects/${projectId}/images`,
      field: 'images',
      limit: IMAGE_LIMITS.perProject * IMAGE_LIMITS.fileBytes + MULTIPART_OVERHEAD_BYTES,
      message: 'Images too large (limit 5 images of 10 MB)',
    },
  ]

  it.each(routes)(
    '$name: a declared Content-Length over the limit is refused before the body is sent',
    async (route) => {
      const answer = await sendFile(`${server.url}${route.path()}`, token, route.field, 0, route.limit + 1)
      expect(answer).toEqual({ status: 413, body: { success: false, message: route.message }, sent: 0 })
    },
  )

  it.each(routes)('$name: a chunked body 3x the limit is answered 413 while the client still sends', async (route) => {
    const total = 3 * route.limit
    const answer = await sendFile(`${server.url}${route.path()}`, token, route.field, total)
    expect(answer.status).toBe(413)
    expect(answer.body).toEqual({ success: false, message: route.message })
    // Answered after about `limit` bytes (plus what the socket buffers held), far from the whole body.
    expect(answer.sent).toBeGreaterThan(route.limit - 8 * MB)
    expect(answer.sent).toBeLessThan(route.limit + 16 * MB)
  })
})
