/**
 * One chunk's multipart body read as it arrives (routes/upload.routes.ts): each file streams into the
 * chunk's spool through a FileMeter, so no file is ever held in memory, and the bounds of
 * UPLOAD_LIMITS are checked while the body streams: files per chunk (413 at the file past the
 * bound), bytes per file (413 when that file's part ends; nothing past the bound is stored), bytes
 * per chunk body (413 at the bound) and, when the text fields come before the files (as the
 * console sends them), bytes per upload (413 once the chunk's accepted files and the upload's
 * other staged chunks pass it; then refused and excluded files are not stored at all). Fields
 * may also come last: a file's path is decided once they are known. The text fields go through
 * UploadChunkBodySchema when the body has ended.
 */
import { pipeline } from 'node:stream/promises'
import { Writable } from 'node:stream'
import type { Context } from 'hono'
import * as v from 'valibot'
import { checkRelativePath, exclusionReason } from '../../../src/api/schemas/source-filter'
import { UPLOAD_LIMITS, UploadChunkBodySchema } from '../../../src/api/schemas/upload'
import { badRequest, invalidInput, tooLarge } from '../../http/errors'
import { readMultipart, type StreamedPart } from '../../http/multipart-stream'
import { fieldIssues } from '../../http/validate'
import type { ChunkSpool } from './spool'
import { FileMeter } from './meter'

const MB = 1024 * 1024
/** Bytes as the refusals show them: `12.34 MB`. */
const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`

/** The refusals of the chunk bounds (413), shared with the checks made under the project's lock. */
export const refusals = {
  body: () => tooLarge(`Upload chunk exceeds ${mb(UPLOAD_LIMITS.chunkBodyBytes)}; send fewer files per chunk`),
  files: (count: number) => tooLarge(`Too many files in one chunk: ${count} (limit ${UPLOAD_LIMITS.filesPerChunk})`),
  file: (path: string, bytes: number) =>
    tooLarge(`File too large: ${path} is ${mb(bytes)} (limit ${mb(UPLOAD_LIMITS.fileBytes)} per file)`),
  upload: (bytes: number) =>
    tooLarge(`Upload too large: ${mb(bytes)} (limit ${mb(UPLOAD_LIMITS.totalBytes)} per upload)`),
}

/** The chunk's text fields as the contract gives them. */
export type ChunkInput = Omit<v.InferOutput<typeof UploadChunkBodySchema>, 'files'>
/**
 * One file read: its index in the chunk (and spool), part file name, size in bytes, whether a line
 * breaks git's `.gitattributes` rule, and whether it was stored (not when refused while streaming).
 */
export type ReadFile = { index: number; filename: string; size: number; longLine: boolean; stored: boolean }
/** Called once, before the first file, when the text fields came first: checks the project, answers the upload's staged bytes. */
export type BeforeFiles = (input: ChunkInput) => Promise<{ stagedBytes: number }>

/** Text fields per chunk body (the contract has 9), and their bytes together (100 paths of 4,096 characters fit). */
const FIELD_LIMITS = { fields: 32, fieldBytes: 4 * MB }

/** True when a file sent as `raw` is kept (neither unsafe nor left out by the source filter). */
const isKept = (raw: string | undefined) => {
  const checked = raw === undefined ? null : checkRelativePath(raw)
  return checked?.ok === true && !exclusionReason(checked.path)
}

/** The relativePaths field read as the schema reads it, or null (absent, repeated or not a JSON list of strings). */
function relativePathsOf(fields: Record<string, string | string[]>): string[] | null {
  try {
    const parsed: unknown = JSON.parse(String(fields.relativePaths))
    return Array.isArray(parsed) && parsed.every((p) => typeof p === 'string') ? parsed : null
  } catch {
    return null
  }
}

/** Read the chunk body of `c` into `spool`; answers its checked text fields and its files in order. Throws the 400/413/404 refusals. */
export async function readChunk(
  c: Context,
  spool: ChunkSpool,
  beforeFiles: BeforeFiles,
): Promise<{ input: ChunkInput; files: ReadFile[] }> {
  const fields: Record<string, string | string[]> = {}
  const files: ReadFile[] = []
  // Set as the parts arrive: the paths once relativePaths came, the fields when they came before
  // the first file (null: they did not), this chunk's counted bytes, the first file past its bound.
  const state = {
    paths: null as string[] | null,
    early: undefined as { input: ChunkInput; stagedBytes: number } | null | undefined,
    uploadBytes: 0,
    over: null as ReadFile | null,
  }
  const overError = (file: ReadFile) => refusals.file(state.paths?.[file.index] ?? file.filename, file.size)

  const onFile = async (part: Extract<StreamedPart, { kind: 'file' }>) => {
    if (part.name !== 'files') throw badRequest(`Unknown field: ${part.name}`)
    if (files.length >= UPLOAD_LIMITS.filesPerChunk) throw refusals.files(files.length + 1)
    if (state.early === undefined) {
      const parsed = v.safeParse(UploadChunkBodySchema, fields)
      state.early = parsed.success ? { input: parsed.output, ...(await beforeFiles(parsed.output)) } : null
    }
    const { early } = state
    const index = files.length
    const kept = early ? isKept(state.paths?.[index]) : true
    const meter = new FileMeter(UPLOAD_LIMITS.fileBytes, (n) => {
      if (!early || !kept) return null
      state.uploadBytes += n
      const total = early.stagedBytes + state.uploadBytes
      return total > UPLOAD_LIMITS.totalBytes ? refusals.upload(total) : null
    })
    const stored = kept && state.over === null
    const sink = stored ? spool.put(index, meter) : pipeline(meter, new Writable({ write: (_c, _e, done) => done() }))
    const reading = pipeline(part.body, meter)
    const outcome = await Promise.allSettled([reading, sink])
    const file = { index, filename: part.filename, size: meter.size, longLine: meter.longLine, stored }
    files.push(file)
    if (meter.overLimit) {
      state.over ??= file
      if (state.paths) throw overError(state.over)
      return
    }
    for (const result of outcome) if (result.status === 'rejected') throw result.reason
  }

  await readMultipart(
    c,
    { bodyBytes: UPLOAD_LIMITS.chunkBodyBytes, ...FIELD_LIMITS, tooLarge: refusals.body },
    async (part) => {
      if (part.kind === 'file') return onFile(part)
      const previous = fields[part.name]
      fields[part.name] = previous === undefined ? part.value : [previous, part.value].flat()
      if (part.name === 'relativePaths') state.paths = relativePathsOf(fields)
      if (state.over && state.paths) throw overError(state.over)
    },
  )
  if (state.over) throw overError(state.over)
  const parsed = v.safeParse(UploadChunkBodySchema, fields)
  if (!parsed.success) throw invalidInput(fieldIssues(parsed.issues))
  const { files: _none, ...input } = parsed.output
  return { input, files }
}
