/**
 * Repositories in the database: the `repositories` row (privacy, default branch, owning project)
 * and `repository_collaborators`, shared by the local and the GitHub host so the panel reads the
 * same rows whichever host is configured; and the project's copy of its repository (githubRepo).
 */
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { projects, repositories, repositoryCollaborators } from '../schema'
import { RepoNotFoundError, type Collaborator, type CollaboratorPermission } from '../../services/repo-host/repo-host'

/** A row of repositories. */
export type RepoRow = typeof repositories.$inferSelect

/** The row of `name`, or null. */
export async function findRepoRow(db: Db, name: string): Promise<RepoRow | null> {
  const [row] = await db.select().from(repositories).where(eq(repositories.name, name)).limit(1)
  return row ?? null
}

/** The row of `name`; throws RepoNotFoundError. */
export async function getRepoRow(db: Db, name: string): Promise<RepoRow> {
  const row = await findRepoRow(db, name)
  if (!row) throw new RepoNotFoundError(`Repository not found: ${name}`)
  return row
}

/** Insert the row unless one exists; returns the stored row. */
export async function ensureRepoRow(
  db: Db,
  values: { name: string; provider: string; private: boolean; projectId: string | null },
): Promise<RepoRow> {
  await db.insert(repositories).values(values).onConflictDoNothing({ target: repositories.name })
  return getRepoRow(db, values.name)
}

/** Set the row's privacy; throws RepoNotFoundError. */
export async function setRepoPrivate(db: Db, name: string, isPrivate: boolean): Promise<void> {
  const updated = await db
    .update(repositories)
    .set({ private: isPrivate })
    .where(eq(repositories.name, name))
    .returning({ id: repositories.id })
  if (updated.length === 0) throw new RepoNotFoundError(`Repository not found: ${name}`)
}

/** Collaborators of `name` by username; throws RepoNotFoundError. */
export async function listCollaboratorRows(db: Db, name: string): Promise<Collaborator[]> {
  const row = await getRepoRow(db, name)
  return db
    .select({ username: repositoryCollaborators.username, permission: repositoryCollaborators.permission })
    .from(repositoryCollaborators)
    .where(eq(repositoryCollaborators.repositoryId, row.id))
    .orderBy(asc(repositoryCollaborators.username))
}

/** Add or change a collaborator's permission. */
export async function upsertCollaboratorRow(
  db: Db,
  name: string,
  username: string,
  permission: CollaboratorPermission,
): Promise<Collaborator> {
  const row = await getRepoRow(db, name)
  await db
    .insert(repositoryCollaborators)
    .values({ repositoryId: row.id, username, permission })
    .onConflictDoUpdate({
      target: [repositoryCollaborators.repositoryId, repositoryCollaborators.username],
      set: { permission },
    })
  return { username, permission }
}

/** Remove a collaborator; throws RepoNotFoundError when there was none. */
export async function deleteCollaboratorRow(db: Db, name: string, username: string): Promise<void> {
  const row = await getRepoRow(db, name)
  const deleted = await db
    .delete(repositoryCollaborators)
    .where(and(eq(repositoryCollaborators.repositoryId, row.id), eq(repositoryCollaborators.username, username)))
    .returning({ username: repositoryCollaborators.username })
  if (deleted.length === 0) throw new RepoNotFoundError(`Collaborator not found: ${username}`)
}

/** Remove the row of `name` (collaborators cascade). */
export async function deleteRepoRow(db: Db, name: string): Promise<void> {
  await db.delete(repositories).where(eq(repositories.name, name))
}

/** The id of the project owning repository `name`, or null. */
export async function projectOfRepo(db: Db, name: string): Promise<string | null> {
  const row = await findRepoRow(db, name)
  return row?.projectId ?? null
}

/** Mirror a privacy change into the project's githubRepo (when it has one). */
export async function setProjectRepoPrivate(db: Db, projectId: string, isPrivate: boolean): Promise<void> {
  const [project] = await db
    .select({ githubRepo: projects.githubRepo })
    .from(projects)
    .where(eq(projects.id, projectId))
  if (!project?.githubRepo) return
  await db
    .update(projects)
    .set({ githubRepo: { ...project.githubRepo, private: isPrivate } })
    .where(eq(projects.id, projectId))
}

/** The project has no repository and no files any more. */
export async function clearProjectRepo(db: Db, projectId: string): Promise<void> {
  await db
    .update(projects)
    .set({ githubRepo: null, hasFiles: false, totalFileSize: 0 })
    .where(eq(projects.id, projectId))
}
