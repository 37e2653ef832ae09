/**
 * The statements of the owner's decision mail (decision 048): the job queued with the decision
 * (an INSERT that joins the decision's one statement, db/write.ts), what the job reads at send
 * time, and what it records on the history entry. The record is the job's note on an entry the
 * decision wrote and audited, not an edit by a person, so it audits nothing (decision 031).
 */
import { eq, sql } from 'drizzle-orm'
import type { OwnerNoticeOutcome, VerificationStatus } from '../../../src/api/schemas/projects'
import { DECISION_MAIL_JOB, decisionMailRunAfter, mailsOwner } from '../../domain/decision-mail'
import type { Db } from '../client'
import { audit } from './audit.queries'
import { jobs, projects, users, verificationHistory } from '../schema'
import type { Builders, PendingInsert } from '../write'

/** The payload of a 'decision-mail' job. */
export type DecisionMailPayload = { entryId: string; projectId: string }

/**
 * The INSERT queueing the mail of each entry whose status mails the owner (key: the entry id, due
 * when its undo is refused), to run in the decision's statement; undefined when none does. No
 * NOTIFY: the job is not due before the undo window ends, and the workers' poll finds it then.
 */
export function decisionMailJobs(
  on: Builders,
  entries: readonly { id: string; projectId: string; status: VerificationStatus }[],
  decidedAt: Date,
): PendingInsert | undefined {
  const mailed = entries.filter((e) => mailsOwner(e.status))
  if (!mailed.length) return undefined
  const runAfter = decisionMailRunAfter(decidedAt)
  // A plain INSERT: the key is the id of an entry inserted by the same statement, so it is new.
  return on.insert(jobs).values(
    mailed.map((e) => ({
      kind: DECISION_MAIL_JOB,
      key: e.id,
      payload: { entryId: e.id, projectId: e.projectId } satisfies DecisionMailPayload,
      runAfter,
    })),
  )
}

/** What the mail of one decision is made of, read when it is sent. */
export type DecisionMailContext = {
  entry: typeof verificationHistory.$inferSelect
  projectTitle: string
  /** The owner now (null: the project has none); `notifications` false when the owner turned them off. */
  owner: { name: string; email: string; notifications: boolean } | null
}

/**
 * The history entry `entryId` with its project's title and current owner, or null when the entry
 * is gone (the decision was undone or the entry deleted): one statement.
 */
export async function decisionMailContext(db: Db, entryId: string): Promise<DecisionMailContext | null> {
  const [row] = await db
    .select({
      entry: verificationHistory,
      projectTitle: projects.title,
      ownerName: users.name,
      ownerEmail: users.email,
      // Absent in a stored preferences object means on: the column's default has it true.
      notifications: sql<boolean>`coalesce((${users.preferences} ->> 'notifications')::boolean, true)`,
    })
    .from(verificationHistory)
    .innerJoin(projects, eq(projects.id, verificationHistory.projectId))
    .leftJoin(users, eq(users.id, projects.projectOwnerId))
    .where(eq(verificationHistory.id, entryId))
  if (!row) return null
  return {
    entry: row.entry,
    projectTitle: row.projectTitle,
    owner:
      row.ownerEmail === null
        ? null
        : { name: row.ownerName ?? '', email: row.ownerEmail, notifications: row.notifications !== false },
  }
}

/**
 * Record on entry `entryId` of `projectId` what its mail came to, at `at` (the app's clock), with
 * an audit row 'project.owner_notice' by no admin: the audit log shows it, and its announcement
 * (decision 044) refreshes the open screens of the project.
 */
export async function recordOwnerNotice(
  db: Db,
  entry: { id: string; projectId: string },
  outcome: OwnerNoticeOutcome,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(verificationHistory)
      .set({ ownerNotice: outcome, ownerNoticeAt: at })
      .where(eq(verificationHistory.id, entry.id))
    await audit(tx, {
      actorId: null,
      action: 'project.owner_notice',
      entityType: 'project',
      entityId: entry.projectId,
      after: { entryId: entry.id, outcome },
    })
  })
}
