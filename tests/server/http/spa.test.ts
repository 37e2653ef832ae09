/**
 * The SPA is served with the running server's ADMIN_EMAIL in index.html (no build-time value):
 * `ADMIN_EMAIL=ops@shop.example npm start` shows ops@shop.example in the login hint.
 */
import { describe, expect, it } from 'vitest'
import { escapeHtml, injectRuntimeConfig } from '../../../server/http/spa'
import { useSpaApp } from './spa-app'

const TEMPLATE =
  '<!doctype html>\n<html>\n  <head>\n    <title>Admin Panel</title>\n  </head>\n  <body></body>\n</html>\n'

describe('injectRuntimeConfig', () => {
  it('puts the admin e-mail in a meta tag in the head, HTML-escaped', () => {
    const html = injectRuntimeConfig(TEMPLATE, { adminEmail: `o"ps<&>'@shop.example` })
    expect(html).toContain('<meta name="admin-email" content="o&#34;ps&#60;&#38;&#62;&#39;@shop.example" />')
    expect(html.indexOf('admin-email')).toBeLessThan(html.indexOf('</head>'))
    expect(escapeHtml('a&b')).toBe('a&#38;b')
  })
})

describe('serving the SPA', () => {
  const spa = useSpaApp(TEMPLATE)

  it('answers / and client routes with index.html carrying ADMIN_EMAIL', async () => {
    for (const url of ['/', '/login', '/projects/new']) {
      const res = await spa.app().request(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      const html = await res.text()
      expect(html).toContain('<meta name="admin-email" content="ops@shop.example" />')
      expect(html).not.toContain('admin@example.com')
    }
  })

  it('serves the built files as they are and leaves /api alone', async () => {
    const asset = await spa.app().request('/assets/app.js')
    expect(await asset.text()).toBe('console.log(1)\n')
    expect((await spa.app().request('/api/health')).status).toBe(200)
    // Unknown API paths stay JSON errors (the admin guard answers first), never the SPA page.
    const missing = await spa.app().request('/api/nothing-here')
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ success: false })
  })
})
