/**
 * Project report contract (SPEC.md 5 "Reports", 7 "Reports", 9 "Report file types .docx, .doc").
 * Upload is multipart: `report` (the file) and `price` (the client sends '0'; a positive number
 * in rupees also sets the report price). Download answers a signed link valid for 10 minutes.
 */
import * as v from 'valibot'
import { fileParts, unknownFieldMessage } from './multipart'

export const REPORT_LIMITS = {
  /** 20 MB. */
  fileBytes: 20 * 1024 * 1024,
  extensions: ['.doc', '.docx'],
} as const

const reportFields = {
  price: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Report price must be a number'),
      v.transform(Number),
    ),
    '0',
  ),
}

/** The text fields of the multipart upload. */
export const ReportFieldsSchema = v.strictObject(reportFields, unknownFieldMessage)

/** The whole multipart upload: the text fields and `report`, exactly one file part. */
export const ReportUploadBodySchema = v.pipe(
  v.strictObject({ report: v.optional(v.unknown()), ...reportFields }, unknownFieldMessage),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const files = fileParts(dataset.value.report)
    if (files?.length === 1) return { ...dataset.value, report: files[0] }
    addIssue({ message: 'Please select a report file' })
    return NEVER
  }),
)

export const ReportMessageResponseSchema = v.object({ success: v.literal(true), message: v.string() })
export const ReportDownloadResponseSchema = v.object({ success: v.literal(true), downloadUrl: v.string() })
