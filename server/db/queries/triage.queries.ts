/**
 * The verification queue (contract src/api/schemas/triage.ts): projects
 * pending or under review, ordered by when they entered the queue; the rows a triage bundle is
 * built from; the queue figures of the dashboard; the repository a project's decisions are
 * reviewed against.
 *
 * "Entered the queue": the latest verification_history entry that moved the project into
 * pending/under_review from another status (or from none), else the project's creation. Moves
 * inside the queue (a hold: pending → under_review) keep the age; an undone decision's entry is
 * deleted by the undo, so the project comes back with the age it had.
 */
import { and, asc, desc, eq, gt, inArray, ne, not, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { VerificationStatus } from '../../../src/api/schemas/projects'
import type { LicenceStatus } from '../../../src/api/schemas/source-report'
import { DECISION_STATUSES, QUEUE_STATUSES, type QueueSort } from '../../../src/api/schemas/triage'
import type { Db } from '../client'
import {
  auditLog,
  projectImages,
  projectListCounts,
  projects,
  repositories,
  triageClaims,
  users,
  verificationHistory,
} from '../schema'
import { preparedPer, qualified } from '../sql'
import { latestRiskOf } from './source-reports.queries'
import { notFound } from '../../http/errors'

// Literals, not parameters: the planner can then match verification_history_queue_entry_idx's predicate.
const list = (statuses: readonly string[]) => sql.raw(statuses.map((s) => `'${s}'`).join(', '))
const queueList = list(QUEUE_STATUSES)
const decisionList = list(DECISION_STATUSES)

/** When the project of `projectId` (a column or value) last entered the queue at or before `until` (SQL). */
function enteredQueueAt(projectId: SQL, createdAt: SQL, until?: SQL): SQL<Date> {
  return sql<Date>`coalesce((select max(eq_h.verified_at) from ${verificationHistory} eq_h
    where eq_h.project_id = ${projectId} and eq_h.status in (${queueList})
      and (eq_h.previous_status is null or eq_h.previous_status not in (${queueList}))
      ${until ? sql`and eq_h.verified_at <= ${until}` : sql``}), ${createdAt})`.mapWith(projects.createdAt)
}

const enteredOfProject = () => enteredQueueAt(qualified(projects.id), qualified(projects.createdAt))
/** In the queue: pending or under review, and published (a draft is not reviewed until it is published, decision 038). */
export const inQueue = and(inArray(projects.verificationStatus, [...QUEUE_STATUSES]), eq(projects.isDraft, false))!

/** SQL: a live claim at `now` by someone other than `moderatorId` holds the project `projectId` (a column). */
export function claimedByOther(projectId: SQL, moderatorId: string, now: Date): SQL {
  return sql`exists (select 1 from ${triageClaims} where ${triageClaims.projectId} = ${projectId}
    and ${triageClaims.expiresAt} > ${now} and ${triageClaims.moderatorId} <> ${moderatorId})`
}

/** Who reads the queue and when: projects under other moderators' live claims are left out for them (decision 043). */
export type QueueReader = { moderatorId: string; now: Date }

/**
 * Projects in the queue (of `category` when not ''; the total from project_list_counts), the
 * first `limit` in `sort` order, leaving out those under another moderator's live claim at
 * `reader.now`; `claimedByOthers` counts those (they stay in `total`). Each row carries the risk
 * figures of the project's newest source report (null columns without one), joined laterally:
 * one backward probe of source_reports_project_created_idx per project. 'oldest': oldest in the
 * queue first; 'risk': lowest weight first, projects without a report last, ties oldest first.
 */
export async function queuePage(
  db: Db,
  limit: number,
  category: string,
  reader: QueueReader,
  sort: QueueSort = 'oldest',
) {
  const entered = enteredOfProject()
  const inCategory = category ? and(inQueue, eq(projects.category, category))! : inQueue
  const free = and(inCategory, not(claimedByOther(qualified(projects.id), reader.moderatorId, reader.now)))
  const risk = latestRiskOf(db, qualified(projects.id))
  const byAge = [asc(entered), asc(projects.id)]
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      category: projects.category,
      status: projects.verificationStatus,
      ownerName: users.name,
      enteredAt: entered,
      riskWeight: sql<number | null>`latest_report.risk_weight`,
      riskSecrets: sql<number | null>`latest_report.risk_secrets`,
      riskLicence: sql<LicenceStatus | null>`latest_report.risk_licence`,
    })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.projectOwnerId))
    .leftJoinLateral(risk, sql`true`)
    .where(free)
    .orderBy(...(sort === 'risk' ? [sql`latest_report.risk_weight ASC NULLS LAST`, ...byAge] : byAge))
    .limit(limit)
  const [total, claimed] = await Promise.all([queueTotal(db, category), claimedByOthersIn(db, inCategory, reader)])
  return { total, claimedByOthers: claimed, rows }
}

/** Projects matching `where` (the queue, of a category) under another moderator's live claim. */
async function claimedByOthersIn(db: Db, where: SQL, reader: QueueReader): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(triageClaims)
    .innerJoin(projects, eq(projects.id, triageClaims.projectId))
    .where(and(where, gt(triageClaims.expiresAt, reader.now), ne(triageClaims.moderatorId, reader.moderatorId)))
  return row?.n ?? 0
}

async function queueTotal(db: Db, category = ''): Promise<number> {
  const statuses = and(
    inArray(projectListCounts.verificationStatus, [...QUEUE_STATUSES]),
    eq(projectListCounts.isDraft, false),
  )!
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${projectListCounts.n}), 0)`.mapWith(Number) })
    .from(projectListCounts)
    .where(category ? and(statuses, eq(projectListCounts.category, category)) : statuses)
  return row?.n ?? 0
}

/** The project with its owner and the time it entered the queue, or null. */
export async function triageProject(db: Db, id: string) {
  const [row] = await db
    .select({
      project: projects,
      owner: { id: users.id, name: users.name, email: users.email },
      enteredAt: enteredOfProject(),
    })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.projectOwnerId))
    .where(eq(projects.id, id))
    .limit(1)
  if (!row) return null
  const images = await db
    .select({ url: projectImages.url, alt: projectImages.alt })
    .from(projectImages)
    .where(eq(projectImages.projectId, id))
    .orderBy(asc(projectImages.position))
  return { ...row, owner: row.owner?.id ? row.owner : null, images }
}

/**
 * The project's last review: the latest entry by an admin (verifiedBy set) that decided or held it
 * (any status but pending: sending a project back to pending is a resubmission, not a review), or null.
 */
export async function lastDecision(db: Db, projectId: string) {
  const [row] = await db
    .select({ entry: verificationHistory, byName: users.name })
    .from(verificationHistory)
    .leftJoin(users, eq(users.id, verificationHistory.verifiedBy))
    .where(
      and(
        eq(verificationHistory.projectId, projectId),
        sql`${verificationHistory.verifiedBy} is not null`,
        ne(verificationHistory.status, 'pending'),
      ),
    )
    .orderBy(desc(verificationHistory.verifiedAt), desc(verificationHistory.id))
    .limit(1)
  return row ? { ...row.entry, byName: row.byName } : null
}

/**
 * The project's `project.update` audit rows after `since`, oldest first, with the actor's name;
 * at most `max` rows.
 */
export async function projectUpdatesSince(db: Db, projectId: string, since: Date, max = 200) {
  const actor = alias(users, 'actor')
  return db
    .select({
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: actor.name,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entityType, 'project'),
        eq(auditLog.entityId, projectId),
        eq(auditLog.action, 'project.update'),
        gt(auditLog.createdAt, since),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(max)
}

/** projectRepository's statement, prepared: every verification change looks it up (the review commit). */
const repositoryOfProject = preparedPer('repository_of_project', (db, name) =>
  db
    .select({ name: repositories.name, provider: repositories.provider, defaultBranch: repositories.defaultBranch })
    .from(repositories)
    .where(eq(repositories.projectId, sql.placeholder('projectId')))
    .orderBy(asc(repositories.createdAt))
    .limit(1)
    .prepare(name),
)

/** The repository linked to the project (its row: name, provider, default branch), or null. */
export async function projectRepository(db: Db, projectId: string) {
  const [row] = await repositoryOfProject(db).execute({ projectId })
  return row ?? null
}

/**
 * Queue figures at `now`: waiting, the oldest time of entering, decisions since `todayStart`, and
 * the median ms from entering the queue to a decision over decisions since `windowStart`.
 * A decision is an admin's entry moving a project from the queue to approved/needs changes/rejected.
 */
export async function queueFigures(db: Db, todayStart: Date, windowStart: Date) {
  const entered = enteredOfProject()
  const [oldest] = await db
    .select({ at: sql<Date>`min(${entered})`.mapWith(projects.createdAt) })
    .from(projects)
    .where(inQueue)
  const h = alias(verificationHistory, 'd')
  const p = alias(projects, 'dp')
  const isDecision = and(
    sql`${h.verifiedBy} is not null`,
    sql`${h.status} in (${decisionList})`,
    sql`${h.previousStatus} in (${queueList})`,
  )
  const [today] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(h)
    .where(and(isDecision, sql`${h.verifiedAt} >= ${todayStart.toISOString()}`))
  const since = enteredQueueAt(sql.raw('d.project_id'), sql.raw('dp.created_at'), sql.raw('d.verified_at'))
  const [median] = await db
    .select({
      ms: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (${h.verifiedAt} - ${since})) * 1000)`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      ),
    })
    .from(h)
    .innerJoin(p, eq(p.id, h.projectId))
    .where(and(isDecision, sql`${h.verifiedAt} >= ${windowStart.toISOString()}`))
  return {
    waiting: await queueTotal(db),
    oldestEnteredAt: oldest?.at ?? null,
    decidedToday: today?.n ?? 0,
    medianDecisionMs: median?.ms ?? null,
  }
}

/** True for pending and under_review. */
export const isQueueStatus = (status: VerificationStatus) => (QUEUE_STATUSES as readonly string[]).includes(status)

/** Whether the project waits in the queue (pending or under review, published); 404 'Project not found' when unknown. */
export async function isInQueue(db: Db, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ waiting: sql<boolean>`${inQueue}`.mapWith(Boolean) })
    .from(projects)
    .where(eq(projects.id, projectId))
  if (!row) throw notFound('Project not found')
  return row.waiting
}
