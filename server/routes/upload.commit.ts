/**
 * The commit step of a chunked upload: once every chunk is staged, create the project's
 * repository if needed, write all staged files as one commit on main, record hasFiles,
 * totalFileSize (bytes) and githubRepo on the project, and drop the staging. The caller runs it
 * under the per-project lock (`deps.uploadLocks`: an advisory lock shared by every server on the
 * PostgreSQL database, services/cluster-locks.ts), so
 * two requests completing the set do not commit twice.
 *
 * Crash safety (issue 8 item 10): the commit's subject names the upload id, so when a crash came
 * after the branch moved but before the receipt, the resend finds its commit on main and only
 * records it; a crash before the branch moved leaves the staging whole, and the resend commits.
 * An upload with an id ends with its receipt (UploadStaging.recordCommit), one without is dropped.
 */
import type { UploadChunkResponse } from '../../src/api/schemas/upload'
import { findProjectRow, setProjectFiles } from '../db/queries/projects.queries'
import { findRepoRow } from '../db/queries/repositories.queries'
import type { GithubRepo } from '../db/schema'
import type { AppDeps } from '../deps'
import { badRequest, conflict } from '../http/errors'
import { repoNameFor } from '../services/repo-host/repo-host'
import type { UploadStaging } from '../services/upload-staging'

type Github = NonNullable<UploadChunkResponse['data']['github']>

/** Commit the staged upload; returns the repository details for the chunk response. */
export async function commitUpload(deps: AppDeps, staging: UploadStaging, projectId: string,
  upload: { uploadId: string | undefined; uploadKey: string; totalChunks: number }): Promise<Github> {
  const { uploadId, uploadKey, totalChunks } = upload
  const project = await findProjectRow(deps.db, projectId)
  if (!project) throw badRequest('Project not found')
  const files = await staging.files(projectId, uploadKey, totalChunks)
  if (files.length === 0) {
    await staging.discard(projectId, uploadKey)
    throw badRequest('No valid files to upload')
  }
  const host = deps.repoHost
  const name = project.githubRepo?.name ?? repoNameFor(project.title, project.id)
  const existing = await findRepoRow(deps.db, name)
  if (existing && existing.projectId !== projectId) throw conflict(`Repository ${name} belongs to another project`)
  const created = await host.create(name, { private: project.githubRepo?.private ?? true, projectId })
  const message = `Upload ${files.length} files${uploadId ? ` (upload ${uploadId})` : ''}`
  const alreadyCommitted = uploadId !== undefined && created.latestCommit?.message.split('\n')[0] === message
  if (!alreadyCommitted) await host.commitTree(name, files, message)
  const githubRepo: GithubRepo = {
    name, url: created.url, cloneUrl: created.cloneUrl, sshUrl: created.sshUrl, private: created.private,
    createdAt: project.githubRepo?.createdAt ?? created.createdAt,
  }
  const totalFileSize = files.reduce((sum, f) => sum + f.size, 0)
  await setProjectFiles(deps.db, projectId, totalFileSize, githubRepo)
  const github = { repoName: name, repoUrl: githubRepo.url, cloneUrl: githubRepo.cloneUrl, sshUrl: githubRepo.sshUrl,
    private: githubRepo.private, createdAt: githubRepo.createdAt }
  if (uploadId) await staging.recordCommit(projectId, uploadKey, { totalChunks, github })
  else await staging.discard(projectId, uploadKey)
  return github
}
