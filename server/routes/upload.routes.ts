/**
 * POST /api/upload/upload: one multipart chunk of a source upload (SPEC.md 7 "Source and image
 * storage"). Each file's path is checked again on the server (zip slip, SPEC.md 5
 * filter): refused files are answered in `failedUploads`, the rest staged. A remaining path git
 * itself refuses (`.git`, `GIT~1`, `.git.`, src/api/schemas/git-path.ts) refuses the whole chunk
 * with 400 naming it: the client skips those, so only a hostile caller sends them. When every
 * chunk 0..totalChunks-1 is staged the upload is committed as one commit (services/upload/commit.ts).
 * The body is read as it streams (services/upload/intake.ts): files go to a spool, never whole into memory,
 * and counts and sizes are bounded while it streams (UPLOAD_LIMITS), before the project's lock is
 * taken. Paths that collide (the same path twice, a file and a folder of one name; in this chunk,
 * or with another chunk of the upload) refuse the chunk with 400 naming them: a tree holds one
 * of each, and a dropped file must not pass unnoticed. A chunk of an upload id already committed
 * gets the commit's answer again from its receipt, so a client resending after a lost answer
 * learns the upload is in.
 * Staging abandoned for a day is swept by the hourly background job (services/background-jobs.ts).
 * Symlinks cannot arrive: multipart carries file contents only, never links.
 * GET /state/{id} answers a project's upload in progress (the chunks staged, each with its
 * fingerprint) so the console resumes it; GET /drafts lists the unpublished drafts with what each
 * holds and whether it is stale (decision 038).
 */
import { Hono } from 'hono'
import { gitScannedFileError } from '../../src/api/schemas/git-path'
import { collisionMessage, pathCollisions } from '../../src/api/schemas/path-collisions'
import { checkRelativePath, exclusionReason } from '../../src/api/schemas/source-filter'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  DraftsResponseSchema,
  UPLOAD_LIMITS,
  UploadChunkResponseSchema,
  UploadStateResponseSchema,
  type UploadChunkResponse,
} from '../../src/api/schemas/upload'
import { isStaleDraft } from '../../src/domain/upload-resume'
import { findProjectRow, listDrafts } from '../db/queries/projects.queries'
import { validate } from '../http/validate'
import type { AppDeps, AppEnv } from '../deps'
import { badRequest, conflict, notFound } from '../http/errors'
import { ok } from '../http/respond'
import type { ChunkSpool } from '../services/upload/spool'
import type { StagedEntry } from '../services/upload/staging'
import { commitUpload } from '../services/upload/commit'
import { readChunk, refusals, type ChunkInput } from '../services/upload/intake'

type Github = NonNullable<UploadChunkResponse['data']['github']>

const COMMITTED = 'Upload completed successfully!'

export function uploadRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const staging = deps.staging
  const uploadKeyOf = (input: ChunkInput) => input.uploadId ?? 'current'

  app.get('/state/:id', validate('param', IdParamSchema), async (c) => {
    const { id } = c.req.valid('param')
    if (!(await findProjectRow(deps.db, id))) throw notFound('Project not found')
    return ok(c, UploadStateResponseSchema, { success: true, upload: await staging.progress(id) })
  })

  app.get('/drafts', async (c) => {
    const now = deps.now()
    const drafts = []
    for (const row of await listDrafts(deps.db)) {
      const upload = row.hasFiles ? null : await staging.progress(row.id)
      const touched = Math.max(row.updatedAt.getTime(), upload ? Date.parse(upload.updatedAt) : 0)
      const lastTouchedAt = new Date(touched).toISOString()
      drafts.push({
        _id: row.id,
        title: row.title,
        createdAt: row.createdAt.toISOString(),
        lastTouchedAt,
        uploadedFiles: upload?.chunks.reduce((sum, chunk) => sum + chunk.files, 0) ?? 0,
        uploadedChunks: upload?.chunks.length ?? 0,
        totalChunks: upload?.totalChunks ?? null,
        hasFiles: row.hasFiles,
        stale: isStaleDraft(lastTouchedAt, now),
        updatedAt: row.updatedAt.toISOString(),
      })
    }
    drafts.sort((a, b) => b.lastTouchedAt.localeCompare(a.lastTouchedAt))
    return ok(c, DraftsResponseSchema, { success: true, drafts })
  })

  app.post('/upload', async (c) => {
    const spool = staging.openSpool()
    // The project is looked up once: before the files when the text fields come first, else after the body.
    let found: string | null = null
    const assertProject = async (projectId: string) => {
      if (found === projectId) return
      if (!(await findProjectRow(deps.db, projectId))) throw notFound('Project not found')
      found = projectId
    }
    try {
      const { input, files } = await readChunk(c, spool, async (early) => {
        await assertProject(early.projectId)
        // A first chunk without an uploadId replaces what is staged: nothing of it counts.
        if (early.isFirstChunk && !early.uploadId) return { stagedBytes: 0 }
        return {
          stagedBytes: (
            await staging.stagedElsewhere(early.projectId, uploadKeyOf(early), early.totalChunks, early.chunkIndex)
          ).bytes,
        }
      })
      if (input.relativePaths.length !== files.length) {
        throw badRequest(`relativePaths lists ${input.relativePaths.length} paths for ${files.length} files`)
      }
      await assertProject(input.projectId)

      const accepted: StagedEntry[] = []
      const failedUploads: { path: string; error: string }[] = []
      for (const file of files) {
        const raw = input.relativePaths[file.index]
        const checked = checkRelativePath(raw)
        const error = checked.ok ? exclusionReason(checked.path) : checked.error
        if (!checked.ok || error) {
          failedUploads.push({ path: raw, error: error ?? 'Invalid path' })
          if (file.stored) await spool.remove(file.index)
          continue
        }
        const refused = gitScannedFileError(checked.path, file.longLine)
        if (refused) throw badRequest(`Path refused by git: ${raw}: ${refused}`)
        accepted.push({ index: file.index, path: checked.path, size: file.size })
      }
      return ok(c, UploadChunkResponseSchema, await stage(input, accepted, failedUploads, spool))
    } finally {
      await spool.discard()
    }
  })

  /** Under the project's lock: answer a committed upload's receipt, or stage the chunk and commit when it is the last. */
  const stage = (
    input: ChunkInput,
    accepted: StagedEntry[],
    failedUploads: UploadChunkResponse['data']['failedUploads'],
    spool: ChunkSpool,
  ) => {
    const uploadKey = uploadKeyOf(input)
    const { projectId, chunkIndex, totalChunks } = input
    return deps.uploadLocks.run(projectId, async (): Promise<UploadChunkResponse> => {
      // A chunk of an upload already committed is answered as the commit was (a resend after a crash).
      const receipt = input.uploadId ? await staging.receipt<Github>(projectId, uploadKey) : null
      if (receipt) {
        if (receipt.totalChunks !== totalChunks)
          throw conflict(`Upload ${uploadKey} was committed with ${receipt.totalChunks} chunks`)
        await staging.dropChunks(projectId, uploadKey)
        return {
          success: true,
          message: COMMITTED,
          data: { github: receipt.github, failedUploads, received: accepted.length, committed: true },
        }
      }
      // Without an uploadId, a first chunk starts a new upload: staging left by an abandoned one is dropped.
      if (input.isFirstChunk && !input.uploadId) await staging.discard(projectId, uploadKey)
      const elsewhere = await staging.stagedElsewhere(projectId, uploadKey, totalChunks, chunkIndex)
      const total = elsewhere.bytes + accepted.reduce((sum, f) => sum + f.size, 0)
      if (total > UPLOAD_LIMITS.totalBytes) throw refusals.upload(total)
      // This chunk's paths among themselves and against the upload's other staged chunks, in one pass.
      const collisions = pathCollisions([...elsewhere.paths, ...accepted.map((f) => f.path)])
      if (collisions.length) throw badRequest(collisionMessage(collisions))
      await staging.stageChunk(projectId, uploadKey, chunkIndex, totalChunks, spool, accepted)
      const present = await staging.presentChunks(projectId, uploadKey, totalChunks)
      const data = { github: null, failedUploads, received: accepted.length, committed: false }
      if (present.length < totalChunks) {
        const waiting = totalChunks - present.length
        return { success: true, message: `Chunk ${chunkIndex + 1} of ${totalChunks} received; ${waiting} to go`, data }
      }
      const github = await commitUpload(deps, staging, projectId, { uploadId: input.uploadId, uploadKey, totalChunks })
      return { success: true, message: COMMITTED, data: { ...data, github, committed: true } }
    })
  }
  return app
}
