/**
 * POST /api/upload/upload: one multipart chunk of a source upload (SPEC.md 7 "Source and image
 * storage"; issue 4). Each file's path is checked again on the server (zip slip, SPEC.md 5
 * filter): refused files are answered in `failedUploads`, the rest staged. A remaining path git
 * itself refuses (`.git`, `GIT~1`, `.git.`, src/api/schemas/git-path.ts) refuses the whole chunk
 * with 400 naming it: the client skips those, so only a hostile caller sends them. When every
 * chunk 0..totalChunks-1 is staged the upload is committed as one commit (upload.commit.ts).
 * Counts and sizes are bounded before the project's lock is taken (UPLOAD_LIMITS); a chunk of an
 * upload id already committed gets the commit's answer again from its receipt (issue 8 item 10).
 * Staging abandoned for a day is swept by the hourly background job (services/background-jobs.ts).
 * Symlinks cannot arrive: multipart carries file contents only, never links.
 */
import { Hono } from 'hono'
import { gitFileError } from '../../src/api/schemas/git-path'
import { checkRelativePath, exclusionReason } from '../../src/api/schemas/source-filter'
import {
  UPLOAD_LIMITS, UploadChunkBodySchema, UploadChunkResponseSchema, type UploadChunkResponse,
} from '../../src/api/schemas/upload'
import { findProjectRow } from '../db/queries/projects.queries'
import type { AppDeps, AppEnv } from '../deps'
import { badRequest, conflict, notFound, tooLarge } from '../http/errors'
import { ok } from '../http/respond'
import { bodyLimitOf } from '../http/body-limits'
import { parseMultipart } from '../http/validate'
import { commitUpload } from './upload.commit'

type Github = NonNullable<UploadChunkResponse['data']['github']>

const COMMITTED = 'Upload completed successfully!'
const MB = 1024 * 1024
const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`

export function uploadRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const staging = deps.staging

  const limit = bodyLimitOf(UPLOAD_LIMITS.chunkBodyBytes,
    `Upload chunk exceeds ${mb(UPLOAD_LIMITS.chunkBodyBytes)}; send fewer files per chunk`)
  app.post('/upload', limit, async (c) => {
    const { files, ...input } = await parseMultipart(c, UploadChunkBodySchema)
    if (files.length > UPLOAD_LIMITS.filesPerChunk) {
      throw tooLarge(`Too many files in one chunk: ${files.length} (limit ${UPLOAD_LIMITS.filesPerChunk})`)
    }
    if (input.relativePaths.length !== files.length) {
      throw badRequest(`relativePaths lists ${input.relativePaths.length} paths for ${files.length} files`)
    }
    if (!(await findProjectRow(deps.db, input.projectId))) throw notFound('Project not found')

    const accepted: { path: string; data: Uint8Array }[] = []
    const failedUploads: { path: string; error: string }[] = []
    for (const [i, file] of files.entries()) {
      const raw = input.relativePaths[i]
      if (file.size > UPLOAD_LIMITS.fileBytes) {
        throw tooLarge(`File too large: ${raw} is ${mb(file.size)} (limit ${mb(UPLOAD_LIMITS.fileBytes)} per file)`)
      }
      const checked = checkRelativePath(raw)
      const error = checked.ok ? exclusionReason(checked.path) : checked.error
      if (!checked.ok || error) {
        failedUploads.push({ path: raw, error: error ?? 'Invalid path' })
        continue
      }
      const data = new Uint8Array(await file.arrayBuffer())
      const refused = gitFileError(checked.path, data)
      if (refused) throw badRequest(`Path refused by git: ${raw}: ${refused}`)
      accepted.push({ path: checked.path, data })
    }

    const uploadKey = input.uploadId ?? 'current'
    const { projectId, chunkIndex, totalChunks } = input
    const response = await deps.uploadLocks.run(projectId, async (): Promise<UploadChunkResponse> => {
      // A chunk of an upload already committed is answered as the commit was (a resend after a crash).
      const receipt = input.uploadId ? await staging.receipt<Github>(projectId, uploadKey) : null
      if (receipt) {
        if (receipt.totalChunks !== totalChunks) throw conflict(`Upload ${uploadKey} was committed with ${receipt.totalChunks} chunks`)
        await staging.dropChunks(projectId, uploadKey)
        return { success: true, message: COMMITTED, data: { github: receipt.github, failedUploads, received: accepted.length, committed: true } }
      }
      // Without an uploadId, a first chunk starts a new upload: staging left by an abandoned one is dropped.
      if (input.isFirstChunk && !input.uploadId) await staging.discard(projectId, uploadKey)
      const staged = await staging.stagedBytes(projectId, uploadKey, totalChunks, chunkIndex)
      const chunkBytes = accepted.reduce((sum, f) => sum + f.data.byteLength, 0)
      if (staged + chunkBytes > UPLOAD_LIMITS.totalBytes) {
        throw tooLarge(`Upload too large: ${mb(staged + chunkBytes)} (limit ${mb(UPLOAD_LIMITS.totalBytes)} per upload)`)
      }
      await staging.stageChunk(projectId, uploadKey, chunkIndex, totalChunks, accepted)
      const present = await staging.presentChunks(projectId, uploadKey, totalChunks)
      const data = { github: null, failedUploads, received: accepted.length, committed: false }
      if (present.length < totalChunks) {
        const waiting = totalChunks - present.length
        return { success: true, message: `Chunk ${chunkIndex + 1} of ${totalChunks} received; ${waiting} to go`, data }
      }
      const github = await commitUpload(deps, staging, projectId, { uploadId: input.uploadId, uploadKey, totalChunks })
      return { success: true, message: COMMITTED, data: { ...data, github, committed: true } }
    })
    return ok(c, UploadChunkResponseSchema, response)
  })
  return app
}
