/**
 * The SPA is served with the running server's ADMIN_EMAIL in index.html (no build-time value):
 * `ADMIN_EMAIL=ops@shop.example npm start` shows ops@shop.example in the login hint, and /login
 * is the prerendered login page with the e-mail written into its hint.
 */
import { describe, expect, it } from 'vitest'
import { ADMIN_EMAIL_SLOT } from '../../../src/api/schemas/runtime-config'
import { escapeHtml, fillAdminEmailSlot, injectRuntimeConfig } from '../../../server/http/spa'
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

describe('the prerendered login page', () => {
  const LOGIN =
    '<!doctype html>\n<html>\n  <head>\n    <script>window.x=1</script>\n  </head>\n  <body><div id="root" data-prerendered>' +
    `<p>Admin login: <strong>${ADMIN_EMAIL_SLOT}</strong></p></div></body>\n</html>\n`
  const spa = useSpaApp(TEMPLATE, { pages: { 'login.html': LOGIN }, adminEmail: 'ops+login@shop.example' })

  // The environment accepts only e-mail addresses; the escaping still guards the page.
  it('fills the slot with the e-mail, HTML-escaped, and leaves a page without one alone', () => {
    expect(fillAdminEmailSlot(`<b>${ADMIN_EMAIL_SLOT}</b>`, '<x>@y')).toBe('<b>&#60;x&#62;@y</b>')
    expect(fillAdminEmailSlot(TEMPLATE, 'a@b')).toBe(TEMPLATE)
  })

  it('answers /login (and its file name) with the prerendered page, the hint filled in, its script allowed', async () => {
    for (const url of ['/login', '/login?next=%2Forders', '/login.html']) {
      const res = await spa.app().request(url)
      expect(res.status, url).toBe(200)
      const html = await res.text()
      expect(html, url).toContain('<div id="root" data-prerendered>')
      expect(html, url).toContain('Admin login: <strong>ops+login@shop.example</strong>')
      expect(html, url).toContain('<meta name="admin-email" content="ops+login@shop.example" />')
      expect(html, url).not.toContain(ADMIN_EMAIL_SLOT)
      expect(res.headers.get('content-security-policy'), url).toMatch(/script-src 'self' 'sha256-/)
    }
  })

  it('answers the other addresses with index.html, not the prerendered page', async () => {
    for (const url of ['/', '/projects', '/login/other']) {
      const html = await (await spa.app().request(url)).text()
      expect(html, url).not.toContain('data-prerendered')
      expect(html, url).toContain('<title>Admin Panel</title>')
    }
  })
})
