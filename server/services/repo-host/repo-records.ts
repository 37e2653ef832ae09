/**
 * Database side of the repository hosts: the `repositories` row (privacy, default branch, owning
 * project) and `repository_collaborators`. Shared by the local and the GitHub host so the panel
 * reads the same rows whichever host is configured.
 */
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { repositories, repositoryCollaborators } from '../../db/schema'
import { RepoNotFoundError, type Collaborator, type CollaboratorPermission } from './repo-host'

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
  db: Db, values: { name: string; provider: string; private: boolean; projectId: string | null },
): Promise<RepoRow> {
  await db.insert(repositories).values(values).onConflictDoNothing({ target: repositories.name })
  return getRepoRow(db, values.name)
}

export async function setRepoPrivate(db: Db, name: string, isPrivate: boolean): Promise<void> {
  const updated = await db.update(repositories).set({ private: isPrivate }).where(eq(repositories.name, name))
    .returning({ id: repositories.id })
  if (updated.length === 0) throw new RepoNotFoundError(`Repository not found: ${name}`)
}

export async function listCollaboratorRows(db: Db, name: string): Promise<Collaborator[]> {
  const row = await getRepoRow(db, name)
  return db.select({ username: repositoryCollaborators.username, permission: repositoryCollaborators.permission })
    .from(repositoryCollaborators).where(eq(repositoryCollaborators.repositoryId, row.id))
    .orderBy(asc(repositoryCollaborators.username))
}

/** Add or change a collaborator's permission. */
export async function upsertCollaboratorRow(
  db: Db, name: string, username: string, permission: CollaboratorPermission,
): Promise<Collaborator> {
  const row = await getRepoRow(db, name)
  await db.insert(repositoryCollaborators).values({ repositoryId: row.id, username, permission })
    .onConflictDoUpdate({ target: [repositoryCollaborators.repositoryId, repositoryCollaborators.username],
      set: { permission } })
  return { username, permission }
}

/** Remove a collaborator; throws RepoNotFoundError when there was none. */
export async function deleteCollaboratorRow(db: Db, name: string, username: string): Promise<void> {
  const row = await getRepoRow(db, name)
  const deleted = await db.delete(repositoryCollaborators)
    .where(and(eq(repositoryCollaborators.repositoryId, row.id), eq(repositoryCollaborators.username, username)))
    .returning({ username: repositoryCollaborators.username })
  if (deleted.length === 0) throw new RepoNotFoundError(`Collaborator not found: ${username}`)
}

export async function deleteRepoRow(db: Db, name: string): Promise<void> {
  await db.delete(repositories).where(eq(repositories.name, name))
}
