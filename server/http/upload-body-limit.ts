/**
 * The body limit of the upload routes (source chunks, images, reports; issue 8 item 9):
 * hono/body-limit refuses a Content-Length above `maxBytes` before reading anything, and counts a
 * streamed (chunked) body as it arrives, refusing it as soon as it passes `maxBytes`, so no more
 * than `maxBytes` is ever held. The refusal is the API's 413 `{ success: false, message }`.
 */
import { bodyLimit } from 'hono/body-limit'
import { tooLarge } from './errors'

/** Middleware: 413 with `message` once the request body passes `maxBytes` (bytes). */
export const uploadBodyLimit = (maxBytes: number, message: string) =>
  bodyLimit({ maxSize: maxBytes, onError: () => { throw tooLarge(message) } })
