/**
 * The 'decision-mail' job of the queue (decisions 047, 048): tells a project's owner of a
 * verification decision by e-mail, through the app's mailer (outbox or SMTP), once the decision
 * can no longer be undone. Everything is read at send time: the entry (gone: the decision was
 * undone or deleted, nothing to send), its notes as they are now, the owner and their
 * `preferences.notifications`, and the report of the reviewed commit. What the mail came to is
 * recorded on the history entry. A send that fails throws, so the queue retries it; the last
 * attempt records 'failed' first.
 */
import type { Job } from '../db/queries/jobs.queries'
import { decisionMailContext, recordOwnerNotice, type DecisionMailPayload } from '../db/queries/decision-mail.queries'
import { findSourceReport } from '../db/queries/source-reports.queries'
import type { AppDeps } from '../deps'
import { buildDecisionMail, mailsOwner, reportFindings } from '../domain/decision-mail'
import { mailFailureReason } from './mail'

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'now' | 'env'>

/**
 * The job's handler. Ends without sending when the entry is gone, its status mails nobody (edited
 * since) or its outcome is recorded already (a job run twice after its mail left); records
 * 'no_owner' or 'notifications_off' instead of sending; throws when the mailer fails.
 */
export function decisionMailHandler(deps: Deps) {
  return async (job: Job): Promise<void> => {
    const { entryId } = job.payload as DecisionMailPayload
    const context = await decisionMailContext(deps.db, entryId)
    if (!context) return
    const { entry, owner } = context
    if (!mailsOwner(entry.status) || entry.ownerNotice) return
    if (!owner) return recordOwnerNotice(deps.db, { id: entryId, projectId: entry.projectId }, 'no_owner', deps.now())
    if (!owner.notifications)
      return recordOwnerNotice(deps.db, { id: entryId, projectId: entry.projectId }, 'notifications_off', deps.now())

    const report =
      entry.status !== 'approved' && entry.reviewCommit
        ? await findSourceReport(deps.db, entry.projectId, entry.reviewCommit)
        : null
    const mail = buildDecisionMail({
      projectTitle: context.projectTitle,
      ownerName: owner.name,
      status: entry.status,
      notes: entry.notes,
      decidedAt: entry.verifiedAt,
      findings: report ? reportFindings(report) : [],
      commit: entry.reviewCommit,
    })
    try {
      await deps.mailer.send({
        to: owner.email,
        ...mail,
        ...(deps.env.CONTACT_REPLY_FROM ? { replyTo: deps.env.CONTACT_REPLY_FROM } : {}),
      })
    } catch (error) {
      if (job.attempts >= job.maxAttempts)
        await recordOwnerNotice(deps.db, { id: entryId, projectId: entry.projectId }, 'failed', deps.now())
      // The reason lands in jobs.last_error and the log: without the SMTP URL's credentials.
      throw new Error(mailFailureReason(error, deps.env.SMTP_URL))
    }
    await recordOwnerNotice(deps.db, { id: entryId, projectId: entry.projectId }, 'sent', deps.now())
  }
}
