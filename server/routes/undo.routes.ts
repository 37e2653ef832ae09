/**
 * /api/admin/undo (contract src/api/schemas/undo.ts; docs/decisions/014-undo.md), behind
 * requireAdmin: POST /{id} undoes an undoable change of the signed-in admin within its window
 * (200 UndoResponse; 404 unknown, 403 another admin's, 409 already undone or changed since, 410
 * too late; 403 step_up_required for a restore of an admin's status). The restore, its audit rows and the undo row's undone_at commit in one transaction.
 */
import { Hono } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import { UndoResponseSchema } from '../../src/api/schemas/undo'
import { undoChange } from '../db/queries/undo-restore.queries'
import type { AppDeps, AppEnv } from '../deps'
import { clientIp } from '../http/client-ip'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { stepUpCheckOf } from '../middleware/require-recent-auth'

export function undoRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.post('/:id', validate('param', IdParamSchema), async (c) => {
    const actor = {
      actorId: c.get('admin').id,
      ip: clientIp(c, deps.env.TRUST_PROXY),
      stepUp: stepUpCheckOf(c, deps.now),
    }
    return ok(c, UndoResponseSchema, await undoChange(deps.db, c.req.valid('param').id, actor, deps.now()))
  })
  return app
}
