/**
 * The commit step of a chunked upload: once every chunk is staged, create the project's
 * repository if needed, write all staged files as one commit on main, record hasFiles,
 * totalFileSize (bytes) and githubRepo on the project, and drop the staging. The caller runs it
 * under the per-project lock (`deps.uploadLocks`: an advisory lock shared by every server on the
 * PostgreSQL database, services/cluster-locks.ts), so
 * two requests completing the set do not commit twice.
 *
 * Crash safety: the commit's subject names the upload id, so when a crash came
 * after the branch moved but before the receipt, the resend finds its commit on main and only
 * records it; a crash before the branch moved leaves the staging whole, and the resend commits.
 * An upload with an id ends with its receipt (UploadStaging.recordCommit), one without is dropped.
 * The commit's source report is queued (services/source-report/job.ts) and made outside the request.
 * Paths that collide across the staged chunks refuse the commit (400 naming them) before anything
 * is written: each chunk was checked against the others when staged, this is the last word.
 */
import { collisionMessage, pathCollisions } from '../../../src/api/schemas/path-collisions'
import type { UploadChunkResponse } from '../../../src/api/schemas/upload'
import { findProjectRow, setProjectFiles } from '../../db/queries/projects.queries'
import { findRepoRow } from '../../db/queries/repositories.queries'
import type { GithubRepo } from '../../db/schema'
import type { ProjectRow } from '../../domain/projects/serialize'
import type { AppDeps } from '../../deps'
import { badRequest, conflict } from '../../http/errors'
import { repoNameFor, type CommitFile } from '../repo-host/repo-host'
import { queueSourceReport } from '../source-report/job'
import type { UploadStaging } from './staging'

type Github = NonNullable<UploadChunkResponse['data']['github']>

/** Commit the staged upload; returns the repository details for the chunk response. */
export async function commitUpload(
  deps: AppDeps,
  staging: UploadStaging,
  projectId: string,
  upload: { uploadId: string | undefined; uploadKey: string; totalChunks: number },
): Promise<Github> {
  const { uploadId, uploadKey, totalChunks } = upload
  const project = await findProjectRow(deps.db, projectId)
  if (!project) throw badRequest('Project not found')
  const staged = await staging.files(projectId, uploadKey, totalChunks)
  let githubRepo: GithubRepo | null
  try {
    const collisions = pathCollisions(staged.files.map((f) => f.path))
    if (collisions.length) throw badRequest(collisionMessage(collisions))
    githubRepo = await commitFiles(deps, project, staged.files, uploadId)
  } finally {
    // With S3 the staged blobs were copied to a temp folder for the commit: remove it.
    await staged.release()
  }
  if (githubRepo === null) {
    await staging.discard(projectId, uploadKey)
    throw badRequest('No valid files to upload')
  }
  const github = {
    repoName: githubRepo.name,
    repoUrl: githubRepo.url,
    cloneUrl: githubRepo.cloneUrl,
    sshUrl: githubRepo.sshUrl,
    private: githubRepo.private,
    createdAt: githubRepo.createdAt,
  }
  if (uploadId) await staging.recordCommit(projectId, uploadKey, { totalChunks, github })
  else await staging.discard(projectId, uploadKey)
  return github
}

/** Write `files` as one commit on main (unless the resend finds it there) and record it on the project; null for no files. */
async function commitFiles(
  deps: AppDeps,
  project: ProjectRow,
  files: CommitFile[],
  uploadId: string | undefined,
): Promise<GithubRepo | null> {
  if (files.length === 0) return null
  const host = deps.repoHost
  const name = project.githubRepo?.name ?? repoNameFor(project.title, project.id)
  const existing = await findRepoRow(deps.db, name)
  if (existing && existing.projectId !== project.id) throw conflict(`Repository ${name} belongs to another project`)
  const created = await host.create(name, { private: project.githubRepo?.private ?? true, projectId: project.id })
  const message = `Upload ${files.length} files${uploadId ? ` (upload ${uploadId})` : ''}`
  const alreadyCommitted = uploadId !== undefined && created.latestCommit?.message.split('\n')[0] === message
  const sha = alreadyCommitted ? created.latestCommit?.sha : (await host.commitTree(name, files, message)).sha
  const githubRepo: GithubRepo = {
    name,
    url: created.url,
    cloneUrl: created.cloneUrl,
    sshUrl: created.sshUrl,
    private: created.private,
    createdAt: project.githubRepo?.createdAt ?? created.createdAt,
  }
  await setProjectFiles(
    deps.db,
    project.id,
    files.reduce((sum, f) => sum + f.size, 0),
    githubRepo,
  )
  // Queued once the commit is recorded; a resend that finds its commit on main queues it again,
  // which the queue's unique (kind, key) turns into a no-op. The analysis runs outside this request.
  if (sha) await queueSourceReport(deps, project.id, sha)
  return githubRepo
}
