/**
 * Project reports in the database (SPEC.md 7 "Reports"): one row per project in project_reports,
 * `projects.has_report` (and the report price) following it. Writes lock the project and write
 * their audit row in the same transaction; the file itself is the caller's (blob storage).
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { projectReports, projects } from '../schema'
import { notFound } from '../../http/errors'
import { write } from '../write'
import { lockProjects } from './projects.queries'

/** A row of project_reports. */
export type ReportRow = typeof projectReports.$inferSelect
/** The stored file: blob key, original name, content type, size in bytes, when. */
export type ReportFile = Pick<ReportRow, 'filePath' | 'fileName' | 'contentType' | 'size' | 'uploadedAt'>

/** The report row of a project, or undefined. */
export async function findReport(db: Db, projectId: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(projectReports).where(eq(projectReports.projectId, projectId))
  return row
}

/** The report row of a project stored under blob `key`, or undefined. */
export async function findReportFile(db: Db, projectId: string, key: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(projectReports)
    .where(and(eq(projectReports.projectId, projectId), eq(projectReports.filePath, key)))
    .limit(1)
  return row
}

/**
 * Make `file` the project's report (404 unknown project); a positive `pricePaise` also sets the
 * report price. Returns the blob key of the report it replaced, or null.
 */
export async function replaceReport(
  db: Db,
  projectId: string,
  file: ReportFile,
  pricePaise: number,
  actorId: string,
): Promise<string | null> {
  const { result } = await write(db, {
    transaction: async (tx) => {
      await lockProjects(tx, [projectId])
      const [old] = await tx.select().from(projectReports).where(eq(projectReports.projectId, projectId))
      await tx
        .insert(projectReports)
        .values({ projectId, ...file })
        .onConflictDoUpdate({ target: projectReports.projectId, set: file })
      await tx
        .update(projects)
        .set({ hasReport: true, ...(pricePaise > 0 ? { reportPricePaise: pricePaise } : {}) })
        .where(eq(projects.id, projectId))
      return {
        result: old?.filePath ?? null,
        audit: [
          {
            actorId,
            action: 'project.report.upload',
            entityType: 'project',
            entityId: projectId,
            before: old ? { report: old.filePath } : null,
            after: { report: file.filePath },
          },
        ],
      }
    },
  })
  return result
}

/** Remove the project's report (404 'Report not found'); returns its blob key. */
export async function deleteReport(db: Db, projectId: string, actorId: string): Promise<string> {
  const { result } = await write(db, {
    transaction: async (tx) => {
      await lockProjects(tx, [projectId])
      const [row] = await tx.delete(projectReports).where(eq(projectReports.projectId, projectId)).returning()
      if (!row) throw notFound('Report not found')
      await tx.update(projects).set({ hasReport: false }).where(eq(projects.id, projectId))
      return {
        result: row.filePath,
        audit: [
          {
            actorId,
            action: 'project.report.delete',
            entityType: 'project',
            entityId: projectId,
            before: { report: row.filePath },
          },
        ],
      }
    },
  })
  return result
}
