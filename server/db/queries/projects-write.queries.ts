/**
 * Writing projects (SPEC.md 7 "Projects"): create, partial update, delete with everything
 * that hangs off them, bulk activate/deactivate. Each goes through db/write.ts `write` (an edit and
 * bulk activate: optimistic, one statement; create and delete: one locked transaction), which
 * writes the verification history, audit and undo rows with the change, so they never disagree.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { RowConflict } from '../../../src/api/schemas/versions'
import type { CreateProjectInput, UpdateProjectInput } from '../../../src/api/schemas/projects'
import type { UndoTicket } from '../../../src/api/schemas/undo'
import type { Db } from '../client'
import { write } from '../write'
import { projectImages, projectReports, projects, repositories, verificationHistory } from '../schema'
import { diffColumns, toProjectColumns } from '../../domain/projects/fields'
import type { DeletedProjectInfo } from '../../services/project-deleted-hooks'
import { assertOwnerExists, lockProjects, versionedProjects, type Tx } from './projects.queries'
import { assertUnchanged, type UndoActor } from './undo.queries'
import { groupByBefore, undoRecord, type UndoRecord } from '../../domain/undo'
import type { AuditEntry } from './audit.queries'
import { assertVersion, nextVersion, splitByVersion } from '../../domain/versions'
import { nextVersionSql, rowConflicts } from './versions.queries'

/** Versions of the rows a bulk write was chosen at (`{ id: updatedAt }`, src/api/schemas/live.ts); undefined: unchecked. */
export type RowVersions = Readonly<Record<string, string>> | undefined

/** Insert a project (400 for an unknown owner), its first history entry when a status was given, and an audit row; returns its id. */
export async function createProject(db: Db, input: CreateProjectInput, actorId: string, now: Date): Promise<string> {
  const { result } = await write(db, {
    transaction: async (tx) => {
      await assertOwnerExists(tx, input.projectOwner)
      const columns = { ...toProjectColumns(input), title: input.title, description: input.description }
      const [row] = await tx
        .insert(projects)
        .values({ ...columns, createdAt: now, updatedAt: now })
        .returning()
      if (input.verificationStatus) {
        await tx.insert(verificationHistory).values({
          projectId: row.id,
          status: row.verificationStatus,
          previousStatus: null,
          notes: 'Project created',
          verifiedBy: actorId,
          verifiedAt: now,
        })
      }
      return {
        result: row.id,
        audit: [{ actorId, action: 'project.create', entityType: 'project', entityId: row.id, after: row }],
      }
    },
  })
  return result
}

/**
 * Apply the fields present in `input` (404 unknown project, 400 unknown owner; with `version`, the
 * If-Match of decision 041, 409 version_conflict unless the project is still that version). A
 * status change is recorded in the history with its previous status (SPEC.md 4); the audit row
 * holds the diff. An optimistic write (db/write.ts): the update, history and audit rows go in one
 * statement that writes only if the project is still the version read; read again and retried
 * when it is not (and then refused when `version` is no longer the project's).
 */
export async function updateProject(
  db: Db,
  id: string,
  input: UpdateProjectInput,
  actorId: string,
  now: Date,
  version: string | null = null,
) {
  await assertOwnerExists(db, input.projectOwner)
  await write(db, {
    rows: versionedProjects,
    ids: [id],
    plan: ([row], _, on) => {
      assertVersion('project', row, version)
      const columns = toProjectColumns(input)
      const diff = diffColumns(row, columns)
      if (!diff.changed) return { result: undefined }
      const statusChanged = columns.verificationStatus && columns.verificationStatus !== row.verificationStatus
      const at = nextVersion(row.updatedAt, now)
      return {
        result: undefined,
        change: {
          rows: [row],
          update: (unchanged) =>
            on
              .update(projects)
              .set({ ...columns, updatedAt: at })
              .where(unchanged),
          inserts: [
            statusChanged &&
              on.insert(verificationHistory).values({
                projectId: id,
                status: columns.verificationStatus!,
                previousStatus: row.verificationStatus,
                notes: columns.verificationNotes || 'Status changed in project edit',
                verifiedBy: actorId,
                verifiedAt: now,
              }),
          ],
          audit: [
            {
              actorId,
              action: 'project.update',
              entityType: 'project',
              entityId: id,
              before: diff.before,
              after: diff.after,
              at,
            },
          ],
        },
      }
    },
  })
}

/** Which of the projects read a delete removes (decision 041); every field optional. */
export type DeleteGuard = {
  /** The If-Match of a one-project delete: 409 version_conflict unless the project is that version. */
  version?: string | null
  /** Bulk: a project not at its version here is kept and reported. */
  versions?: RowVersions
  /** Only projects still drafts are deleted (in the DELETE itself); the others are kept and reported. */
  onlyDrafts?: boolean
}

/**
 * Delete projects with their images, report and repository rows in one transaction (history,
 * commission configs cascade); audit one row per project. Answers what the file cleanups need
 * (`deleted`) and the projects `guard` kept (`kept`: moved since their version, or no longer drafts).
 */
export async function deleteProjects(db: Db, ids: string[], actorId: string, guard: DeleteGuard = {}) {
  const { result } = await write(db, {
    transaction: async (tx) => {
      const read = await lockProjects(tx, ids)
      if (read.length === 1) assertVersion('project', read[0], guard.version)
      const split = splitByVersion(read, guard.versions)
      const kept = [...split.moved, ...(guard.onlyDrafts ? split.current.filter((r) => !r.isDraft) : [])]
      const rows = guard.onlyDrafts ? split.current.filter((r) => r.isDraft) : split.current
      const found = rows.map((r) => r.id)
      if (!found.length) return { result: { deleted: [], kept } }
      // Sequential: a transaction is one connection (pg deprecates overlapping queries on it).
      const images = await tx.select().from(projectImages).where(inArray(projectImages.projectId, found))
      const reports = await tx.select().from(projectReports).where(inArray(projectReports.projectId, found))
      const repos = await tx.select().from(repositories).where(inArray(repositories.projectId, found))
      await tx.delete(repositories).where(inArray(repositories.projectId, found))
      // The rows are locked, so they are still drafts; the condition says so in the statement itself.
      await tx
        .delete(projects)
        .where(and(inArray(projects.id, found), guard.onlyDrafts ? eq(projects.isDraft, true) : undefined))
      const deleted: { projectId: string; info: DeletedProjectInfo }[] = []
      const audit: AuditEntry[] = []
      for (const row of rows) {
        const info: DeletedProjectInfo = {
          title: row.title,
          imagePaths: images.filter((i) => i.projectId === row.id).map((i) => i.filePath),
          reportPath: reports.find((r) => r.projectId === row.id)?.filePath ?? null,
          repositories: repos
            .filter((r) => r.projectId === row.id)
            .map((r) => ({ id: r.id, name: r.name, provider: r.provider })),
        }
        audit.push({
          actorId,
          action: 'project.delete',
          entityType: 'project',
          entityId: row.id,
          before: { ...row, images: info.imagePaths, report: info.reportPath, repositories: info.repositories },
        })
        deleted.push({ projectId: row.id, info })
      }
      return { result: { deleted, kept }, audit }
    },
  })
  return { deleted: result.deleted, conflicts: await rowConflicts(db, 'project', result.kept) }
}

/**
 * Set isActive on every id (all or nothing; 404 for an unknown id); audit each project whose flag
 * changed and record the undo of those (kind 'project.active'). A project not at its version in
 * `versions` is left unchanged and reported in `conflicts`. Answers the count of projects at the
 * flag asked for, the undo ticket (null: none changed) and the conflicts. An optimistic write
 * (db/write.ts) over the projects it changes: written only if none of them changed since the
 * read; read again and retried when one did.
 */
export async function setProjectsActive(
  db: Db,
  ids: string[],
  isActive: boolean,
  actorId: string,
  now: Date,
  versions?: RowVersions,
): Promise<{ count: number; undo: UndoTicket | null; conflicts: RowConflict[] }> {
  const { result, undo } = await write(db, {
    rows: versionedProjects,
    ids,
    plan: (read, _, on) => {
      const { current: rows, moved } = splitByVersion(read, versions)
      const changed = rows.filter((r) => r.isActive !== isActive)
      if (!changed.length) return { result: { count: rows.length, moved } }
      const at = new Map(changed.map((row) => [row.id, nextVersion(row.updatedAt, now)]))
      return {
        result: { count: rows.length, moved },
        change: {
          rows: changed,
          update: (unchanged) =>
            on
              .update(projects)
              .set({ isActive, updatedAt: nextVersionSql(projects.updatedAt, now) })
              .where(unchanged),
          audit: changed.map((row) => ({
            actorId,
            action: 'project.update',
            entityType: 'project',
            entityId: row.id,
            before: { isActive: row.isActive },
            after: { isActive },
            at: at.get(row.id),
          })),
          // Each changed row's updated_at becomes its next version: the version the undo checks against.
          undo: {
            kind: 'project.active',
            actorId,
            now,
            records: changed.map((row) => undoRecord(row.id, row, { isActive }, at.get(row.id)!)),
          },
        },
      }
    },
  })
  return { count: result.count, undo, conflicts: await rowConflicts(db, 'project', result.moved) }
}

/** Undo of 'project.active' (undo-restore.queries.ts): isActive back; 409 when a project changed since. */
export async function restoreProjectsActive(
  tx: Tx,
  records: UndoRecord[],
  _actor: UndoActor,
  now: Date,
): Promise<void> {
  const rows = await tx
    .select()
    .from(projects)
    .where(
      inArray(
        projects.id,
        records.map((r) => r.id),
      ),
    )
    .orderBy(asc(projects.id))
    .for('update')
  assertUnchanged(rows, records)
  for (const { before, ids } of groupByBefore(records)) {
    await tx
      .update(projects)
      .set({ isActive: before.isActive === true, updatedAt: nextVersionSql(projects.updatedAt, now) })
      .where(inArray(projects.id, ids))
  }
}
