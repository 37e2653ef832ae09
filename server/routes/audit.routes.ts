/**
 * /api/admin/audit (contract src/api/schemas/audit.ts), behind requireAdmin:
 * - GET / ?entityType&entityId&actorId&action&from&to&search&cursor&limit → one page of the log,
 *   newest first (keyset over (created_at, id); 400 on a bad filter or a cursor not made here).
 * - GET /facets → the entity types, actions and admins that occur, for the filter menus.
 * Reading the log is not itself audited. Not cached: every admin change appends a row.
 */
import { Hono } from 'hono'
import { AuditFacetsResponseSchema, AuditListQuerySchema, AuditListResponseSchema } from '../../src/api/schemas/audit'
import { auditFacets, listAudit } from '../db/queries/audit.queries'
import type { AppDeps, AppEnv } from '../deps'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

export function auditRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/', validate('query', AuditListQuerySchema), async (c) =>
    ok(c, AuditListResponseSchema, { success: true, ...(await listAudit(deps.db, c.req.valid('query'))) }),
  )

  app.get('/facets', async (c) => ok(c, AuditFacetsResponseSchema, { success: true, ...(await auditFacets(deps.db)) }))

  return app
}
