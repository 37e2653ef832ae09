/**
 * /api/admin/triage (contract src/api/schemas/triage.ts), behind
 * requireAdmin: GET /queue?limit=&category= (the queue, oldest first, with its total), GET /projects/{id}
 * (the triage bundle: 404 for an unknown project), GET /stats (the dashboard's queue figures).
 * Read-only: decisions go through PUT /api/projects/{id}/verify.
 */
import { Hono } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  TriageBundleResponseSchema,
  TriageQueueQuerySchema,
  TriageQueueResponseSchema,
  TriageStatsResponseSchema,
} from '../../src/api/schemas/triage'
import { queueFigures, queuePage } from '../db/queries/triage.queries'
import type { AppDeps, AppEnv } from '../deps'
import { istDayStart, medianWindowStart } from '../domain/triage'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { setEtag } from '../http/versions'
import { triageBundle } from '../services/triage'

export function triageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/queue', validate('query', TriageQueueQuerySchema), async (c) => {
    const { limit, category } = c.req.valid('query')
    const { total, rows } = await queuePage(deps.db, limit, category)
    const now = deps.now().getTime()
    return ok(c, TriageQueueResponseSchema, {
      success: true,
      total,
      queue: rows.map((r) => ({
        _id: r.id,
        title: r.title,
        category: r.category,
        verificationStatus: r.status,
        ownerName: r.ownerName,
        enteredQueueAt: r.enteredAt.toISOString(),
        ageMs: Math.max(0, now - r.enteredAt.getTime()),
      })),
    })
  })

  // The bundle's ETag is its project's version: the verify it leads to sends it as If-Match.
  app.get('/projects/:id', validate('param', IdParamSchema), async (c) => {
    const bundle = await triageBundle(deps, c.req.valid('param').id)
    setEtag(c, bundle.project.updatedAt)
    return ok(c, TriageBundleResponseSchema, { success: true, bundle })
  })

  app.get('/stats', async (c) => {
    const now = deps.now()
    const figures = await queueFigures(deps.db, istDayStart(now), medianWindowStart(now))
    return ok(c, TriageStatsResponseSchema, {
      success: true,
      stats: {
        waiting: figures.waiting,
        oldestAgeMs: figures.oldestEnteredAt ? Math.max(0, now.getTime() - figures.oldestEnteredAt.getTime()) : null,
        decidedToday: figures.decidedToday,
        medianDecisionMs: figures.medianDecisionMs === null ? null : Math.round(figures.medianDecisionMs),
      },
    })
  })
  return app
}
