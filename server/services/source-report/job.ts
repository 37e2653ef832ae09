/**
 * The 'source-report' job of the queue (decisions 046 and 047): every commit an upload writes is
 * queued once (key: project and commit, whatever server or resend sees it) and analysed by
 * whichever server's worker takes it, outside the upload's request, in a process of its own at a
 * lower priority. The report is compared with the report of the commit the project was last
 * reviewed at, and upserted, so a job run twice leaves one report; storing it bumps the list
 * pages' source_reports version and raises a live ReportEvent (saveSourceReport).
 */
import { enqueueJob, findJob, requeueJob, type Job } from '../../db/queries/jobs.queries'
import { findProjectRow } from '../../db/queries/projects.queries'
import { findSourceReport, lastReviewedCommit, saveSourceReport } from '../../db/queries/source-reports.queries'
import { projectRepository } from '../../db/queries/triage.queries'
import type { AppDeps } from '../../deps'
import { analyseInWorker } from './analyse-in-worker'

/** The job kind. */
export const SOURCE_REPORT_JOB = 'source-report'

type Deps = Pick<AppDeps, 'db' | 'repoHost' | 'now' | 'versions'>

const jobOf = (projectId: string, commit: string) => ({
  kind: SOURCE_REPORT_JOB,
  key: `${projectId}:${commit}`,
  payload: { projectId, commit },
})

/** Queue the report of `commit` (40 hex) of `projectId`; a second call for the same commit is a no-op. */
export async function queueSourceReport(deps: Pick<AppDeps, 'db' | 'now'>, projectId: string, commit: string) {
  await enqueueJob(deps.db, jobOf(projectId, commit), deps.now())
}

/** Queue the report of `commit` again (an admin's re-run); false while it is queued or running already. */
export async function rerunSourceReport(deps: Pick<AppDeps, 'db' | 'now'>, projectId: string, commit: string) {
  return requeueJob(deps.db, jobOf(projectId, commit), deps.now())
}

/** The job of `commit`'s report: queued or running ('queued'), failed for good, done, or never queued (null). */
export async function sourceReportJobState(deps: Pick<AppDeps, 'db'>, projectId: string, commit: string) {
  const job = await findJob(deps.db, SOURCE_REPORT_JOB, `${projectId}:${commit}`)
  if (!job) return null
  return job.status === 'running' ? 'queued' : job.status
}

/**
 * The job's handler: analyse the commit from a bare repository on this server's disk (the local
 * host's own, or GitHub's commit fetched into a cache) and store the report. A project or
 * repository gone since the job was queued, or kept by another host than this server's, ends the
 * job with nothing to do; a commit that cannot be fetched fails the attempt (the queue retries).
 */
export function sourceReportHandler(deps: Deps) {
  return async (job: Job): Promise<void> => {
    const { projectId, commit } = job.payload as { projectId: string; commit: string }
    const [project, repo] = await Promise.all([
      findProjectRow(deps.db, projectId),
      projectRepository(deps.db, projectId),
    ])
    if (!project || !repo || repo.provider !== deps.repoHost.provider) return
    const gitDir = await deps.repoHost.localCopyOf(repo.name, commit)
    const reviewed = await lastReviewedCommit(deps.db, projectId)
    const previous = reviewed && reviewed !== commit ? await findSourceReport(deps.db, projectId, reviewed) : null
    const report = await analyseInWorker({
      gitDir,
      commit,
      category: project.category,
      previous,
      now: deps.now().toISOString(),
    })
    await saveSourceReport(deps.db, projectId, report, deps.now())
    // This process's list pages key on source_reports' version: read it anew rather than wait
    // for the NOTIFY of the bump, as a request's own write does (createApp).
    deps.versions.invalidate()
  }
}
