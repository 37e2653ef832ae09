/**
 * Writing projects (SPEC.md 7 "Projects"): create, partial update, delete with everything
 * that hangs off them, bulk activate/deactivate. Each goes through db/write.ts `write` (an edit and
 * bulk activate: optimistic, one statement; create and delete: one locked transaction), which
 * writes the verification history, audit and undo rows with the change, so they never disagree.
 */
import { asc, inArray } from 'drizzle-orm'
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
 * Apply the fields present in `input` (404 unknown project, 400 unknown owner). A status change
 * is recorded in the history with its previous status (SPEC.md 4); the audit row holds the diff.
 * An optimistic write (db/write.ts): the update, history and audit rows go in one statement that
 * writes only if the project is still the version read; read again and retried when it is not.
 */
export async function updateProject(db: Db, id: string, input: UpdateProjectInput, actorId: string, now: Date) {
  await assertOwnerExists(db, input.projectOwner)
  await write(db, {
    rows: versionedProjects,
    ids: [id],
    plan: ([row], _, on) => {
      const columns = toProjectColumns(input)
      const diff = diffColumns(row, columns)
      if (!diff.changed) return { result: undefined }
      const statusChanged = columns.verificationStatus && columns.verificationStatus !== row.verificationStatus
      return {
        result: undefined,
        change: {
          rows: [row],
          update: (unchanged) =>
            on
              .update(projects)
              .set({ ...columns, updatedAt: now })
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
            },
          ],
        },
      }
    },
  })
}

/**
 * Delete projects with their images, report and repository rows in one transaction (history,
 * commission configs cascade); audit one row per project. Returns what the file cleanups need.
 */
export async function deleteProjects(db: Db, ids: string[], actorId: string) {
  const { result } = await write(db, {
    transaction: async (tx) => {
      const rows = await lockProjects(tx, ids)
      const found = rows.map((r) => r.id)
      // Sequential: a transaction is one connection (pg deprecates overlapping queries on it).
      const images = await tx.select().from(projectImages).where(inArray(projectImages.projectId, found))
      const reports = await tx.select().from(projectReports).where(inArray(projectReports.projectId, found))
      const repos = await tx.select().from(repositories).where(inArray(repositories.projectId, found))
      await tx.delete(repositories).where(inArray(repositories.projectId, found))
      await tx.delete(projects).where(inArray(projects.id, found))
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
      return { result: deleted, audit }
    },
  })
  return result
}

/**
 * Set isActive on every id (all or nothing; 404 for an unknown id); audit each project whose flag
 * changed and record the undo of those (kind 'project.active'). Answers the count and the undo
 * ticket (null: none changed). An optimistic write (db/write.ts) over the projects it changes:
 * written only if none of them changed since the read; read again and retried when one did.
 */
export async function setProjectsActive(
  db: Db,
  ids: string[],
  isActive: boolean,
  actorId: string,
  now: Date,
): Promise<{ count: number; undo: UndoTicket | null }> {
  const { result, undo } = await write(db, {
    rows: versionedProjects,
    ids,
    plan: (rows, _, on) => {
      const changed = rows.filter((r) => r.isActive !== isActive)
      if (!changed.length) return { result: rows.length }
      return {
        result: rows.length,
        change: {
          rows: changed,
          update: (unchanged) => on.update(projects).set({ isActive, updatedAt: now }).where(unchanged),
          audit: changed.map((row) => ({
            actorId,
            action: 'project.update',
            entityType: 'project',
            entityId: row.id,
            before: { isActive: row.isActive },
            after: { isActive },
          })),
          // Every changed row's updated_at becomes `now`: the version the undo checks against.
          undo: {
            kind: 'project.active',
            actorId,
            now,
            records: changed.map((row) => undoRecord(row.id, row, { isActive }, now)),
          },
        },
      }
    },
  })
  return { count: result, undo }
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
      .set({ isActive: before.isActive === true, updatedAt: now })
      .where(inArray(projects.id, ids))
  }
}
