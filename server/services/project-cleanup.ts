/**
 * After a project is deleted (services/project-deleted-hooks.ts), remove what it owned
 * outside the database: its images and report (object storage), its staged uploads and its
 * repositories (local bare repository folder, or the GitHub repository). The database rows are
 * already gone when the hook runs, so the cleanup only touches keys, folders and GIT_DIR entries
 * named by the deleted project's id and repository names.
 */
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { AppDeps } from '../deps'
import { GithubHost } from './repo-host/github'
import type { ProjectDeletedHook } from './project-deleted-hooks'
import { isSafeRepoName } from './repo-host/repo-host'

/** The cleanup hook of one app (server/deps.ts registers it first in `deps.onProjectDeleted`). */
export function projectCleanupHook(
  deps: Pick<AppDeps, 'env' | 'repoHost' | 'storage' | 'staging'>,
): ProjectDeletedHook {
  const blobs = deps.storage
  const staging = deps.staging
  return async (projectId, info) => {
    await Promise.all(
      [...info.imagePaths, ...(info.reportPath ? [info.reportPath] : [])].map((key) => blobs.remove(key)),
    )
    await blobs.removePrefix(`images/${projectId}`)
    await blobs.removePrefix(`reports/${projectId}`)
    await staging.discardProject(projectId)
    const host = deps.repoHost
    for (const repo of info.repositories.filter((r) => isSafeRepoName(r.name))) {
      if (repo.provider === 'github' && host instanceof GithubHost) await host.delete(repo.name)
      else if (repo.provider === 'local') {
        await fsp.rm(path.join(deps.env.GIT_DIR, `${repo.name}.git`), { recursive: true, force: true })
      }
    }
  }
}
