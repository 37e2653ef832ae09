/**
 * Request body size limits, one middleware for everything under /api:
 * - the auth routes (public sign-in, refresh, logout; the profile): 8 KB;
 * - the storefront's public contact form (POST /api/contacts): 32 KB (a 5,000-character message
 *   with every character \u-escaped fits);
 * - every other route: 1 MB (JSON bodies of the console are a few KB at most);
 * - the three multipart upload routes are skipped here: they bound their own bodies (source
 *   chunks, images, reports; server/routes/upload.routes.ts, storage.routes.ts, reports.routes.ts).
 * A larger body answers 413 `{ success: false, message }` before any of it is parsed; a body
 * without Content-Length is counted while read (hono/body-limit).
 */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../deps'
import { tooLarge } from './errors'

/** Bytes. */
export const BODY_LIMITS = { auth: 8 * 1024, contactForm: 32 * 1024, json: 1024 * 1024 } as const

/** POST routes that take multipart uploads and check their own sizes. */
const OWN_LIMIT_ROUTES = [
  /^\/api\/upload\/upload\/?$/,
  /^\/api\/storage\/projects\/[^/]+\/images\/?$/,
  /^\/api\/admin\/projects\/[^/]+\/report\/?$/,
]

/**
 * Middleware: 413 `{ success: false, message }` once the request body passes `maxBytes` (bytes).
 * A body with Content-Length is judged by that header alone, its bytes left untouched: asking
 * hono/body-limit would open the body's web stream, which starts reading it; a route that then
 * answers without reading the rest (a wrong content type, a bad token or id, this 413) leaves the
 * socket paused by that stream, so @hono/node-server cannot drain the body and closes the
 * kept-alive connection 500 ms later, under the client's next request. Left untouched, Node
 * discards the unread body itself. A chunked body is counted as it arrives (hono/body-limit), so
 * no more than `maxBytes` is ever held. Used for /api below and by the image and report routes
 * with their own limits and texts; source chunks count their bytes as they stream them to storage
 * instead (server/http/multipart-stream.ts).
 */
export function bodyLimitOf(maxBytes: number, message: string): MiddlewareHandler<AppEnv> {
  const counted = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(message)
    },
  })
  return async (c, next) => {
    const length = c.req.header('content-length')
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next)
    if (Number(length) > maxBytes) throw tooLarge(message)
    return next()
  }
}

const limit = (maxSize: number, label: string) => bodyLimitOf(maxSize, `Request body too large (limit ${label})`)

/** The /api body-limit middleware described above. */
export function apiBodyLimits(): MiddlewareHandler<AppEnv> {
  const auth = limit(BODY_LIMITS.auth, '8 KB')
  const json = limit(BODY_LIMITS.json, '1 MB')
  const contactForm = limit(BODY_LIMITS.contactForm, '32 KB')
  return async (c, next) => {
    // A GET or HEAD request has no body to limit (Fetch refuses one), and asking hono/body-limit
    // would make @hono/node-server build a full Request per read (a cost seen in the load bench).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const path = c.req.path
    if (path.startsWith('/api/auth/')) return auth(c, next)
    if (c.req.method === 'POST' && /^\/api\/contacts\/?$/.test(path)) return contactForm(c, next)
    if (c.req.method === 'POST' && OWN_LIMIT_ROUTES.some((route) => route.test(path))) return next()
    return json(c, next)
  }
}
