/**
 * Verification status changes and their history (SPEC.md 4 "Project verificationStatus"). The
 * status, the history entry and the audit row are written in one statement, so the history can
 * never disagree with the project.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { RowConflict } from '../../../src/api/schemas/versions'
import type { VerificationEntry, VerificationStatus } from '../../../src/api/schemas/projects'
import type { UndoTicket } from '../../../src/api/schemas/undo'
import type { Db } from '../client'
import { preparedPer } from '../sql'
import { write } from '../write'
import { projects, users, verificationHistory } from '../schema'
import { toApiVerificationEntry } from '../../domain/projects/serialize'
import { notFound } from '../../http/errors'
import { versionedProjects, type DbOrTx, type Tx } from './projects.queries'
import { assertUnchanged, type UndoActor } from './undo.queries'
import { groupByBefore, undoRecord, type UndoRecord } from '../../domain/undo'
import { assertVersion, nextVersion, splitByVersion } from '../../domain/versions'
import { nextVersionSql, rowConflicts } from './versions.queries'
import { decisionMailJobs } from './decision-mail.queries'
import { cancelQueuedJobs } from './jobs.queries'
import { DECISION_MAIL_JOB } from '../../domain/decision-mail'

/** A status change by `actorId` at `at` (the app's clock, `deps.now()`), recorded as the entries' verifiedAt. */
export type StatusChange = {
  ids: string[]
  status: VerificationStatus
  notes: string
  actorId: string
  at: Date
  /**
   * The head commit of each project's repository, recorded as the entry's reviewCommit (triage);
   * may still be in progress: it is awaited beside the read of the rows, so looking it
   * up costs no round trip of its own.
   */
  reviewCommits?: ReadonlyMap<string, string> | Promise<ReadonlyMap<string, string> | undefined>
  /** The If-Match of one project's change (decision 041): 409 version_conflict unless it is that version. */
  version?: string | null
  /** Bulk: a project not at its version here is left unchanged and reported in `conflicts`. */
  versions?: Readonly<Record<string, string>>
}

/**
 * Set the verification status of every project in `ids` (all or nothing; 404 for an unknown id):
 * reads the current rows, updates status and verificationNotes, inserts a history entry {status,
 * previousStatus, notes, verifiedBy: actorId, verifiedAt: at} and an audit row per project, and
 * records the undo (kind 'project.verify', undo.queries.ts) and, for approved, needs changes and
 * rejected, queues the owner's mail of each entry (decision 048). Answers the number of projects
 * changed, the undo ticket and the projects left unchanged because they moved from `versions`
 * (`conflicts`; with `version`, a moved project answers 409 instead). An optimistic write (db/write.ts): two round trips whatever the
 * number of projects, the read and one statement that writes all four only if no project changed
 * since the read (ids and versions are chosen here); read again and retried when one did.
 */
export async function changeVerificationStatus(
  db: Db,
  change: StatusChange,
): Promise<{ count: number; undo: UndoTicket | null; conflicts: RowConflict[] }> {
  const { result, undo } = await write(db, {
    rows: versionedProjects,
    ids: change.ids,
    beside: change.reviewCommits,
    plan: (read, reviewCommits, on) => {
      if (read.length === 1) assertVersion('project', read[0], change.version)
      const { current: rows, moved } = splitByVersion(read, change.versions)
      if (!rows.length) return { result: { count: 0, moved } }
      const verifiedAt = change.at
      const at = new Map(rows.map((row) => [row.id, nextVersion(row.updatedAt, verifiedAt)]))
      const after = { verificationStatus: change.status, verificationNotes: change.notes }
      const entries = rows.map((row) => ({
        id: uuidv7(),
        projectId: row.id,
        status: change.status,
        previousStatus: row.verificationStatus,
        notes: change.notes,
        verifiedBy: change.actorId,
        verifiedAt,
        reviewCommit: reviewCommits?.get(row.id) ?? null,
      }))
      return {
        result: { count: rows.length, moved },
        change: {
          rows,
          update: (unchanged) =>
            on
              .update(projects)
              .set({ ...after, updatedAt: nextVersionSql(projects.updatedAt, verifiedAt) })
              .where(unchanged),
          // The owner's mail joins the decision's statement: no decision without its mail, nor a mail without it.
          inserts: [on.insert(verificationHistory).values(entries), decisionMailJobs(on, entries, verifiedAt)],
          audit: rows.map((row) => ({
            actorId: change.actorId,
            action: 'project.verify',
            entityType: 'project',
            entityId: row.id,
            before: { verificationStatus: row.verificationStatus, verificationNotes: row.verificationNotes },
            after,
            at: at.get(row.id),
          })),
          // Each row's updated_at becomes its next version: the version the undo checks against.
          undo: {
            kind: 'project.verify',
            actorId: change.actorId,
            now: change.at,
            records: rows.map((row, i) => undoRecord(row.id, row, after, at.get(row.id)!, entries[i].id)),
          },
        },
      }
    },
  })
  return { count: result.count, undo, conflicts: await rowConflicts(db, 'project', result.moved) }
}

/**
 * Undo of 'project.verify' (undo-restore.queries.ts): status and notes back as they were, the
 * history entries the change inserted deleted and their queued owner mails cancelled; 409 when a
 * project changed since.
 */
export async function restoreVerification(tx: Tx, records: UndoRecord[], _actor: UndoActor, now: Date): Promise<void> {
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
      .set({
        verificationStatus: before.verificationStatus as VerificationStatus,
        verificationNotes: String(before.verificationNotes),
        updatedAt: nextVersionSql(projects.updatedAt, now),
      })
      .where(inArray(projects.id, ids))
  }
  const created = records.flatMap((r) => (r.created ? [r.created] : []))
  if (created.length) await tx.delete(verificationHistory).where(inArray(verificationHistory.id, created))
  // Their mails have not left: they are due only once this undo would be refused (decision 048).
  await cancelQueuedJobs(tx, DECISION_MAIL_JOB, created)
}

/** 404 'Project not found' unless the project exists. */
export async function assertProjectExists(db: DbOrTx, projectId: string): Promise<void> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1)
  if (!row) throw notFound('Project not found')
}

const entryColumns = { entry: verificationHistory, verifier: { name: users.name, email: users.email } }

/** The project's id left-joined to its entries and their verifiers (prepared: fixed shape, read on every project opened). */
const historyOf = preparedPer('verification_history_of', (db, name) =>
  db
    .select({ found: projects.id, ...entryColumns })
    .from(projects)
    .leftJoin(verificationHistory, eq(verificationHistory.projectId, projects.id))
    .leftJoin(users, eq(users.id, verificationHistory.verifiedBy))
    .where(eq(projects.id, sql.placeholder('projectId')))
    .orderBy(desc(verificationHistory.verifiedAt), desc(verificationHistory.id))
    .prepare(name),
)

/**
 * The history of one project, newest first (404 for an unknown project). One statement: the
 * project's row left-joined to its entries, so an existing project without history answers one
 * row with no entry.
 */
export async function listHistory(db: Db, projectId: string): Promise<VerificationEntry[]> {
  const rows = await historyOf(db).execute({ projectId })
  if (!rows.length) throw notFound('Project not found')
  return rows.flatMap((r) => (r.entry ? [toApiVerificationEntry(r.entry, r.verifier)] : []))
}

const entryOf = (projectId: string, entryId: string) =>
  and(eq(verificationHistory.id, entryId), eq(verificationHistory.projectId, projectId))

/** Edit one entry's status and notes (the project's own status is not touched); audited. */
export async function updateEntry(
  db: Db,
  projectId: string,
  entryId: string,
  patch: { status: VerificationStatus; notes: string },
  actorId: string,
): Promise<VerificationEntry> {
  await write(db, {
    transaction: async (tx) => {
      await assertProjectExists(tx, projectId)
      const [before] = await tx.select().from(verificationHistory).where(entryOf(projectId, entryId)).for('update')
      if (!before) throw notFound('Verification history entry not found')
      await tx.update(verificationHistory).set(patch).where(eq(verificationHistory.id, entryId))
      return {
        result: undefined,
        audit: [
          {
            actorId,
            action: 'verification_history.update',
            entityType: 'verification_history',
            entityId: entryId,
            before: { projectId, status: before.status, notes: before.notes },
            after: { projectId, ...patch },
          },
        ],
      }
    },
  })
  const [row] = await db
    .select(entryColumns)
    .from(verificationHistory)
    .leftJoin(users, eq(users.id, verificationHistory.verifiedBy))
    .where(eq(verificationHistory.id, entryId))
  return toApiVerificationEntry(row.entry, row.verifier)
}

/** Delete one entry of one project; 404 for an unknown project or an entry of another project. */
export async function deleteEntry(db: Db, projectId: string, entryId: string, actorId: string): Promise<void> {
  await write(db, {
    transaction: async (tx) => {
      await assertProjectExists(tx, projectId)
      const [removed] = await tx.delete(verificationHistory).where(entryOf(projectId, entryId)).returning()
      if (!removed) throw notFound('Verification history entry not found')
      return {
        result: undefined,
        audit: [
          {
            actorId,
            action: 'verification_history.delete',
            entityType: 'verification_history',
            entityId: entryId,
            before: removed,
          },
        ],
      }
    },
  })
}
