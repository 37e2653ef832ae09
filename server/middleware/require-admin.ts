/**
 * Guards every API route but health and sign-in: a valid bearer access token of an active
 * admin. 401 when the token is missing/invalid/expired (the client then refreshes once),
 * 403 when the user is no longer an active admin (SPEC.md 6, DESIGN.md). The user row is reused
 * while the users table version is unchanged (any write to users bumps it; decision 004), so a
 * request by a known admin needs no lookup. The token's claims (session id, `auth_time`) are set
 * as `auth` for the step-up check (require-recent-auth.ts). A token of a signed-out session (its
 * `sid` family revoked: Settings, a password change, sign-out) is refused with 401 at once, not
 * only when it expires (services/live-sessions.ts: an indexed lookup at most every 2 s per session).
 */
import { createMiddleware } from 'hono/factory'
import { LRUCache } from 'lru-cache'
import { findUserById } from '../db/queries/users.queries'
import type { AdminUser, AppDeps, AppEnv } from '../deps'
import { forbidden, unauthorized } from '../http/errors'
import { verifyAccessToken } from '../services/access-token'

/** The 401 of an access token whose session was signed out (its refresh-token family revoked). */
export const SIGNED_OUT = 'This session has been signed out'

export function requireAdmin(deps: AppDeps) {
  const { versions } = deps
  // Admins are few; the row is kept per users version, so any write to users refreshes it.
  const admins = new LRUCache<string, { usersVersion: number; user: AdminUser }>({ max: 1000 })
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match) throw unauthorized('Authentication required')
    const claims = await verifyAccessToken(deps.jwtSecret, match[1], deps.now(), deps.verifiedTokens)
    if (!claims) throw unauthorized('Invalid or expired access token')
    const userId = claims.sub
    const usersVersion = (await versions.current()).users
    const known = admins.get(userId)
    let user = known?.usersVersion === usersVersion ? known.user : undefined
    if (!user) {
      user = await findUserById(deps.db, userId)
      if (user) admins.set(userId, { usersVersion, user })
    }
    if (!user) throw unauthorized('Invalid or expired access token')
    if (!user.isActive || !user.isAdmin) throw forbidden('Admin access required')
    // After the role check: a demoted admin's revoked session still reads 403, not 'signed out'.
    if (claims.sid && !(await deps.liveSessions.isLive(claims.sid))) throw unauthorized(SIGNED_OUT)
    c.set('admin', user)
    c.set('auth', claims)
    await next()
  })
}
