/**
 * Access tokens: HS256 JWTs (RFC 7519) signed with jose, 15 minutes (SPEC.md 4).
 * Claims: `sub` = user id, `typ` = 'access', and for a session `sid` = its refresh-token family and
 * `auth_time` = when its admin last proved an OTP (OpenID Connect Core 1.0 §2, seconds since the
 * epoch), read by the step-up check (middleware/require-recent-auth.ts). Refresh tokens are opaque
 * and live in the database (see refresh-tokens.ts).
 */
import { SignJWT, jwtVerify, errors } from 'jose'
import { LRUCache } from 'lru-cache'

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
const ISSUER = 'marketplace-console'

/** The session an access token belongs to: refresh-token family and last OTP proof. */
export type SessionClaims = { sid: string | null; authTime: Date | null }

/** What a verified access token says: the user, and its session when it was issued for one. */
export type AccessClaims = { sub: string; sid: string | null; authTime: Date | null }

/**
 * Sign an access token for `userId` at `now` (injected clock); `session` adds `sid` and
 * `auth_time` (tokens made without it, e.g. by benches, count as signed in long ago).
 */
export async function signAccessToken(
  secret: Uint8Array,
  userId: string,
  now: Date,
  session?: SessionClaims,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  const claims: Record<string, unknown> = { typ: 'access' }
  if (session) {
    if (session.sid) claims.sid = session.sid
    if (session.authTime) claims.auth_time = Math.floor(session.authTime.getTime() / 1000)
  }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret)
}

/** Tokens already verified by one app: token → its claims and expiry (s since epoch). */
export type VerifiedTokens = LRUCache<string, { claims: AccessClaims; exp: number }>

/** An empty cache of verified tokens (up to 10,000), one per app (server/deps.ts). */
export const createVerifiedTokens = (): VerifiedTokens => new LRUCache({ max: 10_000 })

/**
 * Verify a bearer access token and return its claims, or null when it is missing, malformed,
 * expired, signed with another key or another algorithm (only HS256 is accepted, so `alg: none`
 * fails). A token whose signature jose has verified once is remembered in `cache` (the app's,
 * signed with `secret`) until it expires, so a request by a signed-in admin costs no HMAC; the
 * expiry is still checked against `now` on every call.
 */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
  cache: VerifiedTokens,
): Promise<AccessClaims | null> {
  const known = cache.get(token)
  if (known) return now.getTime() / 1000 < known.exp ? known.claims : null
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    })
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null
    const claims: AccessClaims = {
      sub: payload.sub,
      sid: typeof payload.sid === 'string' ? payload.sid : null,
      authTime: typeof payload.auth_time === 'number' ? new Date(payload.auth_time * 1000) : null,
    }
    cache.set(token, { claims, exp: payload.exp })
    return claims
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
