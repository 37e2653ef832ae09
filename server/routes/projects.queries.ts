/**
 * Database access for the projects routes: load projects with owner and images, delete with
 * everything that hangs off them, bulk activate/deactivate. Each write runs in one transaction
 * and writes the audit log inside it (server/services/audit.ts).
 */
import { asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import type { Project } from '../../src/api/schemas/projects'
import type { Db } from '../db/client'
import { qualified } from '../db/sql'
import { projectImages, projectReports, projects, repositories, users } from '../db/schema'
import type { DeletedProjectInfo } from '../domain/projects/delete-hooks'
import { toApiProject, type ImageRow, type ProjectRow, type UserRef } from '../domain/projects/serialize'
import { badRequest, notFound } from '../http/errors'
import { audit } from '../services/audit'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** The database or an open transaction. */
export type DbOrTx = Db | Tx

const { searchText: _searchText, ...projectColumns } = getTableColumns(projects)

/**
 * The columns of a project plus its images (position order) and owner as JSON built by the
 * database, so a page of projects is one round trip. `search_text` is left out: it is internal.
 */
export const projectWithRelations = {
  ...projectColumns,
  images: sql<ImageRow[]>`coalesce((SELECT json_agg(json_build_object('url', i.url, 'alt', i.alt,
    'filePath', i.file_path) ORDER BY i.position) FROM ${projectImages} i WHERE i.project_id = ${qualified(projects.id)}), '[]'::json)`,
  owner: sql<UserRef | null>`(SELECT json_build_object('id', u.id, 'name', u.name, 'email', u.email)
    FROM ${users} u WHERE u.id = ${qualified(projects.projectOwnerId)})`,
}

/** Rows selected with `projectWithRelations` → API projects, keeping their order. */
export function toApiProjects(rows: (Omit<ProjectRow, 'searchText'> & { images: ImageRow[]; owner: UserRef | null })[]): Project[] {
  return rows.map((row) => toApiProject(row, row.images, row.owner))
}

/** Load the projects matching `where` with their relations, in `orderBy` order. */
export async function selectApiProjects(db: DbOrTx, where: SQL | undefined): Promise<Project[]> {
  return toApiProjects(await db.select(projectWithRelations).from(projects).where(where))
}

/** One project in the API shape; throws 404 'Project not found'. */
export async function findProject(db: DbOrTx, id: string): Promise<Project> {
  const [project] = await selectApiProjects(db, eq(projects.id, id))
  if (!project) throw notFound('Project not found')
  return project
}

/** 400 when `ownerId` is set but no such user exists (instead of a foreign-key 500). */
export async function assertOwnerExists(db: DbOrTx, ownerId: string | null | undefined): Promise<void> {
  if (!ownerId) return
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).limit(1)
  if (!user) throw badRequest('Project owner not found')
}

/**
 * Lock the rows of `ids` FOR UPDATE inside `tx`; 404 naming the first unknown id (a single id
 * gets the plain 'Project not found'). All or nothing: the caller's transaction rolls back.
 */
export async function lockProjects(tx: Tx, ids: string[]): Promise<ProjectRow[]> {
  const unique = [...new Set(ids)]
  const rows = await tx.select().from(projects).where(inArray(projects.id, unique)).orderBy(asc(projects.id))
    .for('update')
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id))
    const missing = unique.find((id) => !found.has(id))
    throw notFound(unique.length === 1 ? 'Project not found' : `Project not found: ${missing}`)
  }
  return rows
}

/**
 * Delete projects with their images, report and repository rows in one transaction (history,
 * commission configs cascade); audit one row per project. Returns what the file cleanups need.
 */
export async function deleteProjects(db: Db, ids: string[], actorId: string) {
  return db.transaction(async (tx) => {
    const rows = await lockProjects(tx, ids)
    const found = rows.map((r) => r.id)
    // Sequential: a transaction is one connection (pg deprecates overlapping queries on it).
    const images = await tx.select().from(projectImages).where(inArray(projectImages.projectId, found))
    const reports = await tx.select().from(projectReports).where(inArray(projectReports.projectId, found))
    const repos = await tx.select().from(repositories).where(inArray(repositories.projectId, found))
    await tx.delete(repositories).where(inArray(repositories.projectId, found))
    await tx.delete(projects).where(inArray(projects.id, found))
    const deleted: { projectId: string; info: DeletedProjectInfo }[] = []
    for (const row of rows) {
      const info: DeletedProjectInfo = {
        title: row.title,
        imagePaths: images.filter((i) => i.projectId === row.id).map((i) => i.filePath),
        reportPath: reports.find((r) => r.projectId === row.id)?.filePath ?? null,
        repositories: repos.filter((r) => r.projectId === row.id)
          .map((r) => ({ id: r.id, name: r.name, provider: r.provider })),
      }
      const { searchText: _searchText, ...before } = row
      await audit(tx, { actorId, action: 'project.delete', entityType: 'project', entityId: row.id,
        before: { ...before, images: info.imagePaths, report: info.reportPath, repositories: info.repositories } })
      deleted.push({ projectId: row.id, info })
    }
    return deleted
  })
}

/** Set isActive on every id (all or nothing); audit each project whose flag changed. */
export async function setProjectsActive(db: Db, ids: string[], isActive: boolean, actorId: string) {
  return db.transaction(async (tx) => {
    const rows = await lockProjects(tx, ids)
    await tx.update(projects).set({ isActive }).where(inArray(projects.id, rows.map((r) => r.id)))
    for (const row of rows.filter((r) => r.isActive !== isActive)) {
      await audit(tx, { actorId, action: 'project.update', entityType: 'project', entityId: row.id,
        before: { isActive: row.isActive }, after: { isActive } })
    }
    return rows.length
  })
}
