/**
 * Security headers on the SPA, the API, files and error responses: nosniff,
 * no-referrer, no framing, and a Content-Security-Policy: the SPA's allows its inline preload
 * script by hash and nothing inline else; every other response allows nothing.
 */
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { API_POLICY, htmlPolicy, inlineScriptHashes, securityHeaders } from '../../../server/http/security-headers'
import { Hono } from 'hono'
import { preloadScript } from '../../../scripts/route-preload'
import { signIn } from '../harness'
import { useSpaApp } from './spa-app'

const PRELOAD = preloadScript([
  { pattern: '^/projects$', session: true, files: ['/assets/list.js'], styles: ['/assets/list.css'], requests: [] },
])
const TEMPLATE =
  `<!doctype html>\n<html>\n  <head>\n    <script>${PRELOAD}</script>\n` +
  '    <script type="module" crossorigin src="/assets/app.js"></script>\n    <title>Admin Panel</title>\n  </head>\n' +
  '  <body><div id="root"></div></body>\n</html>\n'
const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`

/** The policy as a map: directive → its sources. */
const directives = (policy: string | null) =>
  new Map(
    (policy ?? '').split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    }),
  )

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
}

describe('security headers', () => {
  const spa = useSpaApp(TEMPLATE)

  const expectCommon = (res: Response) => {
    for (const [name, value] of Object.entries(COMMON)) expect(res.headers.get(name), name).toBe(value)
  }

  it('gives the SPA a strict policy: its own scripts and the inline preload script by hash only', async () => {
    for (const url of ['/', '/login', '/projects/123', '/index.html']) {
      const res = await spa.app().request(url)
      expect(res.status).toBe(200)
      expectCommon(res)
      const policy = directives(res.headers.get('content-security-policy'))
      expect(policy.get('script-src')).toEqual(["'self'", sha256(PRELOAD)])
      expect(policy.get('default-src')).toEqual(["'self'"])
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect(policy.get('object-src')).toEqual(["'none'"])
      expect(policy.get('base-uri')).toEqual(["'none'"])
      expect(policy.get('connect-src')).toEqual(["'self'"])
      expect([...policy.values()].flat()).not.toContain("'unsafe-eval'")
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
    }
  })

  it('answers the API, files and every kind of error with the deny-all policy', async () => {
    const { accessToken } = await signIn(spa.ctx())
    const responses = [
      await spa.app().request('/api/health'),
      await spa.app().request('/assets/app.js'),
      await spa.app().request('/assets/missing.js'),
      await spa.app().request('/api/projects'),
      await spa.app().request('/api/nothing-here', { headers: { authorization: `Bearer ${accessToken}` } }),
      await spa
        .app()
        .request('/api/auth/send-otp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      await spa.app().request('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"refreshToken":"x"}',
      }),
    ]
    expect(responses.map((r) => r.status)).toEqual([200, 200, 404, 401, 404, 400, 401])
    for (const res of responses) {
      expectCommon(res)
      expect(res.headers.get('content-security-policy')).toBe(API_POLICY)
    }
  })

  it('gives any other HTML page (e.g. the API docs) the page policy without inline scripts', async () => {
    const pages = new Hono()
    pages.use('*', securityHeaders())
    pages.get('/docs', (c) => c.html('<script src="/docs.js"></script>'))
    pages.get('/own', (c) => c.html('<p>own</p>', 200, { 'content-security-policy': "default-src 'none'" }))
    const docs = await pages.request('/docs')
    expectCommon(docs)
    expect(docs.headers.get('content-security-policy')).toBe(htmlPolicy(''))
    expect(directives(docs.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'"])
    expect((await pages.request('/own')).headers.get('content-security-policy')).toBe("default-src 'none'")
  })

  it('hashes every inline script and only those', () => {
    const html =
      '<script>a()</script><script type="module" src="/x.js"></script><SCRIPT nonce="n">b()</SCRIPT><script></script>'
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()')])
    expect(htmlPolicy(html)).toContain(`script-src 'self' ${sha256('a()')} ${sha256('b()')};`)
  })
})
