/**
 * What the server puts into the built pages it serves (server/http/spa.ts), read by the client
 * (src/lib/runtime-config.ts) and the build (scripts/prerender-login.ts).
 */

/** ADMIN_EMAIL's default (DESIGN.md "Fixed interface conventions"). */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com'

/** Stands for the admin e-mail in the prerendered login; the server puts the escaped ADMIN_EMAIL in its place. */
export const ADMIN_EMAIL_SLOT = '__ADMIN_EMAIL__'

/** The prerendered login page's file in the build output, served at /login. */
export const LOGIN_PAGE = 'login.html'
