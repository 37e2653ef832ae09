/**
 * /api/users (SPEC.md 7 "Users"): GET / filtered on the server (search over name,
 * e-mail and phone, role and status filters, newest first, page/limit; the queries are in
 * db/queries/users.queries.ts, the pages cached per users version by services/user-list-cache.ts),
 * GET /stats (cached per users version: services/user-stats-cache.ts), GET /{id} (bank account masked) and the audited POST /{id}/bank-details/reveal
 * (step-up). The writes are mounted from users-write.routes.ts; /stats and /bulk-update come
 * before /{id}.
 */
import { Hono } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  BankAccountRevealResponseSchema,
  UserListQuerySchema,
  UserResponseSchema,
  UserStatsResponseSchema,
} from '../../src/api/schemas/users'
import { findUserDetail, revealAccountNumber } from '../db/queries/users-detail.queries'
import type { AppDeps, AppEnv } from '../deps'
import { clientIp } from '../http/client-ip'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { setEtag } from '../http/versions'
import { assertStepUp } from '../middleware/require-recent-auth'
import { createUserListPages } from '../services/user-list-cache'
import { createUserStatsCache } from '../services/user-stats-cache'
import { usersWriteRoutes } from './users-write.routes'

export function usersRoutes(deps: AppDeps) {
  const { db, dataKey, now } = deps
  const app = new Hono<AppEnv>()
  const listPage = createUserListPages(db, deps.versions)
  const statsOf = createUserStatsCache(db, deps.versions)
  // The body is the contract's UserListResponse, already JSON (built by the page cache).
  app.get('/', validate('query', UserListQuerySchema), async (c) => {
    const { body, cache } = await listPage(c.req.valid('query'))
    return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8', 'x-cache': cache })
  })

  app.get('/stats', async (c) => {
    const { stats, cache } = await statsOf(now())
    c.header('x-cache', cache)
    return ok(c, UserStatsResponseSchema, { success: true, stats })
  })

  app.route('/', usersWriteRoutes(deps))

  app.get('/:id', validate('param', IdParamSchema), async (c) => {
    const user = await findUserDetail(db, dataKey, c.req.valid('param').id)
    setEtag(c, user.updatedAt)
    return ok(c, UserResponseSchema, { success: true, user })
  })

  app.post('/:id/bank-details/reveal', validate('param', IdParamSchema), async (c) => {
    assertStepUp(c, now(), 'bank.reveal')
    const accountNumber = await revealAccountNumber(db, dataKey, c.req.valid('param').id, {
      actorId: c.get('admin').id,
      ip: clientIp(c, deps.env.TRUST_PROXY),
    })
    return ok(c, BankAccountRevealResponseSchema, { success: true, accountNumber })
  })
  return app
}
