/**
 * Security headers on every response (tokens live in localStorage, so script
 * injection must be shut out): hono/secure-headers with
 * - X-Content-Type-Options nosniff, Referrer-Policy no-referrer, X-Frame-Options DENY and CSP
 *   `frame-ancestors 'none'` (no framing: clickjacking), Cross-Origin-Resource-Policy same-origin,
 *   Cross-Origin-Opener-Policy same-origin-allow-popups (the `?inspect` developer mode opens the
 *   Stately inspector at stately.ai in a popup and talks to it with postMessage);
 * - a Content-Security-Policy that allows nothing (API_POLICY) on every response that does not set
 *   its own: JSON, files, errors. HTML pages get `htmlPolicy`: the SPA's index.html sets it with
 *   the hashes of its inline script (spa.routes.ts); any other page (the API docs) gets it without
 *   hashes unless it sets its own.
 *
 * Headers a route set itself are kept (`overwrite: false`), so a page may carry its own policy.
 * Sources: CSP Level 3 (W3C), OWASP Secure Headers Project, MDN.
 */
import crypto from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

/** For responses that are not pages (JSON, images, files): nothing may load, run or frame them. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** `'sha256-…'` sources for every inline `<script>` (no src) of `html`, in order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (match[1].length === 0) continue
    hashes.push(`'sha256-${crypto.createHash('sha256').update(match[1], 'utf8').digest('base64')}'`)
  }
  return hashes
}

/**
 * The policy of a self-hosted HTML page: scripts only from this origin plus the page's own inline
 * scripts by hash (no 'unsafe-inline', no eval); styles from this origin and inline, since Radix
 * dialogs (react-remove-scroll) insert `<style>` elements at run time; images also as `data:` and
 * `blob:` (previews of files being uploaded); workers from this origin (the zip reader); fetch only
 * to this origin; no plugins, no `<base>`, forms only to this origin, never framed.
 */
export function htmlPolicy(html: string): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The middleware for the whole app (server/app.ts). An HTML response that set no policy of its own
 * gets `htmlPolicy` without hashes (its scripts must then be files: no inline script runs), so a
 * page such as the API docs works under a strict policy; every other response the deny-all one.
 */
export function securityHeaders(): MiddlewareHandler {
  const headers = secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    crossOriginResourcePolicy: 'same-origin',
    // Browsers ignore HSTS over plain HTTP; behind TLS it pins this host (not its subdomains) to HTTPS.
    strictTransportSecurity: 'max-age=15552000',
  })
  const pagePolicy = htmlPolicy('')
  return (c, next) =>
    headers(c, async () => {
      await next()
      const type = c.res.headers.get('content-type') ?? ''
      if (type.startsWith('text/html') && !c.res.headers.has('content-security-policy')) {
        c.res.headers.set('content-security-policy', pagePolicy)
      }
    })
}
