/**
 * Bulk actions over a selection of projects (DESIGN.md "bulk actions persist"): delete,
 * verify and activate/deactivate. Each is one transaction, all or nothing: an unknown id answers
 * 404 naming it and nothing changes. History and audit rows are written per project. Verify and
 * activate/deactivate answer an undo ticket (POST /api/admin/undo/{id}); delete has none: it is
 * confirmed first, and its files are removed after the commit (decision 014). With `versions`
 * (decision 041) a project changed since it was loaded is left as it is and reported in
 * `conflicts`, counted in the message; `onlyDrafts` deletes only projects still drafts.
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
import { withMovedCount } from '../domain/versions'
import type { RowConflict } from '../../src/api/schemas/versions'

/** The answer's `conflicts` when the request named versions (absent otherwise, as SPEC.md shows the answer). */
const conflictsIf = (versions: unknown, conflicts: RowConflict[]) => (versions ? { conflicts } : {})

export function projectsBulkRoutes({ db, now, onProjectDeleted }: AppDeps) {
  const app = new Hono<AppEnv>()

  app.post('/bulk-delete', validate('json', BulkDeleteSchema), async (c) => {
    const { ids, versions, onlyDrafts } = c.req.valid('json')
    const { deleted, conflicts } = await deleteProjects(db, ids, c.get('admin').id, { versions, onlyDrafts })
    await runProjectDeletedHooks(onProjectDeleted, deleted)
    return ok(c, BulkResponseSchema, {
      success: true,
      message: withMovedCount('Projects deleted successfully', conflicts.length),
      count: deleted.length,
      ...conflictsIf(versions || onlyDrafts, conflicts),
    })
  })

  app.post('/bulk-verify', validate('json', BulkVerifySchema), async (c) => {
    const { ids, status, notes, versions } = c.req.valid('json')
    const { count, undo, conflicts } = await changeVerificationStatus(db, {
      ids,
      status,
      notes,
      actorId: c.get('admin').id,
      at: now(),
      versions,
    })
    return ok(c, BulkResponseSchema, {
      success: true,
      message: withMovedCount(`Project status updated to ${status.replace(/_/g, ' ')}`, conflicts.length),
      count,
      undo,
      ...conflictsIf(versions, conflicts),
    })
  })

  app.post('/bulk-update', validate('json', BulkUpdateSchema), async (c) => {
    const { ids, isActive, versions } = c.req.valid('json')
    const { count, undo, conflicts } = await setProjectsActive(db, ids, isActive, c.get('admin').id, now(), versions)
    const message = isActive ? 'Projects activated successfully' : 'Projects deactivated successfully'
    return ok(c, BulkResponseSchema, {
      success: true,
      message: withMovedCount(message, conflicts.length),
      count,
      undo,
      ...conflictsIf(versions, conflicts),
    })
  })
  return app
}
