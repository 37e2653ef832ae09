/**
 * Bulk actions over a selection of projects (DESIGN.md "bulk actions persist"): delete,
 * verify and activate/deactivate. Each is one transaction, all or nothing: an unknown id answers
 * 404 naming it and nothing changes. History and audit rows are written per project. Verify and
 * activate/deactivate answer an undo ticket (POST /api/admin/undo/{id}); delete has none: it is
 * confirmed first, and its files are removed after the commit (decision 014).
 */
import { Hono } from 'hono'
import {
  BulkDeleteSchema,
  BulkResponseSchema,
  BulkUpdateSchema,
  BulkVerifySchema,
} from '../../src/api/schemas/projects'
import { deleteProjects, setProjectsActive } from '../db/queries/projects-write.queries'
import { changeVerificationStatus } from '../db/queries/verification.queries'
import type { AppDeps, AppEnv } from '../deps'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { runProjectDeletedHooks } from '../services/project-deleted-hooks'

export function projectsBulkRoutes({ db, now, onProjectDeleted }: AppDeps) {
  const app = new Hono<AppEnv>()

  app.post('/bulk-delete', validate('json', BulkDeleteSchema), async (c) => {
    const deleted = await deleteProjects(db, c.req.valid('json').ids, c.get('admin').id)
    await runProjectDeletedHooks(onProjectDeleted, deleted)
    return ok(c, BulkResponseSchema, { success: true, message: 'Projects deleted successfully', count: deleted.length })
  })

  app.post('/bulk-verify', validate('json', BulkVerifySchema), async (c) => {
    const { ids, status, notes } = c.req.valid('json')
    const { count, undo } = await changeVerificationStatus(db, {
      ids,
      status,
      notes,
      actorId: c.get('admin').id,
      at: now(),
    })
    return ok(c, BulkResponseSchema, {
      success: true,
      message: `Project status updated to ${status.replace(/_/g, ' ')}`,
      count,
      undo,
    })
  })

  app.post('/bulk-update', validate('json', BulkUpdateSchema), async (c) => {
    const { ids, isActive } = c.req.valid('json')
    const { count, undo } = await setProjectsActive(db, ids, isActive, c.get('admin').id, now())
    const message = isActive ? 'Projects activated successfully' : 'Projects deactivated successfully'
    return ok(c, BulkResponseSchema, { success: true, message, count, undo })
  })
  return app
}
