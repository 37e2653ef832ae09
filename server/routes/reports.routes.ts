/**
 * /api/admin/projects/{id}/report (SPEC.md 7 "Reports"; issue 4): upload (.doc/.docx checked by
 * content, replacing any earlier report), a signed expiring download link, delete. The file is in
 * blob storage under reports/{projectId}/; the row in project_reports; projects.has_report follows.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { IdParamSchema } from '../../src/api/schemas/common'
import { REPORT_LIMITS, ReportFieldsSchema } from '../../src/api/schemas/reports'
import { projectReports, projects } from '../db/schema'
import type { AppDeps, AppEnv } from '../deps'
import { rupeesToPaise } from '../domain/money'
import { badRequest, notFound, tooLarge } from '../http/errors'
import { formatIssues, validate } from '../http/validate'
import { audit } from '../services/audit'
import { BlobStorage } from '../services/blob-storage'
import { signPath } from '../services/signed-url'
import { sniffWord } from '../services/word-check'
import { lockProjects } from './projects.queries'

const ONLY_WORD = 'Only .doc and .docx files are allowed'

export function reportsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const blobs = new BlobStorage(deps.env.DATA_DIR)
  const id = validate('param', IdParamSchema)

  app.post('/:id/report', id, async (c) => {
    const projectId = c.req.valid('param').id
    const { report, ...fields } = await c.req.parseBody()
    const parsed = v.safeParse(ReportFieldsSchema, fields)
    if (!parsed.success) throw badRequest(formatIssues(parsed.issues)[0], formatIssues(parsed.issues))
    if (!(report instanceof File)) throw badRequest('Please select a report file')
    if (report.size > REPORT_LIMITS.fileBytes) throw tooLarge('Report too large (limit 20 MB)')
    const lowerName = report.name.toLowerCase()
    if (!REPORT_LIMITS.extensions.some((ext) => lowerName.endsWith(ext))) throw badRequest(ONLY_WORD)
    const bytes = new Uint8Array(await report.arrayBuffer())
    const kind = await sniffWord(bytes)
    if (!kind) throw badRequest(ONLY_WORD)
    const key = `reports/${projectId}/${crypto.randomUUID()}.${kind.ext}`
    await blobs.put(key, bytes)
    try {
      const previous = await deps.db.transaction(async (tx) => {
        await lockProjects(tx, [projectId])
        const [old] = await tx.select().from(projectReports).where(eq(projectReports.projectId, projectId))
        const row = { filePath: key, fileName: report.name, contentType: kind.contentType, size: bytes.length,
          uploadedAt: deps.now() }
        await tx.insert(projectReports).values({ projectId, ...row })
          .onConflictDoUpdate({ target: projectReports.projectId, set: row })
        const price = parsed.output.price
        await tx.update(projects).set({ hasReport: true, ...(price > 0 ? { reportPricePaise: rupeesToPaise(price) } : {}) })
          .where(eq(projects.id, projectId))
        await audit(tx, { actorId: c.get('admin').id, action: 'project.report.upload', entityType: 'project',
          entityId: projectId, before: old ? { report: old.filePath } : null, after: { report: key } })
        return old?.filePath ?? null
      })
      if (previous) await blobs.remove(previous)
    } catch (error) {
      await blobs.remove(key)
      throw error
    }
    return c.json({ success: true as const, message: 'Report uploaded successfully!' })
  })

  app.get('/:id/report/download', id, async (c) => {
    const projectId = c.req.valid('param').id
    const [row] = await deps.db.select().from(projectReports).where(eq(projectReports.projectId, projectId))
    if (!row) throw notFound('Report not found')
    const path = `/files/${row.filePath.split('/').map(encodeURIComponent).join('/')}`
    return c.json({ success: true as const, downloadUrl: `${deps.env.PUBLIC_URL}${signPath(deps.jwtSecret, path, deps.now())}` })
  })

  app.delete('/:id/report', id, async (c) => {
    const projectId = c.req.valid('param').id
    const removed = await deps.db.transaction(async (tx) => {
      await lockProjects(tx, [projectId])
      const [row] = await tx.delete(projectReports).where(eq(projectReports.projectId, projectId)).returning()
      if (!row) throw notFound('Report not found')
      await tx.update(projects).set({ hasReport: false }).where(eq(projects.id, projectId))
      await audit(tx, { actorId: c.get('admin').id, action: 'project.report.delete', entityType: 'project',
        entityId: projectId, before: { report: row.filePath } })
      return row.filePath
    })
    await blobs.remove(removed)
    return c.json({ success: true as const, message: 'Report deleted successfully!' })
  })
  return app
}
