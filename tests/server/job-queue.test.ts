/**
 * The durable job queue (services/job-queue.ts, db/queries/jobs.queries.ts), on PGlite and on
 * PostgreSQL: a piece of work is queued once, two workers (two servers) never run the same job,
 * a failure is retried with backoff until its attempts are used up, a dead worker's job is taken
 * again when its lease runs out, an undone job is cancelled before it starts, and an enqueue wakes
 * an idle worker through `jobs_due`. The clock is the test's; tests wait for states, not time.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  cancelQueuedJobs,
  completeJob,
  enqueueJob,
  findJob,
  takeJob,
  type Job,
} from '../../server/db/queries/jobs.queries'
import { jobs } from '../../server/db/schema'
import { JobWorker, retryDelayMs, type JobOutcome } from '../../server/services/job-queue'
import { POSTGRES_TESTS, useThrowawayDatabase } from './harness'

const T0 = new Date('2026-11-28T10:00:00.000Z')
const LEASE = 60_000

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`job queue [${kind}]`, () => {
    const database = useThrowawayDatabase(kind)
    const db = () => database().db
    let clock = T0
    const now = () => clock
    let n = 0
    /** A kind of its own per test, so tests never take each other's jobs. */
    const freshKind = () => `test-${kind}-${++n}`

    it('the same (kind, key) is queued once; a done job is not queued again', async () => {
      const k = freshKind()
      expect(await enqueueJob(db(), { kind: k, key: 'commit-a', payload: { n: 1 } }, T0)).toBe(true)
      expect(await enqueueJob(db(), { kind: k, key: 'commit-a', payload: { n: 2 } }, T0)).toBe(false)
      const job = await takeJob(db(), [k], 'w1', T0, LEASE)
      expect(job).toMatchObject({ key: 'commit-a', payload: { n: 1 }, status: 'running', attempts: 1 })
      await completeJob(db(), job!.id, 'w1', T0)
      expect(await enqueueJob(db(), { kind: k, key: 'commit-a', payload: { n: 3 } }, T0)).toBe(false)
      expect(await findJob(db(), k, 'commit-a')).toMatchObject({ status: 'done', finishedAt: T0 })
      expect(await takeJob(db(), [k], 'w1', T0, LEASE)).toBeNull()
    })

    it('two workers draining together run every job exactly once', async () => {
      const k = freshKind()
      for (let i = 0; i < 12; i++) await enqueueJob(db(), { kind: k, key: `job-${i}`, payload: { i } }, T0)
      const runs: string[] = []
      const handler = async (job: Job) => {
        runs.push(job.key)
        await new Promise((r) => setImmediate(r))
      }
      const workers = ['a', 'b'].map(
        (w) => new JobWorker({ database: database(), handlers: { [k]: handler }, now, workerId: w }),
      )
      const ran = await Promise.all(workers.map((w) => w.drain()))
      expect(ran[0] + ran[1]).toBe(12)
      expect([...runs].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `job-${i}`).sort())
      const rows = await db().select().from(jobs).where(eq(jobs.kind, k))
      expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true)
    })

    it('a failing job is retried after its backoff, then fails for good when its attempts are used up', async () => {
      const k = freshKind()
      clock = T0
      await enqueueJob(db(), { kind: k, key: 'flaky', payload: {}, maxAttempts: 2 }, T0)
      const outcomes: JobOutcome[] = []
      const worker = new JobWorker({
        database: database(),
        handlers: {
          [k]: async () => {
            throw new Error('analyser crashed')
          },
        },
        now,
        log: (o) => outcomes.push(o),
        workerId: 'w',
      })
      expect(await worker.drain()).toBe(1)
      expect(await findJob(db(), k, 'flaky')).toMatchObject({
        status: 'queued',
        attempts: 1,
        lastError: 'analyser crashed',
        runAfter: new Date(T0.getTime() + retryDelayMs(1)),
      })
      // Not due yet: nothing runs.
      expect(await worker.drain()).toBe(0)
      clock = new Date(T0.getTime() + retryDelayMs(1))
      expect(await worker.drain()).toBe(1)
      expect(await findJob(db(), k, 'flaky')).toMatchObject({ status: 'failed', attempts: 2, finishedAt: clock })
      expect(outcomes.map((o) => o.outcome)).toEqual(['retry', 'failed'])
      expect(retryDelayMs(1)).toBe(5_000)
      expect(retryDelayMs(3)).toBe(20_000)
      expect(retryDelayMs(30)).toBe(600_000)
    })

    it("a dead worker's job is taken again when its lease runs out; the dead worker's late answer changes nothing", async () => {
      const k = freshKind()
      await enqueueJob(db(), { kind: k, key: 'long', payload: {} }, T0)
      const taken = await takeJob(db(), [k], 'dead', T0, LEASE)
      expect(taken?.lockedBy).toBe('dead')
      expect(await takeJob(db(), [k], 'alive', new Date(T0.getTime() + LEASE - 1), LEASE)).toBeNull()
      const again = await takeJob(db(), [k], 'alive', new Date(T0.getTime() + LEASE), LEASE)
      expect(again).toMatchObject({ id: taken!.id, lockedBy: 'alive', attempts: 2 })
      await completeJob(db(), taken!.id, 'dead', T0)
      expect(await findJob(db(), k, 'long')).toMatchObject({ status: 'running', lockedBy: 'alive' })
    })

    it('cancelling takes back queued jobs only; a running one goes on', async () => {
      const k = freshKind()
      await enqueueJob(db(), { kind: k, key: 'mail-1', payload: {} }, T0)
      await enqueueJob(db(), { kind: k, key: 'mail-2', payload: {} }, T0)
      const running = await takeJob(db(), [k], 'w', T0, LEASE)
      expect(await cancelQueuedJobs(db(), k, ['mail-1', 'mail-2'])).toEqual(
        ['mail-1', 'mail-2'].filter((key) => key !== running!.key),
      )
      const statuses = await db()
        .select({ key: jobs.key, status: jobs.status })
        .from(jobs)
        .where(and(eq(jobs.kind, k)))
      expect(Object.fromEntries(statuses.map((s) => [s.key, s.status]))).toEqual({
        [running!.key]: 'running',
        [running!.key === 'mail-1' ? 'mail-2' : 'mail-1']: 'cancelled',
      })
    })

    it('an enqueue wakes an idle worker through jobs_due, without waiting for its poll', async () => {
      const k = freshKind()
      clock = T0
      let ran: (key: string) => void = () => {}
      const done = new Promise<string>((resolve) => (ran = resolve))
      const worker = new JobWorker({
        database: database(),
        handlers: { [k]: async (job) => ran(job.key) },
        now,
        pollMs: 24 * 60 * 60_000,
      })
      await worker.start()
      try {
        // The worker's first drain found nothing; only the notification can bring it this job.
        await worker.drain()
        await enqueueJob(db(), { kind: k, key: 'woken', payload: {} }, T0)
        expect(await done).toBe('woken')
        await expect.poll(async () => (await findJob(db(), k, 'woken'))?.status).toBe('done')
      } finally {
        await worker.stop()
      }
    })
  })
}
