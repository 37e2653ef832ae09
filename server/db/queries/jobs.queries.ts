/**
 * The job queue's statements (decision 047, table `jobs` of migration 0038). None needs a
 * transaction of its own, so enqueueing can join the caller's (a decision queues its mail in the
 * decision's transaction: both commit or neither). Jobs audit nothing: they are the
 * server's bookkeeping, not the app's records (decision 031).
 *
 * Enqueueing also sends `pg_notify('jobs_due', kind)`, so workers of every server hear of it when
 * it commits (a lost notification only delays the job to the workers' next poll).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { jobs } from '../schema'
import type { Tx } from './projects.queries'

/** The channel a committed enqueue is announced on (payload: the job's kind). */
export const JOBS_CHANNEL = 'jobs_due'

/** A job as a worker takes it. */
export type Job = typeof jobs.$inferSelect

/** What to queue: `(kind, key)` names the work once (a second enqueue of it is a no-op). */
export type NewJob = {
  kind: string
  key: string
  payload: Record<string, unknown>
  /** Not before this time (default: now). */
  runAfter?: Date
  maxAttempts?: number
}

/**
 * Queue `job` unless the same `(kind, key)` is already queued, running or was ever done; answers
 * whether this call queued it. `now` is the app's clock (the default `runAfter`).
 */
export async function enqueueJob(db: Db | Tx, job: NewJob, now: Date): Promise<boolean> {
  const queued = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload,
      runAfter: job.runAfter ?? now,
      maxAttempts: job.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning({ id: jobs.id })
  // Inside the caller's transaction the notification is delivered at its commit, or never.
  if (queued.length) await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, ${job.kind})`)
  return queued.length > 0
}

/**
 * Take the oldest due job of `kinds` for `worker` until `now + leaseMs`: a queued job whose
 * `run_after` has come, or a running one whose lease ran out (its worker died). FOR UPDATE SKIP
 * LOCKED in the subquery, so two workers taking at once get different jobs, never the same one.
 * Answers the job with its attempt counted, or null when none is due.
 */
export async function takeJob(
  db: Db,
  kinds: readonly string[],
  worker: string,
  now: Date,
  leaseMs: number,
): Promise<Job | null> {
  if (!kinds.length) return null
  const at = now.toISOString()
  const due = sql`
    SELECT id FROM ${jobs}
    WHERE kind IN (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})
      AND ((status = 'queued' AND run_after <= ${at}::timestamptz)
        OR (status = 'running' AND locked_until <= ${at}::timestamptz))
    ORDER BY run_after, id
    LIMIT 1
    FOR UPDATE SKIP LOCKED`
  const [job] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: worker,
      lockedUntil: new Date(now.getTime() + leaseMs),
    })
    .where(sql`${jobs.id} = (${due})`)
    .returning()
  return job ?? null
}

/** The job `id` held by `worker` is done (a worker whose lease was taken over changes nothing). */
export async function completeJob(db: Db, id: string, worker: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')))
}

/**
 * The job `id` held by `worker` failed with `error`: queued again at `retryAt` while it has
 * attempts left, else `failed` for good. Answers the status it is left in (null: not held by
 * `worker` any more).
 */
export async function failJob(
  db: Db,
  id: string,
  worker: string,
  error: string,
  now: Date,
  retryAt: Date,
): Promise<'queued' | 'failed' | null> {
  const [row] = await db
    .update(jobs)
    .set({
      status: sql`CASE WHEN ${jobs.attempts} < ${jobs.maxAttempts} THEN 'queued' ELSE 'failed' END`,
      runAfter: sql`CASE WHEN ${jobs.attempts} < ${jobs.maxAttempts} THEN ${retryAt.toISOString()}::timestamptz ELSE ${jobs.runAfter} END`,
      finishedAt: sql`CASE WHEN ${jobs.attempts} < ${jobs.maxAttempts} THEN NULL ELSE ${now.toISOString()}::timestamptz END`,
      lockedUntil: null,
      lastError: error.slice(0, 2000),
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')))
    .returning({ status: jobs.status })
  return (row?.status as 'queued' | 'failed' | undefined) ?? null
}

/**
 * Cancel the jobs of `kind` with these `keys` that have not started (an undone decision's mail
 * that has not left); answers the keys cancelled. A running or finished job is left as it is.
 */
export async function cancelQueuedJobs(db: Db | Tx, kind: string, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return []
  const rows = await db
    .update(jobs)
    .set({ status: 'cancelled' })
    .where(and(eq(jobs.kind, kind), inArray(jobs.key, [...keys]), eq(jobs.status, 'queued')))
    .returning({ key: jobs.key })
  return rows.map((r) => r.key)
}

/** The job of `(kind, key)`, or null (what became of a piece of work). */
export async function findJob(db: Db, kind: string, key: string): Promise<Job | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key)))
  return row ?? null
}

/** Hold the job `id` of `worker` until `until` (a long handler renews its lease as it goes). */
export async function renewJobLease(db: Db, id: string, worker: string, until: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')))
}

/**
 * Queue `job` again (a re-run asked for by an admin): a new one is queued as by enqueueJob; a done,
 * failed or cancelled one is reset to queued with its attempts counted from zero; a queued or
 * running one is left as it is. Answers whether the job is queued by this call.
 */
export async function requeueJob(db: Db, job: NewJob, now: Date): Promise<boolean> {
  const runAfter = job.runAfter ?? now
  const queued = await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, payload: job.payload, runAfter, maxAttempts: job.maxAttempts ?? 5 })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      set: { status: 'queued', attempts: 0, runAfter, lastError: null, finishedAt: null, lockedBy: null },
      setWhere: sql`${jobs.status} IN ('done', 'failed', 'cancelled')`,
    })
    .returning({ id: jobs.id })
  if (queued.length) await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, ${job.kind})`)
  return queued.length > 0
}
