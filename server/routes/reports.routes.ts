/**
 * /api/admin/projects/{id}/report (SPEC.md 7 "Reports"): upload (.doc/.docx checked by
 * content, replacing any earlier report), a signed expiring download link, delete. The file is in
 * blob storage under reports/{projectId}/; the row in project_reports (db/queries/reports.queries.ts).
 * Issuing a download link is audited (`report.download_link`: who, which file); the fetch of the
 * file itself is audited by files.routes.ts (`report.download`). With the S3 driver the link is a
 * 10-minute presigned URL of the bucket: its fetch never reaches the app, so only the issuing is
 * audited (decision 019).
 */
import crypto from 'node:crypto'
import { Hono } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import { MULTIPART_OVERHEAD_BYTES } from '../../src/api/schemas/multipart'
import {
  REPORT_LIMITS,
  ReportDownloadResponseSchema,
  ReportUploadBodySchema,
  ReportMessageResponseSchema,
} from '../../src/api/schemas/reports'
import { audit } from '../db/queries/audit.queries'
import { deleteReport, findReport, replaceReport } from '../db/queries/reports.queries'
import type { AppDeps, AppEnv } from '../deps'
import { rupeesToPaise } from '../domain/money'
import { clientIp } from '../http/client-ip'
import { badRequest, notFound, tooLarge } from '../http/errors'
import { ok } from '../http/respond'
import { bodyLimitOf } from '../http/body-limits'
import { parseMultipart, validate } from '../http/validate'
import { signPath } from '../services/signed-url'
import { sniffWord } from '../services/word-check'
import { storedFileName } from '../domain/file-names'

const ONLY_WORD = 'Only .doc and .docx files are allowed'
/** Lifetime (s) of a presigned bucket link to a report. */
const PRESIGNED_EXPIRY_S = 10 * 60

export function reportsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const blobs = deps.storage
  const id = validate('param', IdParamSchema)

  // The body stops being read past the report limit.
  const reportLimit = bodyLimitOf(REPORT_LIMITS.fileBytes + MULTIPART_OVERHEAD_BYTES, 'Report too large (limit 20 MB)')
  app.post('/:id/report', reportLimit, id, async (c) => {
    const projectId = c.req.valid('param').id
    const { report, price } = await parseMultipart(c, ReportUploadBodySchema)
    if (report.size > REPORT_LIMITS.fileBytes) throw tooLarge('Report too large (limit 20 MB)')
    const lowerName = report.name.toLowerCase()
    if (!REPORT_LIMITS.extensions.some((ext) => lowerName.endsWith(ext))) throw badRequest(ONLY_WORD)
    const bytes = new Uint8Array(await report.arrayBuffer())
    const kind = await sniffWord(bytes)
    if (!kind) throw badRequest(ONLY_WORD)
    const key = `reports/${projectId}/${crypto.randomUUID()}.${kind.ext}`
    await blobs.put(key, bytes, { contentType: kind.contentType })
    try {
      const previous = await replaceReport(
        deps.db,
        projectId,
        {
          filePath: key,
          fileName: storedFileName(report.name),
          contentType: kind.contentType,
          size: bytes.length,
          uploadedAt: deps.now(),
        },
        rupeesToPaise(price),
        c.get('admin').id,
      )
      if (previous) await blobs.remove(previous)
    } catch (error) {
      await blobs.remove(key)
      throw error
    }
    return ok(c, ReportMessageResponseSchema, { success: true, message: 'Report uploaded successfully!' })
  })

  app.get('/:id/report/download', id, async (c) => {
    const row = await findReport(deps.db, c.req.valid('param').id)
    if (!row) throw notFound('Report not found')
    // With S3 the link goes straight to the bucket (the fetch is then not seen here); else the app's signed /files link.
    const presigned = await blobs.presignedGetUrl(row.filePath, {
      expiresInS: PRESIGNED_EXPIRY_S,
      fileName: row.fileName,
      contentType: row.contentType,
    })
    const path = `/files/${row.filePath.split('/').map(encodeURIComponent).join('/')}`
    const downloadUrl = presigned ?? `${deps.env.PUBLIC_URL}${signPath(deps.jwtSecret, path, deps.now())}`
    await audit(deps.db, {
      actorId: c.get('admin').id,
      action: 'report.download_link',
      entityType: 'project',
      entityId: row.projectId,
      after: { fileName: row.fileName, filePath: row.filePath },
      ip: clientIp(c, deps.env.TRUST_PROXY),
    })
    return ok(c, ReportDownloadResponseSchema, { success: true, downloadUrl })
  })

  app.delete('/:id/report', id, async (c) => {
    const removed = await deleteReport(deps.db, c.req.valid('param').id, c.get('admin').id)
    await blobs.remove(removed)
    return ok(c, ReportMessageResponseSchema, { success: true, message: 'Report deleted successfully!' })
  })
  return app
}
