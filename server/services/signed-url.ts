/**
 * Signed, expiring URLs for downloads that a browser opens in a new tab (report downloads,
 * repository archives): `path?expires=<unix s>&sig=<HMAC-SHA256(path \n expires), base64url>` keyed
 * with the server's JWT secret. Verification is constant-time.
 */
import crypto from 'node:crypto'

/** Default lifetime of a signed link: 10 minutes. */
export const SIGNED_URL_TTL_MS = 10 * 60 * 1000

function signature(secret: Uint8Array, path: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url')
}

/** `path` (already URL-encoded, starting with /) → `path?expires=..&sig=..`, valid until now + ttlMs. */
export function signPath(secret: Uint8Array, path: string, now: Date, ttlMs = SIGNED_URL_TTL_MS): string {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000)
  return `${path}?expires=${expires}&sig=${signature(secret, path, expires)}`
}

/** True when `sig` signs `path` and `expires` (unix seconds) is still in the future. */
export function verifySignedPath(
  secret: Uint8Array,
  path: string,
  expires: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false
  if (Number(expires) * 1000 < now.getTime()) return false
  const expected = Buffer.from(signature(secret, path, Number(expires)))
  const given = Buffer.from(sig)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}
