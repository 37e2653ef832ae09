/**
 * /api/auth/sessions, behind requireAdmin: the signed-in admin's sessions,
 * i.e. refresh-token families with a live token (services/refresh-tokens.ts).
 * - GET / → `{ sessions }`: device (from the User-Agent), IP, signed in at, last used; the
 *   request's own session (`sid` of its access token) first and `current`, then by last use.
 * - DELETE /{id} → revokes that family of the admin's (404 'Session not found' for another admin's,
 *   an unknown or an ended one); audited `auth.session_revoke`. Revoking the current one signs
 *   this browser out too.
 * - POST /revoke-others → revokes every family but the request's own ('Sign out everywhere
 *   else'); audited `auth.sessions_revoke_others` with the count.
 * Revoked sessions' access tokens are refused at once (middleware/require-admin.ts). Revoking a
 * session other than the current one needs step-up (domain/sensitive-actions.ts 'sessions.revoke').
 */
import { Hono, type Context } from 'hono'
import { SessionListResponseSchema, SessionRevokeResponseSchema } from '../../src/api/schemas/auth'
import { IdParamSchema } from '../../src/api/schemas/common'
import { audit } from '../db/queries/audit.queries'
import { listLiveSessions, revokeUserFamilies } from '../db/queries/auth.queries'
import type { AppDeps, AppEnv } from '../deps'
import { toSessions } from '../domain/sessions'
import { clientIp } from '../http/client-ip'
import { notFound } from '../http/errors'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { assertStepUp } from '../middleware/require-recent-auth'

/** 'Signed out 1 other session' / 'Signed out 3 other sessions'. */
export const signedOutMessage = (n: number, other = true) =>
  `Signed out ${n} ${other ? 'other ' : ''}session${n === 1 ? '' : 's'}`

export function authSessionsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const ipOf = (c: Context) => clientIp(c, deps.env.TRUST_PROXY)

  app.get('/', async (c) => {
    const rows = await listLiveSessions(deps.db, c.get('admin').id, deps.now())
    return ok(c, SessionListResponseSchema, { success: true, sessions: toSessions(rows, c.get('auth').sid) })
  })

  app.post('/revoke-others', async (c) => {
    assertStepUp(c, deps.now(), 'sessions.revoke')
    const admin = c.get('admin')
    const { sid } = c.get('auth')
    const now = deps.now()
    const revoked = await deps.db.transaction(async (tx) => {
      const families = await revokeUserFamilies(tx, admin.id, now, { except: sid })
      await audit(tx, {
        actorId: admin.id,
        action: 'auth.sessions_revoke_others',
        entityType: 'user',
        entityId: admin.id,
        after: { revoked: families.length, kept: sid },
        ip: ipOf(c),
      })
      return families
    })
    deps.liveSessions.forget(revoked)
    return ok(c, SessionRevokeResponseSchema, {
      success: true,
      message: signedOutMessage(revoked.length),
      revoked: revoked.length,
    })
  })

  app.delete('/:id', validate('param', IdParamSchema), async (c) => {
    const admin = c.get('admin')
    const { id } = c.req.valid('param')
    // Ending the own session is signing out; ending another one is the sensitive action.
    if (id !== c.get('auth').sid) assertStepUp(c, deps.now(), 'sessions.revoke')
    const revoked = await deps.db.transaction(async (tx) => {
      const families = await revokeUserFamilies(tx, admin.id, deps.now(), { familyId: id })
      if (!families.length) throw notFound('Session not found')
      await audit(tx, {
        actorId: admin.id,
        action: 'auth.session_revoke',
        entityType: 'user',
        entityId: admin.id,
        after: { familyId: id, current: id === c.get('auth').sid },
        ip: ipOf(c),
      })
      return families
    })
    deps.liveSessions.forget(revoked)
    return ok(c, SessionRevokeResponseSchema, { success: true, message: signedOutMessage(1, false), revoked: 1 })
  })
  return app
}
