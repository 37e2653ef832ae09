/**
 * Writing projects (SPEC.md 7 "Projects"; issue 3): create, partial update, delete with everything
 * that hangs off them, bulk activate/deactivate. Each write is one transaction and writes its
 * verification history and audit rows inside it (audit.queries.ts), so they never disagree.
 */
import { eq, inArray } from 'drizzle-orm'
import type { CreateProjectInput, UpdateProjectInput } from '../../../src/api/schemas/projects'
import type { Db } from '../client'
import { projectImages, projectReports, projects, repositories, verificationHistory } from '../schema'
import { diffColumns, toProjectColumns, withSearchText } from '../../domain/projects/fields'
import { audit, auditMany } from './audit.queries'
import type { DeletedProjectInfo } from '../../services/project-deleted-hooks'
import { assertOwnerExists, lockProjects } from './projects.queries'

/** Insert a project (400 for an unknown owner), its first history entry when a status was given, and an audit row; returns its id. */
export async function createProject(db: Db, input: CreateProjectInput, actorId: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    await assertOwnerExists(tx, input.projectOwner)
    const columns = withSearchText({ ...toProjectColumns(input), title: input.title, description: input.description })
    const [row] = await tx.insert(projects).values({ ...columns, createdAt: now, updatedAt: now }).returning()
    if (input.verificationStatus) {
      await tx.insert(verificationHistory).values({ projectId: row.id, status: row.verificationStatus,
        previousStatus: null, notes: 'Project created', verifiedBy: actorId, verifiedAt: now })
    }
    const { searchText: _searchText, ...after } = row
    await audit(tx, { actorId, action: 'project.create', entityType: 'project', entityId: row.id, after })
    return row.id
  })
}

/**
 * Apply the fields present in `input` (404 unknown project, 400 unknown owner). A status change
 * is recorded in the history with its previous status (SPEC.md 4); the audit row holds the diff.
 */
export async function updateProject(db: Db, id: string, input: UpdateProjectInput, actorId: string, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await lockProjects(tx, [id])
    await assertOwnerExists(tx, input.projectOwner)
    const columns = toProjectColumns(input)
    const diff = diffColumns(row, columns)
    if (!diff.changed) return
    await tx.update(projects).set({ ...columns, updatedAt: now }).where(eq(projects.id, id))
    if (columns.verificationStatus && columns.verificationStatus !== row.verificationStatus) {
      await tx.insert(verificationHistory).values({ projectId: id, status: columns.verificationStatus,
        previousStatus: row.verificationStatus, notes: columns.verificationNotes || 'Status changed in project edit',
        verifiedBy: actorId, verifiedAt: now })
    }
    await audit(tx, { actorId, action: 'project.update', entityType: 'project', entityId: id,
      before: diff.before, after: diff.after })
  })
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

/** Set isActive on every id (all or nothing); audit each project whose flag changed. Returns the count. */
export async function setProjectsActive(db: Db, ids: string[], isActive: boolean, actorId: string) {
  return db.transaction(async (tx) => {
    const rows = await lockProjects(tx, ids)
    await tx.update(projects).set({ isActive }).where(inArray(projects.id, rows.map((r) => r.id)))
    await auditMany(tx, rows.filter((r) => r.isActive !== isActive).map((row) => ({ actorId,
      action: 'project.update', entityType: 'project', entityId: row.id,
      before: { isActive: row.isActive }, after: { isActive } })))
    return rows.length
  })
}
