/**
 * /api/admin/triage (contract src/api/schemas/triage.ts), behind
 * requireAdmin: GET /queue?limit=&category=&sort= (the queue, oldest or lowest risk first, each row
 * with its newest source report's risk, with its total, without the
 * projects other moderators hold), GET /projects/{id} (the triage bundle: 404 for an unknown
 * project), GET /stats (the dashboard's queue figures). Claims (src/api/schemas/live.ts,
 * decision 043): POST /projects/{id}/claim (take or renew; 409 `claimed` with the other's claim),
 * DELETE /projects/{id}/claim (release one's own; 403 for another's), GET /claims (the live ones).
 * Decisions go through PUT /api/projects/{id}/verify, which also ends the project's claim.
 */
import { Hono } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  TriageBundleResponseSchema,
  TriageQueueQuerySchema,
  TriageQueueResponseSchema,
  TriageStatsResponseSchema,
} from '../../src/api/schemas/triage'
import {
  CLAIMED,
  ClaimedBodySchema,
  NOT_IN_QUEUE,
  ClaimReleaseResponseSchema,
  ClaimResponseSchema,
  ClaimsResponseSchema,
} from '../../src/api/schemas/live'
import { isHighRisk, type LicenceStatus } from '../../src/api/schemas/source-report'
import { liveClaims } from '../db/queries/triage-claims.queries'
import { queueFigures, queuePage } from '../db/queries/triage.queries'
import type { AppDeps, AppEnv } from '../deps'
import { istDayStart, medianWindowStart } from '../domain/triage'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { setEtag } from '../http/versions'
import { triageBundle } from '../services/triage'
import { claimProject, releaseProject } from '../services/triage-claims'
import { claimedMessage, NOT_IN_QUEUE_MESSAGE } from '../domain/triage'
import { ApiError } from '../http/errors'

/** A queue row's risk from its newest report's columns; null without a report. */
function queueRisk(r: { riskWeight: number | null; riskSecrets: number | null; riskLicence: LicenceStatus | null }) {
  if (r.riskWeight === null) return null
  const weight = Number(r.riskWeight)
  return { weight, high: isHighRisk(weight), secrets: Number(r.riskSecrets ?? 0), licence: r.riskLicence ?? 'none' }
}

export function triageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/queue', validate('query', TriageQueueQuerySchema), async (c) => {
    const { limit, category, sort } = c.req.valid('query')
    const at = deps.now()
    const reader = { moderatorId: c.get('admin').id, now: at }
    const { total, claimedByOthers, rows } = await queuePage(deps.db, limit, category, reader, sort)
    const now = at.getTime()
    return ok(c, TriageQueueResponseSchema, {
      success: true,
      total,
      claimedByOthers,
      queue: rows.map((r) => ({
        _id: r.id,
        title: r.title,
        category: r.category,
        verificationStatus: r.status,
        ownerName: r.ownerName,
        enteredQueueAt: r.enteredAt.toISOString(),
        ageMs: Math.max(0, now - r.enteredAt.getTime()),
        risk: queueRisk(r),
      })),
    })
  })

  // The bundle's ETag is its project's version: the verify it leads to sends it as If-Match.
  app.get('/projects/:id', validate('param', IdParamSchema), async (c) => {
    const bundle = await triageBundle(deps, c.req.valid('param').id)
    setEtag(c, bundle.project.updatedAt)
    return ok(c, TriageBundleResponseSchema, { success: true, bundle })
  })

  app.post('/projects/:id/claim', validate('param', IdParamSchema), async (c) => {
    const admin = c.get('admin')
    const outcome = await claimProject(deps, c.req.valid('param').id, { id: admin.id, name: admin.name })
    if ('claim' in outcome) return ok(c, ClaimResponseSchema, { success: true, claim: outcome.claim })
    if ('notInQueue' in outcome) throw new ApiError(409, NOT_IN_QUEUE_MESSAGE, undefined, NOT_IN_QUEUE)
    const { heldBy } = outcome
    return ok(
      c,
      ClaimedBodySchema,
      { success: false, message: claimedMessage(heldBy.moderator.name), code: CLAIMED, claim: heldBy },
      409,
    )
  })

  app.delete('/projects/:id/claim', validate('param', IdParamSchema), async (c) => {
    const released = await releaseProject(deps, c.req.valid('param').id, c.get('admin').id)
    return ok(c, ClaimReleaseResponseSchema, { success: true, released })
  })

  app.get('/claims', async (c) =>
    ok(c, ClaimsResponseSchema, { success: true, claims: await liveClaims(deps.db, deps.now()) }),
  )

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
