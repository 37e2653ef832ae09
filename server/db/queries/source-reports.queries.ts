/**
 * Source reports (decision 046, table `source_reports` of migration 0039): stored by the
 * 'source-report' job, read by GET /api/projects/{id}/source-report and its history. A report is
 * the server's analysis, not an edit of the app's records, so it audits nothing (decision 031).
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { SourceReport } from '../../../src/api/schemas/source-report'
import type { Db } from '../client'
import { sourceReports, verificationHistory } from '../schema'

/** Store `report` of `projectId` (upsert by commit: a job run twice leaves one row). */
export async function saveSourceReport(db: Db, projectId: string, report: SourceReport, now: Date): Promise<void> {
  const row = { projectId, commitSha: report.commit, report, riskWeight: report.risk.weight, createdAt: now }
  await db
    .insert(sourceReports)
    .values(row)
    .onConflictDoUpdate({
      target: [sourceReports.projectId, sourceReports.commitSha],
      set: { report, riskWeight: row.riskWeight, createdAt: now },
    })
}

/** The report of `commit`, or else the newest report of the project; null when there is none. */
export async function findSourceReport(db: Db, projectId: string, commit?: string): Promise<SourceReport | null> {
  const [row] = await db
    .select({ report: sourceReports.report })
    .from(sourceReports)
    .where(and(eq(sourceReports.projectId, projectId), commit ? eq(sourceReports.commitSha, commit) : undefined))
    .orderBy(desc(sourceReports.createdAt))
    .limit(1)
  return row?.report ?? null
}

/** The project's reports, newest first: the commit, when the report was stored and its risk weight. */
export async function sourceReportHistory(db: Db, projectId: string) {
  const rows = await db
    .select({
      commit: sourceReports.commitSha,
      createdAt: sourceReports.createdAt,
      riskWeight: sourceReports.riskWeight,
    })
    .from(sourceReports)
    .where(eq(sourceReports.projectId, projectId))
    .orderBy(desc(sourceReports.createdAt))
  return rows.map((r) => ({ commit: r.commit, createdAt: r.createdAt.toISOString(), riskWeight: r.riskWeight }))
}

/** The commit the project's newest decision with a recorded commit was reviewed at, or null. */
export async function lastReviewedCommit(db: Db, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ commit: verificationHistory.reviewCommit })
    .from(verificationHistory)
    .where(and(eq(verificationHistory.projectId, projectId), isNotNull(verificationHistory.reviewCommit)))
    .orderBy(desc(verificationHistory.verifiedAt), desc(verificationHistory.id))
    .limit(1)
  return row?.commit ?? null
}
