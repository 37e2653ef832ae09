/**
 * Configuration of the running server, injected into index.html when the server serves the SPA
 * (server/http/spa.ts): `<meta name="admin-email" content="...">`. Under the Vite dev server
 * there is no injection and the documented default is shown.
 */

/** ADMIN_EMAIL's default (DESIGN.md "Fixed interface conventions"). */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com'

/** The admin e-mail from the meta tag's content: trimmed; missing, blank or not an e-mail → the default. */
export function adminEmailFrom(content: string | null | undefined): string {
  const email = content?.trim() ?? ''
  return /^[^\s@]+@[^\s@]+$/.test(email) ? email : DEFAULT_ADMIN_EMAIL
}

/** The admin e-mail of the server that served this page (the login hint). */
export function readAdminEmail(doc: Document = document): string {
  return adminEmailFrom(doc.querySelector('meta[name="admin-email"]')?.getAttribute('content'))
}
