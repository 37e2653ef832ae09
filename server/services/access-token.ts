/**
 * Access tokens: HS256 JWTs (RFC 7519) signed with jose, 15 minutes (SPEC.md 4, issue 2).
 * Claims: `sub` = user id, `typ` = 'access'. Refresh tokens are opaque and live in the database
 * (see refresh-tokens.ts).
 */
import { SignJWT, jwtVerify, errors } from 'jose'
import { LRUCache } from 'lru-cache'

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
const ISSUER = 'marketplace-console'

/** Sign an access token for `userId`; `now` in ms since epoch (injected clock). */
export async function signAccessToken(secret: Uint8Array, userId: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret)
}

/** Tokens already verified by one app: token → subject and expiry (s since epoch). */
export type VerifiedTokens = LRUCache<string, { sub: string; exp: number }>

/** An empty cache of verified tokens (up to 10,000), one per app (server/deps.ts). */
export const createVerifiedTokens = (): VerifiedTokens => new LRUCache({ max: 10_000 })

/**
 * Verify a bearer access token and return its subject (user id), or null when it is missing,
 * malformed, expired or signed with another key. A token whose signature jose has verified once
 * is remembered in `cache` (the app's, signed with `secret`) until it expires, so a request by a
 * signed-in admin costs no HMAC; the expiry is still checked against `now` on every call.
 */
export async function verifyAccessToken(
  secret: Uint8Array, token: string, now: Date, cache: VerifiedTokens,
): Promise<string | null> {
  const known = cache.get(token)
  if (known) return now.getTime() / 1000 < known.exp ? known.sub : null
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    })
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null
    cache.set(token, { sub: payload.sub, exp: payload.exp })
    return payload.sub
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
