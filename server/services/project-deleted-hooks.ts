/**
 * After-delete hooks for projects. The routes delete the database rows (project, images, report,
 * repositories) in one transaction, then await every hook of the app (`deps.onProjectDeleted`,
 * made per app in server/deps.ts) so the file and repository services (blob storage, repo host)
 * remove what lives outside the database. Hooks run after commit: a failing hook is logged with
 * the project id and does not undo the delete (the leftover files are orphans a sweep can remove).
 */

/** What was deleted, for the cleanups: paths are relative to the blob store (DATA_DIR/files or S3 keys). */
export type DeletedProjectInfo = {
  title: string
  imagePaths: string[]
  reportPath: string | null
  repositories: { id: string; name: string; provider: string }[]
}

export type ProjectDeletedHook = (projectId: string, info: DeletedProjectInfo) => Promise<void>

/**
 * Run every hook in `hooks` for every deleted project (concurrently), logging each failure via
 * `log`. Returns the number of failed hook calls.
 */
export async function runProjectDeletedHooks(
  hooks: readonly ProjectDeletedHook[],
  deleted: { projectId: string; info: DeletedProjectInfo }[],
  log: (message: string, error: unknown) => void = console.error,
): Promise<number> {
  const calls = deleted.flatMap(({ projectId, info }) =>
    hooks.map((hook) =>
      hook(projectId, info).catch((error: unknown) => {
        log(`project ${projectId}: after-delete cleanup failed`, error)
        throw error
      }),
    ),
  )
  const results = await Promise.allSettled(calls)
  return results.filter((r) => r.status === 'rejected').length
}
