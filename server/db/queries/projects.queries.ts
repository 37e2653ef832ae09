/**
 * Reading projects (SPEC.md 3 "Project"): one project or a set with owner and images in one
 * round trip, row locks for writes, the owner check, categories and technologies. Writes are in
 * projects-write.queries.ts, the list page in projects-list.queries.ts.
 */
import { asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import type { Project } from '../../../src/api/schemas/projects'
import type { Db } from '../client'
import { preparedPer, qualified } from '../sql'
import type { VersionedRows, WriteAttempt } from '../write'
import { projectImages, projects, users, type GithubRepo } from '../schema'
import { toApiProject, type ImageRow, type ProjectRow, type UserRef } from '../../domain/projects/serialize'
import { badRequest, notFound } from '../../http/errors'

/** An open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** The database or an open transaction. */
export type DbOrTx = Db | Tx

const projectColumns = getTableColumns(projects)

/**
 * The columns of a project plus its images (position order) and owner as JSON built by the
 * database, so a page of projects is one round trip.
 */
export const projectWithRelations = {
  ...projectColumns,
  images: sql<ImageRow[]>`coalesce((SELECT json_agg(json_build_object('url', i.url, 'alt', i.alt,
    'filePath', i.file_path) ORDER BY i.position) FROM ${projectImages} i WHERE i.project_id = ${qualified(projects.id)}), '[]'::json)`,
  owner: sql<UserRef | null>`(SELECT json_build_object('id', u.id, 'name', u.name, 'email', u.email)
    FROM ${users} u WHERE u.id = ${qualified(projects.projectOwnerId)})`,
}

/** Rows selected with `projectWithRelations` → API projects, keeping their order. */
export function toApiProjects(rows: (ProjectRow & { images: ImageRow[]; owner: UserRef | null })[]): Project[] {
  return rows.map((row) => toApiProject(row, row.images, row.owner))
}

/** Load the projects matching `where` with their relations, in `orderBy` order. */
export async function selectApiProjects(db: DbOrTx, where: SQL | undefined): Promise<Project[]> {
  return toApiProjects(await db.select(projectWithRelations).from(projects).where(where))
}

/** One project with its relations by id (a prepared statement: the detail is the most read row). */
const projectById = preparedPer('project_by_id', (db, name) =>
  db
    .select(projectWithRelations)
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id')))
    .prepare(name),
)

/** One project in the API shape; throws 404 'Project not found'. */
export async function findProject(db: Db, id: string): Promise<Project> {
  const [project] = toApiProjects(await projectById(db).execute({ id }))
  if (!project) throw notFound('Project not found')
  return project
}

/** 400 when `ownerId` is set but no such user exists (instead of a foreign-key 500). */
export async function assertOwnerExists(db: DbOrTx, ownerId: string | null | undefined): Promise<void> {
  if (!ownerId) return
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).limit(1)
  if (!user) throw badRequest('Project owner not found')
}

/** 404 naming the first id of `unique` without a row in `rows` (a single id gets the plain 'Project not found'). */
function assertAllFound(unique: readonly string[], rows: readonly { id: string }[]): void {
  if (rows.length === unique.length) return
  const found = new Set(rows.map((r) => r.id))
  const missing = unique.find((id) => !found.has(id))
  throw notFound(unique.length === 1 ? 'Project not found' : `Project not found: ${missing}`)
}

/**
 * Lock the rows of `ids` FOR UPDATE inside `tx`; 404 naming the first unknown id (a single id
 * gets the plain 'Project not found'). All or nothing: the caller's transaction rolls back.
 */
export async function lockProjects(tx: Tx, ids: string[]): Promise<ProjectRow[]> {
  const unique = [...new Set(ids)]
  const rows = await tx
    .select()
    .from(projects)
    .where(inArray(projects.id, unique))
    .orderBy(asc(projects.id))
    .for('update')
  assertAllFound(unique, rows)
  return rows
}

/** A project row read for an optimistic write, with its row version (`xmin` as text). */
export type VersionedProjectRow = ProjectRow & { rowVersion: string }

/**
 * A project's row version: `xmin`, the transaction that wrote the row version, as text (decision
 * 022): what optimistic writes check and the list's per-project JSON is keyed by (decision 024).
 */
export const projectRowVersion = sql<string>`${projects}.xmin::text`

/** A project's columns and its row version. */
const versionedProjectColumns = { ...projectColumns, rowVersion: projectRowVersion }

/**
 * The statement of versionedProjects.read, prepared (one shape for any number of ids: `= ANY` of
 * one uuid[] parameter, not an IN list per count): every project write starts with it, and
 * building it was a share of the server's CPU under load (decision 023).
 */
const projectsForWrite = preparedPer('projects_for_write', (db, name) =>
  db
    .select(versionedProjectColumns)
    .from(projects)
    .where(sql`${projects.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(projects.id))
    .prepare(name),
)

/**
 * Projects as an optimistic write reads and guards them (db/write.ts):
 * `read(attempt, ids)`: the rows of `ids` (duplicates once, in id order) with their row versions,
 * without a lock, or with `attempt.lock` (its last attempt, inside a transaction) FOR UPDATE,
 * locked in id order; 404 as lockProjects.
 * `unchanged(rows)`: the WHERE of the guarded UPDATE: the projects of `rows` (by id, so the
 * primary key finds them), and only while each is still the version read. `xmin` is the
 * transaction that wrote a row version; every UPDATE makes a new version with its own
 * transaction's id, and the versions read were committed ones, so an unchanged xmin means no
 * write since the read (PostgreSQL manual, 5.6 "System Columns").
 */
export const versionedProjects: VersionedRows<VersionedProjectRow> = {
  async read(attempt: WriteAttempt, ids: readonly string[]): Promise<VersionedProjectRow[]> {
    const unique = [...new Set(ids)]
    const rows = attempt.lock
      ? await attempt.db
          .select(versionedProjectColumns)
          .from(projects)
          .where(inArray(projects.id, unique))
          .orderBy(asc(projects.id))
          .for('update')
      : await projectsForWrite(attempt.db).execute({ ids: unique })
    assertAllFound(unique, rows)
    return rows
  },
  unchanged(rows: readonly { id: string; rowVersion: string }[]): SQL {
    // One text per row, 'id:xmin', matched by a hashed IN list. Not a row comparison `(id, xmin) IN
    // ((…), …)`: xid has no btree operator class, and on PGlite a list of 400 row pairs did not finish.
    const versions = rows.map((row) => sql`${`${row.id}:${row.rowVersion}`}`)
    return sql`${inArray(
      projects.id,
      rows.map((row) => row.id),
    )}
    AND (${projects.id}::text || ':' || ${projectRowVersion}) IN (${sql.join(versions, sql`, `)})`
  },
}

/** The project's row, or undefined. */
export async function findProjectRow(db: DbOrTx, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1)
  return row
}

/** Record a committed upload on the project: files present, their total size (bytes), the repository. */
export async function setProjectFiles(db: DbOrTx, id: string, totalFileSize: number, githubRepo: GithubRepo) {
  await db.update(projects).set({ hasFiles: true, totalFileSize, githubRepo }).where(eq(projects.id, id))
}

/** Distinct categories of all projects (unsorted; the route sorts them for both databases alike). */
export async function listCategories(db: Db): Promise<string[]> {
  return (await db.selectDistinct({ name: projects.category }).from(projects)).map((r) => r.name)
}

/** Distinct technologies of all projects (unsorted). */
export async function listTechnologies(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ name: sql<string>`unnest(${projects.technologies})` }).from(projects)
  return rows.map((r) => r.name)
}

/** At most this many drafts are listed (Add Project's offer and the stale ones). */
const DRAFTS_LISTED = 200

/**
 * The unpublished drafts (decision 038), most recently changed first, at most 200: id, title,
 * whether the upload was committed, created and last changed. Served by projects_drafts_idx.
 */
export async function listDrafts(db: Db) {
  return db
    .select({
      id: projects.id,
      title: projects.title,
      hasFiles: projects.hasFiles,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .where(eq(projects.isDraft, true))
    .orderBy(sql`${projects.updatedAt} DESC`, sql`${projects.id} DESC`)
    .limit(DRAFTS_LISTED)
}
