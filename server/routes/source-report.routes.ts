/**
 * /api/projects/{id}/source-report (contract src/api/schemas/source-report.ts, decision 046):
 * GET answers the report (latest, or `?commit=`) with its history; GET /sbom the dependencies of
 * that report as a CycloneDX 1.6 JSON document (a download); POST queues the analysis of the
 * head commit again. Reports are made by the job queue (services/source-report/job.ts).
 */
import { Hono } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  SourceReportQuerySchema,
  SourceReportQueuedResponseSchema,
  SourceReportResponseSchema,
} from '../../src/api/schemas/source-report'
import type { AppDeps, AppEnv } from '../deps'
import { conflict, notFound } from '../http/errors'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { rerunSourceReport } from '../services/source-report/job'
import { headOfProject, readSourceReport } from '../services/source-report/read'
import { sbomOf } from '../services/source-report/sbom'

export function sourceReportRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const id = validate('param', IdParamSchema)
  const query = validate('query', SourceReportQuerySchema)

  app.get('/:id/source-report', id, query, async (c) => {
    const answer = await readSourceReport(deps, c.req.valid('param').id, c.req.valid('query').commit)
    return ok(c, SourceReportResponseSchema, { success: true, ...answer })
  })

  app.get('/:id/source-report/sbom', id, query, async (c) => {
    const { report } = await readSourceReport(deps, c.req.valid('param').id, c.req.valid('query').commit)
    if (!report) throw notFound('No source report yet')
    c.header('content-disposition', `attachment; filename="sbom-${report.commit.slice(0, 12)}.cdx.json"`)
    return c.body(JSON.stringify(sbomOf(report), null, 2), 200, { 'content-type': 'application/vnd.cyclonedx+json' })
  })

  app.post('/:id/source-report', id, async (c) => {
    const projectId = c.req.valid('param').id
    const head = await headOfProject(deps, projectId)
    if (!head) throw conflict('The project has no uploaded source to analyse')
    const queued = await rerunSourceReport(deps, projectId, head)
    return ok(c, SourceReportQueuedResponseSchema, {
      success: true,
      message: queued ? 'Analysis queued' : 'The analysis is already queued',
      commit: head,
    })
  })

  return app
}
