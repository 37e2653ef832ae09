/**
 * Chunked source upload contract (SPEC.md 3 "Upload chunk response", 7 "Source and image
 * storage", 9 "Upload chunk size"). The request is multipart: text fields (strings) and `files`
 * (repeated file parts). Limits are bytes.
 */
import * as v from 'valibot'
import { fileParts, unknownFieldMessage } from './multipart'

/**
 * Bounds of a source upload; the server answers 413 (sizes, files per
 * chunk) or 400 (chunk counts) with a message naming the bound. SPEC.md 9 fixes only the chunk
 * size (100 files); the rest are ours: 200 chunks = 20,000 files per upload is far above a source
 * tree without its dependencies, and keeps every request's work on the staging bounded.
 */
export const UPLOAD_LIMITS = {
  /** SPEC.md 9 "Upload chunk size". */
  filesPerChunk: 100,
  /** Chunks per upload: `totalChunks` is 1..200 and `chunkIndex` 0..totalChunks-1. */
  maxChunks: 200,
  /** Files per upload: filesPerChunk × maxChunks. */
  filesPerUpload: 100 * 200,
  /** 25 MB per file. */
  fileBytes: 25 * 1024 * 1024,
  /** 500 MB per upload (all chunks). */
  totalBytes: 500 * 1024 * 1024,
  /** 200 MB per chunk request body. */
  chunkBodyBytes: 200 * 1024 * 1024,
} as const

const intField = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(`${label} is required`),
    v.regex(/^\d{1,6}$/, `${label} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max} (${UPLOAD_LIMITS.filesPerUpload} files per upload)`),
  )
const boolField = (label: string) =>
  v.pipe(
    v.optional(v.picklist(['true', 'false'], `${label} must be true or false`), 'false'),
    v.transform((s) => s === 'true'),
  )

const chunkFields = {
  relativePaths: v.pipe(
    v.string('relativePaths is required'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        const parsed: unknown = JSON.parse(dataset.value)
        if (Array.isArray(parsed) && parsed.every((p) => typeof p === 'string')) return parsed as string[]
      } catch {
        /* reported below */
      }
      addIssue({ message: 'relativePaths must be a JSON array of strings' })
      return NEVER
    }),
  ),
  uploadType: v.optional(v.picklist(['folder', 'zip'], 'uploadType must be folder or zip'), 'folder'),
  projectId: v.pipe(v.string('projectId is required'), v.uuid('projectId must be a project id')),
  uploadId: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'uploadId must be 1-64 letters, digits, - or _')),
  ),
  chunkIndex: intField('chunkIndex', 0, UPLOAD_LIMITS.maxChunks - 1),
  totalChunks: intField('totalChunks', 1, UPLOAD_LIMITS.maxChunks),
  isFirstChunk: boolField('isFirstChunk'),
  isLastChunk: boolField('isLastChunk'),
}
const chunkIndexInRange = <T extends { chunkIndex: number; totalChunks: number }>() =>
  v.check<T, string>((f) => f.chunkIndex < f.totalChunks, 'chunkIndex must be less than totalChunks')

/** The text fields of one chunk (multipart), without `files`. */
export const UploadChunkFieldsSchema = v.pipe(v.strictObject(chunkFields, unknownFieldMessage), chunkIndexInRange())

/** One chunk's whole multipart body: the text fields and `files` as `File[]` (file parts only). */
export const UploadChunkBodySchema = v.pipe(
  v.strictObject({ files: v.optional(v.unknown()), ...chunkFields }, unknownFieldMessage),
  chunkIndexInRange(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const files = fileParts(dataset.value.files)
    if (files) return { ...dataset.value, files }
    addIssue({ message: 'files must be file parts' })
    return NEVER
  }),
)

/** SPEC.md 3: the repository details returned once the upload is committed. */
export const UploadGithubSchema = v.object({
  repoName: v.string(),
  repoUrl: v.string(),
  cloneUrl: v.string(),
  sshUrl: v.string(),
  private: v.boolean(),
  createdAt: v.string(),
})

export const UploadChunkResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.object({
    github: v.nullable(UploadGithubSchema),
    failedUploads: v.array(v.object({ path: v.string(), error: v.string() })),
    /** Files accepted from this chunk. */
    received: v.number(),
    /** True once all chunks are in and the single commit is on main. */
    committed: v.boolean(),
  }),
})
export type UploadChunkResponse = v.InferOutput<typeof UploadChunkResponseSchema>

/** One staged chunk of an upload in progress: index, accepted files, bytes, fingerprint (src/domain/upload-resume.ts). */
const StagedChunkSchema = v.object({
  index: v.number(),
  files: v.number(),
  bytes: v.number(),
  fingerprint: v.string(),
})

/** An upload in progress on the server: its id, chunk count and the chunks it holds (ascending). */
export const UploadProgressSchema = v.object({
  uploadId: v.string(),
  totalChunks: v.number(),
  chunks: v.array(StagedChunkSchema),
  /** Last write of any of its chunks (ISO). */
  updatedAt: v.string(),
})
export type UploadProgress = v.InferOutput<typeof UploadProgressSchema>

/** GET /api/upload/state/{id}: the draft's upload in progress, or null (none, committed, or swept after a day). */
export const UploadStateResponseSchema = v.object({
  success: v.literal(true),
  upload: v.nullable(UploadProgressSchema),
})

/** A draft as Add Project offers it: when it was last touched, what the server already holds, stale or not. */
export const DraftSummarySchema = v.object({
  _id: v.string(),
  title: v.string(),
  createdAt: v.string(),
  /** The later of the project's last change and its staged upload's last chunk (ISO). */
  lastTouchedAt: v.string(),
  uploadedFiles: v.number(),
  uploadedChunks: v.number(),
  /** Null when no upload is staged. */
  totalChunks: v.nullable(v.number()),
  hasFiles: v.boolean(),
  /** Untouched for STALE_DRAFT_DAYS days. */
  stale: v.boolean(),
  /** The project's version (live.ts): what a delete of stale drafts names in `versions`. */
  updatedAt: v.optional(v.string()),
})
export type DraftSummary = v.InferOutput<typeof DraftSummarySchema>

/** GET /api/upload/drafts: the unpublished drafts, most recently touched first. */
export const DraftsResponseSchema = v.object({ success: v.literal(true), drafts: v.array(DraftSummarySchema) })
