/**
 * Access tokens: HS256 JWTs (RFC 7519) signed with jose, 15 minutes (SPEC.md 4, issue 2).
 * Claims: `sub` = user id, `typ` = 'access'. Refresh tokens are opaque and live in the database
 * (see refresh-tokens.ts).
 */
import { SignJWT, jwtVerify, errors } from 'jose'

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

/**
 * Verify a bearer access token and return its subject (user id), or null when it is missing,
 * malformed, expired or signed with another key.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string, now: Date): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    })
    return payload.typ === 'access' && typeof payload.sub === 'string' ? payload.sub : null
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
