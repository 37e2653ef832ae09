/**
 * Reading a project's source report for the API (contract src/api/schemas/source-report.ts):
 * the report of the asked commit, or of the repository's head, or else the newest one stored,
 * with where the head's analysis stands and the history of reports.
 */
import type { SourceReport, SourceReportResponse } from '../../../src/api/schemas/source-report'
import { findProjectRow } from '../../db/queries/projects.queries'
import { findSourceReport, sourceReportHistory } from '../../db/queries/source-reports.queries'
import type { AppDeps } from '../../deps'
import { notFound } from '../../http/errors'
import { reviewCommitOf } from '../triage'
import { sourceReportJobState } from './job'

type Deps = Pick<AppDeps, 'db' | 'repoHost' | 'now'>

/** The project's head commit now, or null; 404 'Project not found' for an unknown project. */
export async function headOfProject(deps: Deps, projectId: string): Promise<string | null> {
  if (!(await findProjectRow(deps.db, projectId))) throw notFound('Project not found')
  return reviewCommitOf(deps, projectId)
}

/**
 * GET /api/projects/{id}/source-report: with `commit`, that commit's report (404 'No source report
 * for this commit' when it was never analysed; 'queued' or 'failed' while its job has no report);
 * without, the head's report, or while the head is analysed the newest older one ('queued').
 */
export async function readSourceReport(
  deps: Deps,
  projectId: string,
  commit?: string,
): Promise<Omit<SourceReportResponse, 'success'>> {
  const head = await headOfProject(deps, projectId)
  const target = commit ?? head
  const history = await sourceReportHistory(deps.db, projectId)
  if (!target) {
    const report = await findSourceReport(deps.db, projectId)
    return { state: report ? 'ready' : 'none', report, history }
  }
  const report = await findSourceReport(deps.db, projectId, target)
  if (report) return { state: 'ready', report, history }
  const job = await sourceReportJobState(deps, projectId, target)
  if (commit && (job === null || job === 'cancelled')) throw notFound('No source report for this commit')
  const older: SourceReport | null = commit ? null : await findSourceReport(deps.db, projectId)
  return {
    state: job === 'failed' ? 'failed' : job === 'queued' ? 'queued' : older ? 'ready' : 'none',
    report: older,
    history,
  }
}
