/**
 * Bulk actions over a selection of projects (issue 3, DESIGN.md "bulk actions persist"): delete,
 * verify and activate/deactivate. Each is one transaction, all or nothing: an unknown id answers
 * 404 naming it and nothing changes. History and audit rows are written per project.
 */
import { Hono } from 'hono'
import { BulkDeleteSchema, BulkUpdateSchema, BulkVerifySchema } from '../../src/api/schemas/projects'
import type { AppDeps, AppEnv } from '../deps'
import { runProjectDeletedHooks } from '../domain/projects/delete-hooks'
import { validate } from '../http/validate'
import { deleteProjects, setProjectsActive } from './projects.queries'
import { changeVerificationStatus } from './verification.queries'

export function projectsBulkRoutes({ db }: AppDeps) {
  const app = new Hono<AppEnv>()

  app.post('/bulk-delete', validate('json', BulkDeleteSchema), async (c) => {
    const deleted = await deleteProjects(db, c.req.valid('json').ids, c.get('admin').id)
    await runProjectDeletedHooks(deleted)
    return c.json({ success: true as const, message: 'Projects deleted successfully', count: deleted.length })
  })

  app.post('/bulk-verify', validate('json', BulkVerifySchema), async (c) => {
    const { ids, status, notes } = c.req.valid('json')
    const changed = await changeVerificationStatus(db, { ids, status, notes, actorId: c.get('admin').id })
    return c.json({
      success: true as const,
      message: `Project status updated to ${status.replace(/_/g, ' ')}`,
      count: changed,
    })
  })

  app.post('/bulk-update', validate('json', BulkUpdateSchema), async (c) => {
    const { ids, isActive } = c.req.valid('json')
    const changed = await setProjectsActive(db, ids, isActive, c.get('admin').id)
    return c.json({
      success: true as const,
      message: isActive ? 'Projects activated successfully' : 'Projects deactivated successfully',
      count: changed,
    })
  })
  return app
}
