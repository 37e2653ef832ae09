/**
 * The SPA's index.html with the running server's configuration in it (DESIGN.md: "the login
 * hint shows ADMIN_EMAIL"): `<meta name="admin-email" content="...">` in the head, HTML-escaped,
 * so the login screen needs no extra request and no build-time variable. Read by
 * src/lib/runtime-config.ts. The prerendered login page has the e-mail in its hint as well.
 */
import { ADMIN_EMAIL_SLOT } from '../../src/api/schemas/runtime-config'

export { LOGIN_PAGE } from '../../src/api/schemas/runtime-config'

/** `&`, `<`, `>`, `"` and `'` as entities, for an attribute value or text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/** What the server tells the SPA at load. */
export type RuntimeConfig = { adminEmail: string }

/** `html` with the runtime configuration as meta tags just before `</head>` (or first, without a head). */
export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  const tags = `<meta name="admin-email" content="${escapeHtml(config.adminEmail)}" />\n`
  const head = html.indexOf('</head>')
  return head < 0 ? tags + html : `${html.slice(0, head)}  ${tags}  ${html.slice(head)}`
}

/**
 * `html` with every `ADMIN_EMAIL_SLOT` (the prerendered login hint's placeholder) replaced by
 * `adminEmail`, HTML-escaped; a page without the slot comes back as it is.
 */
export function fillAdminEmailSlot(html: string, adminEmail: string): string {
  return html.replaceAll(ADMIN_EMAIL_SLOT, () => escapeHtml(adminEmail))
}

/** Cache-Control of content-hashed build output (/assets/*): a year, immutable. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Cache-Control of index.html and other unhashed files: revalidated on every load, so a deploy is seen at once. */
export const REVALIDATE = 'no-cache'
