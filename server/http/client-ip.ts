/**
 * The client's IP for OTP rate limits and the audit log. Behind a trusted reverse proxy
 * (TRUST_PROXY=1) it is the first X-Forwarded-For entry, the address the proxy saw; otherwise the
 * header is ignored (any client could forge it) and the socket's remote address is used.
 */
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** The client IP as text, or 'unknown' when there is no socket (e.g. `app.request` in tests). */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // getConnInfo reads the node socket from c.env, which app.request() does not provide.
    return 'unknown'
  }
}
