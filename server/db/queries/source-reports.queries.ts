/**
 * Source reports (decision 046, table `source_reports` of migration 0039): stored by the
 * 'source-report' job, read by GET /api/projects/{id}/source-report and its history. A report is
 * the server's analysis, not an edit of the app's records, so it audits nothing (decision 031).
 */
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { RiskFilter } from '../../../src/api/schemas/projects'
import { HIGH_RISK_WEIGHT, type LicenceStatus, type SourceReport } from '../../../src/api/schemas/source-report'
import { CONSOLE_EVENTS_CHANNEL } from '../../domain/presence'
import type { Db } from '../client'
import { sourceReports, verificationHistory } from '../schema'

/**
 * Store `report` of `projectId` (upsert by commit: a job run twice leaves one row) and announce it
 * on the live events channel as a ReportEvent (src/api/schemas/live.ts) in the same transaction,
 * so screens refetch the lists and the queue only once the report is there. The commit bumps the
 * source_reports table version (migration 0040), which keys the projects list's pages.
 */
export async function saveSourceReport(db: Db, projectId: string, report: SourceReport, now: Date): Promise<void> {
  const row = { projectId, commitSha: report.commit, report, riskWeight: report.risk.weight, createdAt: now }
  const event = JSON.stringify({ type: 'report', projectId, riskWeight: row.riskWeight })
  await db.transaction(async (tx) => {
    await tx
      .insert(sourceReports)
      .values(row)
      .onConflictDoUpdate({
        target: [sourceReports.projectId, sourceReports.commitSha],
        set: { report, riskWeight: row.riskWeight, createdAt: now },
      })
    await tx.execute(sql`SELECT pg_notify(${CONSOLE_EVENTS_CHANNEL}, ${event})`)
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

/**
 * SQL: `expr` (over the alias `lr`) of the newest report (by created_at) of the project
 * `projectId` (a qualified column), null when it has none. One probe of
 * source_reports_project_created_idx, read backwards, per project.
 */
const ofLatestReport = (projectId: SQL, expr: SQL) =>
  sql`(SELECT ${expr} FROM ${sourceReports} AS lr WHERE lr.project_id = ${projectId} ORDER BY lr.created_at DESC LIMIT 1)`

/** SQL: the risk weight of the project's newest report, or null (`projectId` a qualified column). */
export const latestRiskWeight = (projectId: SQL) =>
  sql<number | null>`${ofLatestReport(projectId, sql`lr.risk_weight`)}`.mapWith((v: unknown) =>
    v === null ? null : Number(v),
  )

/**
 * The newest report's risk figures of the project `projectId` (a qualified column), as the
 * LEFT JOIN LATERAL subquery `latest_report` (columns risk_weight, risk_secrets, risk_licence;
 * no row without a report).
 */
export function latestRiskOf(db: Pick<Db, 'select'>, projectId: SQL) {
  return db
    .select({
      weight: sql<number>`lr.risk_weight`.as('risk_weight'),
      secrets: sql<number>`jsonb_array_length(lr.report -> 'secrets')`.as('risk_secrets'),
      licence: sql<LicenceStatus>`lr.report -> 'licence' ->> 'status'`.as('risk_licence'),
    })
    .from(sql`${sourceReports} AS lr`)
    .where(sql`lr.project_id = ${projectId}`)
    .orderBy(sql`lr.created_at DESC`)
    .limit(1)
    .as('latest_report')
}

/**
 * SQL: the project `projectId` (a qualified column) passes the risk filter `risk` by its newest
 * report: 'secrets' found some, 'no-licence' has licence status none, 'high' weighs at least
 * HIGH_RISK_WEIGHT, 'unreported' has no report.
 */
export function riskFilterCondition(risk: RiskFilter, projectId: SQL): SQL {
  switch (risk) {
    case 'secrets':
      return sql`${ofLatestReport(projectId, sql`jsonb_array_length(lr.report -> 'secrets')`)} > 0`
    case 'no-licence':
      return sql`${ofLatestReport(projectId, sql`lr.report -> 'licence' ->> 'status'`)} = 'none'`
    case 'high':
      return sql`${ofLatestReport(projectId, sql`lr.risk_weight`)} >= ${sql.raw(String(HIGH_RISK_WEIGHT))}`
    case 'unreported':
      return sql`NOT EXISTS (SELECT 1 FROM ${sourceReports} AS lr WHERE lr.project_id = ${projectId})`
  }
}
