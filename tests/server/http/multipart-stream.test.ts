/**
 * The streamed multipart reader (server/http/multipart-stream.ts) in a bare Hono app: parts in
 * body order with file bytes as streams, and each refusal: a declared length past the bound before
 * any byte is read, text fields past their bytes or count, a body cut short. A body that is not a
 * form has no parts.
 */
import { Hono } from 'hono'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { ApiError, tooLarge } from '../../../server/http/errors'
import { readMultipart } from '../../../server/http/multipart-stream'
import { CONTENT_TYPE, closing, fieldPart, filePart } from '../upload-stream-helpers'

const LIMITS = { bodyBytes: 4096, fieldBytes: 64, fields: 3, tooLarge: () => tooLarge('Body too large') }

/** An app answering the parts it read (`field name=value`, `file name(filename)=content`) or the refusal. */
function app() {
  return new Hono().post('/', async (c) => {
    const seen: string[] = []
    try {
      await readMultipart(c, LIMITS, async (part) => {
        seen.push(
          part.kind === 'field'
            ? `field ${part.name}=${part.value}`
            : `file ${part.name}(${part.filename})=${await text(part.body)}`,
        )
      })
    } catch (error) {
      return c.json({ status: (error as ApiError).status, message: (error as ApiError).message, seen })
    }
    return c.json({ status: 200, seen })
  })
}

const post = async (body: BodyInit, headers: Record<string, string> = { 'content-type': CONTENT_TYPE }) =>
  (await app().request('/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)).json()

describe('readMultipart', () => {
  it('hands over fields and files in body order, a file as its bytes', async () => {
    const body = Buffer.concat([
      fieldPart('a', '1'),
      filePart('x.txt', Buffer.from('hello')),
      fieldPart('b', 'ü'),
      closing,
    ])
    expect(await post(body)).toEqual({ status: 200, seen: ['field a=1', 'file files(x.txt)=hello', 'field b=ü'] })
  })

  it('refuses a declared length past the bound before reading a byte', async () => {
    let pulled = false
    // No queue to fill: pulled only when the reader asks.
    const body = new ReadableStream(
      {
        pull(controller) {
          pulled = true
          controller.close()
        },
      },
      { highWaterMark: 0 },
    )
    const res = await app().request('/', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': CONTENT_TYPE, 'content-length': '4097' },
    } as RequestInit)
    expect(await res.json()).toEqual({ status: 413, message: 'Body too large', seen: [] })
    expect(pulled).toBe(false)
  })

  it('refuses a body past the bound as it arrives, text fields past their bytes or count, and a body cut short', async () => {
    const big = Buffer.concat([fieldPart('a', '1'), filePart('x.txt', Buffer.alloc(5000, 0x61)), closing])
    expect(await post(new Blob([big]).stream() as unknown as BodyInit)).toMatchObject({
      status: 413,
      message: 'Body too large',
    })
    expect(
      await post(Buffer.concat([fieldPart('a', 'x'.repeat(40)), fieldPart('b', 'x'.repeat(40)), closing])),
    ).toMatchObject({ status: 413, message: 'Form fields exceed 64 bytes' })
    expect(await post(Buffer.concat(['a', 'b', 'c', 'd'].map((n) => fieldPart(n, n)).concat(closing)))).toMatchObject({
      status: 400,
      message: 'Too many form fields (limit 3)',
    })
    expect(
      await post(Buffer.concat([fieldPart('a', '1'), filePart('x.txt', Buffer.from('cut')).subarray(0, 60)])),
    ).toMatchObject({ status: 400, message: 'Malformed form body: Unexpected end of form' })
  })

  it('reads no parts from a body that is not a form', async () => {
    expect(await post('{"a":1}', { 'content-type': 'application/json' })).toEqual({ status: 200, seen: [] })
  })
})
