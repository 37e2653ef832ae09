/**
 * A multipart (or urlencoded) request body read as it arrives (busboy), for bodies too large to
 * hold. Parts are handed over in body order, each awaited before the next: a file part as a
 * stream its handler reads (whatever it leaves unread is drained). The body's bytes are counted as
 * they are read, so a body past its limit is refused with no more than one network read past it
 * held; a declared Content-Length past it is refused before anything is read. Text fields are
 * bounded in count and in bytes all together. A failure anywhere (a handler's refusal, the client going away, a
 * malformed body) destroys the parser and the file stream being read, so its handler's write fails.
 */
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import type { Context } from 'hono'
import { badRequest, tooLarge } from './errors'

/** One part of the body: a text field, or a file whose bytes `body` streams. */
export type StreamedPart =
  { kind: 'field'; name: string; value: string } | { kind: 'file'; name: string; filename: string; body: Readable }

/** Bounds of a streamed body: the whole body and all its text fields together in bytes, text fields in count. */
export type StreamLimits = { bodyBytes: number; fieldBytes: number; fields: number; tooLarge: () => Error }

/**
 * Read the body of `c` part by part, awaiting `onPart` for each; resolves when the body has ended
 * and every part was handled. Throws `limits.tooLarge()` for a body past `bodyBytes`, 413 for a
 * text fields past `fieldBytes`, 400 for more than `fields` text fields or a malformed body, and
 * whatever `onPart` throws. A body that is not a form has no parts.
 */
export async function readMultipart(
  c: Context,
  limits: StreamLimits,
  onPart: (part: StreamedPart) => Promise<void>,
): Promise<void> {
  if (Number(c.req.header('content-length')) > limits.bodyBytes) throw limits.tooLarge()
  const body = c.req.raw.body
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': c.req.header('content-type') ?? '' },
      defParamCharset: 'utf8',
      limits: { fieldSize: limits.fieldBytes, fields: limits.fields },
    })
  } catch {
    return
  }
  if (!body) return

  const queue: StreamedPart[] = []
  // Changed by the parser's events and the feeder while the loop below awaits.
  const state = { ended: false, failure: null as { error: unknown } | null }
  let wake = () => {}
  // The feeder's one pending wait (a read or a write), rejected when the body fails. One at a time,
  // never a race against a lasting promise: each race would stay attached to it, and keep its chunk.
  let interrupt: ((error: unknown) => void) | null = null
  const interruptible = <T>(start: (resolve: (value: T) => void, reject: (error: unknown) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      if (state.failure) return reject(state.failure.error)
      interrupt = reject
      start(resolve, reject)
    }).finally(() => {
      interrupt = null
    })
  const fail = (error: unknown) => {
    if (state.failure) return
    state.failure = { error }
    interrupt?.(error)
    parser.destroy(error instanceof Error ? error : new Error(String(error)))
    for (const part of queue) if (part.kind === 'file') part.body.destroy()
    wake()
  }
  let fieldBytes = 0
  parser.on('field', (name, value, info) => {
    fieldBytes += Buffer.byteLength(value)
    if (info.valueTruncated || fieldBytes > limits.fieldBytes)
      return fail(tooLarge(`Form fields exceed ${limits.fieldBytes} bytes`))
    queue.push({ kind: 'field', name, value })
    wake()
  })
  parser.on('file', (name, stream, info) => {
    // The stream fails with the body (fail() above); its handler sees that through its own pipeline.
    stream.on('error', () => {})
    queue.push({ kind: 'file', name, filename: info.filename ?? '', body: stream })
    wake()
  })
  parser.on('fieldsLimit', () => fail(badRequest(`Too many form fields (limit ${limits.fields})`)))
  parser.on('error', (error) =>
    fail(state.failure ? error : badRequest(`Malformed form body: ${(error as Error).message}`)),
  )
  parser.on('close', () => {
    state.ended = true
    wake()
  })

  // Feeds the body to the parser, a piece at a time: the parser holds the write back while a file
  // stream waits for its reader, so no more than a piece or two is ever held here.
  const feed = async () => {
    const reader = body.getReader()
    let read = 0
    for (;;) {
      // A read fails when the client goes away mid-body: no one hears the answer, but say what it was.
      const { done, value } = await interruptible<ReadableStreamReadResult<Uint8Array>>((resolve, reject) => {
        reader.read().then(resolve, () => reject(badRequest('The request body ended early')))
      })
      if (done) break
      read += value.byteLength
      if (read > limits.bodyBytes) throw limits.tooLarge()
      await interruptible<void>((resolve, reject) => parser.write(value, (e) => (e ? reject(e) : resolve())))
    }
    parser.end()
  }
  const feeding = feed().catch(fail)
  try {
    for (;;) {
      if (state.failure) throw state.failure.error
      const part = queue.shift()
      if (part) {
        await onPart(part)
        if (part.kind === 'file') part.body.resume()
      } else if (state.ended) {
        break
      } else {
        await new Promise<void>((resolve) => {
          wake = resolve
        })
      }
    }
  } catch (error) {
    fail(error)
  }
  await feeding
  if (state.failure) throw state.failure.error
}
