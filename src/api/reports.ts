/**
 * Project report transport (SPEC.md 7 "Reports"): upload a .doc/.docx (multipart `report` + price
 * '0'), a signed expiring download link, delete. Every failure is an ApiError.
 */
import * as v from 'valibot'
import { api } from './client'
import { REPORT_LIMITS, ReportDownloadResponseSchema } from './schemas/reports'

const Message = v.object({ success: v.literal(true), message: v.string() })
const base = (projectId: string) => `/api/admin/projects/${projectId}/report`

/** True for a .doc or .docx file name (SPEC.md 5; the server checks the content too). */
export function isReportFileName(name: string): boolean {
  const lower = name.toLowerCase()
  return REPORT_LIMITS.extensions.some((ext) => lower.endsWith(ext))
}

/** POST .../report with `report` and price '0' → the server's message. */
export async function uploadReport(projectId: string, file: File): Promise<string> {
  const form = new FormData()
  form.append('report', file, file.name)
  form.append('price', '0')
  return (await api.post(base(projectId), form, Message)).message
}

/** GET .../report/download → a signed URL valid for a few minutes. */
export async function fetchReportDownloadUrl(projectId: string): Promise<string> {
  return (await api.get(`${base(projectId)}/download`, ReportDownloadResponseSchema)).downloadUrl
}

/** DELETE .../report. */
export async function deleteReport(projectId: string): Promise<void> {
  await api.del(base(projectId), Message)
}
