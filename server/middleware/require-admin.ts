/**
 * Guards every API route but health and sign-in: a valid bearer access token of an active
 * admin. 401 when the token is missing/invalid/expired (the client then refreshes once),
 * 403 when the user is no longer an active admin (SPEC.md 6, DESIGN.md).
 */
import { createMiddleware } from 'hono/factory'
import { eq } from 'drizzle-orm'
import { users } from '../db/schema'
import type { AppDeps, AppEnv } from '../deps'
import { forbidden, unauthorized } from '../http/errors'
import { verifyAccessToken } from '../services/access-token'

export function requireAdmin(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match) throw unauthorized('Authentication required')
    const userId = await verifyAccessToken(deps.jwtSecret, match[1], deps.now())
    if (!userId) throw unauthorized('Invalid or expired access token')
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1)
    if (!user) throw unauthorized('Invalid or expired access token')
    if (!user.isActive || !user.isAdmin) throw forbidden('Admin access required')
    c.set('admin', user)
    await next()
  })
}
