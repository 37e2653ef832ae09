/**
 * The client's IP for rate limits and the audit log. Behind N trusted reverse proxies
 * (TRUST_PROXY=N) it is the address the outermost of them saw: X-Forwarded-For read from the
 * right, past the N-1 entries the inner proxies appended, as Express's numeric `trust proxy` does
 * (proxy-addr). Entries further left were written by the client and never count; with too few
 * entries the leftmost one is taken (a request that did not come through all N proxies). With
 * TRUST_PROXY=0 the header is ignored and the socket's peer is the client.
 */
import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import proxyAddr from 'proxy-addr'

/**
 * The client IP as text, or 'unknown' when nothing names one. `trustedHops` is TRUST_PROXY, a
 * non-negative integer. Without a node socket (`app.request` in tests) the peer is unknown but
 * still the first trusted hop, so a one-entry header stands for what that proxy appended.
 */
export function clientIp(c: Context, trustedHops: number): string {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming ?? unconnectedRequest(c)
  const address: string | undefined = proxyAddr(incoming, (_address, hop) => hop < trustedHops)
  return address || 'unknown'
}

/** A node request with this request's X-Forwarded-For and a socket that has no peer. */
function unconnectedRequest(c: Context): IncomingMessage {
  const request = new IncomingMessage(new Socket())
  const forwarded = c.req.header('x-forwarded-for')
  if (forwarded !== undefined) request.headers['x-forwarded-for'] = forwarded
  return request
}
