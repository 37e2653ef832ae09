/**
 * Configuration of the running server, injected into index.html when the server serves the SPA
 * (server/http/spa.ts): `<meta name="admin-email" content="...">`. Under the Vite dev server
 * there is no injection and the documented default is shown. The entry reads it once and hands
 * it down through `AdminEmailContext` (the prerendered login gets a placeholder the server fills).
 */
import { createContext } from 'react'
import { DEFAULT_ADMIN_EMAIL } from '../api/schemas/runtime-config'

export { DEFAULT_ADMIN_EMAIL } from '../api/schemas/runtime-config'

/** The admin e-mail from the meta tag's content: trimmed; missing, blank or not an e-mail → the default. */
export function adminEmailFrom(content: string | null | undefined): string {
  const email = content?.trim() ?? ''
  return /^[^\s@]+@[^\s@]+$/.test(email) ? email : DEFAULT_ADMIN_EMAIL
}

/** The admin e-mail of the server that served this page (the login hint). */
export function readAdminEmail(doc: Document = document): string {
  return adminEmailFrom(doc.querySelector('meta[name="admin-email"]')?.getAttribute('content'))
}

/** The login hint's e-mail, provided by src/root.tsx. */
export const AdminEmailContext = createContext<string>(DEFAULT_ADMIN_EMAIL)
