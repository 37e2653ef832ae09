/**
 * Writes of /api/users (SPEC.md 7 "Users"): PUT /bulk-update (all or nothing), POST /
 * (Add User, 201), PUT /{id} (one group of the detail screen: src/api/schemas/users.ts
 * UserUpdateSchema), PUT /{id}/status. Each answers the user after the change. Step-up guards
 * what domain/sensitive-actions.ts lists: granting admin, an admin's e-mail or status, an agent's
 * commission rate (decided in the queries from the locked rows) and every bank-details edit. The rules and
 * audit rows are in db/queries/users-write.queries.ts; the users version is bumped at commit by
 * the trigger of migration 0012, so cached list pages refresh. PUT /{id} and /{id}/status take
 * If-Match and answer the user's version as ETag; the bulk update takes `versions` (decision 041).
 */
import { Hono, type Context } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  CreateUserSchema,
  UserBulkResponseSchema,
  UserBulkUpdateSchema,
  UserMessageResponseSchema,
  UserStatusSchema,
  UserUpdateSchema,
} from '../../src/api/schemas/users'
import { setBankDetails } from '../db/queries/users.queries'
import { findUserDetail } from '../db/queries/users-detail.queries'
import {
  createUser,
  setUsersActive,
  updateUserGroup,
  USER_NOT_FOUND,
  type UserWriteContext,
} from '../db/queries/users-write.queries'
import type { AppDeps, AppEnv } from '../deps'
import { clientIp } from '../http/client-ip'
import { notFound } from '../http/errors'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { ifMatchOf, setEtag } from '../http/versions'
import { withMovedCount } from '../domain/versions'
import { assertStepUp, stepUpCheckOf } from '../middleware/require-recent-auth'

export function usersWriteRoutes(deps: AppDeps) {
  const { db, dataKey, now } = deps
  const app = new Hono<AppEnv>()
  const writer = (c: Context<AppEnv>): UserWriteContext => ({
    actorId: c.get('admin').id,
    ip: clientIp(c, deps.env.TRUST_PROXY),
    now: now(),
    stepUp: stepUpCheckOf(c, now),
    version: ifMatchOf(c),
  })
  const answer = async (c: Context<AppEnv>, id: string, message: string, status: 200 | 201 = 200) => {
    const user = await findUserDetail(db, dataKey, id)
    setEtag(c, user.updatedAt)
    return ok(c, UserMessageResponseSchema, { success: true, message, user }, status)
  }

  app.put('/bulk-update', validate('json', UserBulkUpdateSchema), async (c) => {
    const { userIds, action, versions } = c.req.valid('json')
    const { count, undo, conflicts } = await setUsersActive(
      db,
      userIds,
      action === 'activate',
      { ...writer(c), version: null },
      versions,
    )
    return ok(c, UserBulkResponseSchema, {
      success: true,
      count,
      undo,
      message: withMovedCount(
        action === 'activate' ? 'Users activated successfully' : 'Users deactivated successfully',
        conflicts.length,
      ),
      ...(versions ? { conflicts } : {}),
    })
  })

  app.post('/', validate('json', CreateUserSchema), async (c) =>
    answer(c, await createUser(db, c.req.valid('json'), writer(c)), 'User created successfully', 201),
  )

  app.put('/:id', validate('param', IdParamSchema), validate('json', UserUpdateSchema), async (c) => {
    const { id } = c.req.valid('param')
    const update = c.req.valid('json')
    if (update.group === 'bankDetails') {
      assertStepUp(c, now(), 'bank.update')
      const ctx = writer(c)
      const saved = await setBankDetails(
        db,
        dataKey,
        id,
        update.data.bankDetails,
        ctx.now,
        { actorId: ctx.actorId, ip: ctx.ip, action: 'user.bank_details.update', entityType: 'user', entityId: id },
        ctx.version,
      )
      if (!saved) throw notFound(USER_NOT_FOUND)
    } else {
      await updateUserGroup(db, id, update, writer(c))
    }
    return answer(c, id, 'User updated successfully')
  })

  app.put('/:id/status', validate('param', IdParamSchema), validate('json', UserStatusSchema), async (c) => {
    const { id } = c.req.valid('param')
    const active = c.req.valid('json').status === 'active'
    await setUsersActive(db, [id], active, writer(c))
    return answer(c, id, active ? 'User activated successfully' : 'User deactivated successfully')
  })
  return app
}
