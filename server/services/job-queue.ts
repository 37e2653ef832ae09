/**
 * The worker of the durable job queue (decision 047; statements in db/queries/jobs.queries.ts).
 * Every server runs one: it takes due jobs of the kinds it has handlers for, one at a time, as
 * soon as an enqueue is announced on `jobs_due` (from any server) and on a poll every `pollMs`
 * (for retries coming due and notifications lost while a connection was down). A job is held
 * under a lease renewed while its handler runs; a handler that throws puts the job back with an
 * exponential backoff until its attempts are used up. Nothing here throws to its caller.
 */
import os from 'node:os'
import { listenChannel } from '../db/listen'
import type { Database, Db } from '../db/client'
import { completeJob, failJob, JOBS_CHANNEL, renewJobLease, takeJob, type Job } from '../db/queries/jobs.queries'

/** Runs one job; throwing fails this attempt (the job is retried later while attempts are left). */
export type JobHandler = (job: Job) => Promise<void>

/** What one job's attempt came to, for the log and for tests. */
export type JobOutcome =
  | { kind: string; key: string; outcome: 'done'; ms: number }
  | { kind: string; key: string; outcome: 'retry' | 'failed'; error: string }

/** How long a taken job is held before another worker may take it (ms); renewed at half of it. */
export const JOB_LEASE_MS = 60_000
/** How often an idle worker looks for due jobs without a notification (ms). */
export const JOB_POLL_MS = 5_000

/** The wait before attempt `attempts + 1` of a failed job (ms): 5 s, 10 s, 20 s, … up to 10 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000)
}

export type JobWorkerOptions = {
  database: Database
  handlers: Record<string, JobHandler>
  now: () => Date
  log?: (outcome: JobOutcome) => void
  leaseMs?: number
  pollMs?: number
  /** This worker's name in `locked_by` (default host:pid:random). */
  workerId?: string
}

export class JobWorker {
  readonly id: string
  private readonly db: Db
  private readonly kinds: string[]
  private draining: Promise<number> | null = null
  private again = false
  private stopped = false
  private timer: NodeJS.Timeout | null = null
  private unlisten: (() => Promise<void>) | null = null

  constructor(private readonly opts: JobWorkerOptions) {
    this.db = opts.database.db
    this.kinds = Object.keys(opts.handlers)
    this.id = opts.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`
  }

  /** Listen for enqueues and poll; the first drain starts now. */
  async start(): Promise<void> {
    this.unlisten = await listenChannel(this.opts.database, JOBS_CHANNEL, {
      onPayload: (kind) => {
        if (this.kinds.includes(kind)) this.wake()
      },
      onUp: () => this.wake(),
    })
    this.timer = setInterval(() => this.wake(), this.opts.pollMs ?? JOB_POLL_MS)
    this.timer.unref()
    this.wake()
  }

  /** Look for due jobs now (a drain under way looks once more when it ends). */
  wake(): void {
    if (this.stopped) return
    if (this.draining) {
      this.again = true
      return
    }
    this.draining = this.drain().finally(() => {
      this.draining = null
      if (this.again) {
        this.again = false
        this.wake()
      }
    })
  }

  /** Run due jobs one after another until none is due; answers how many ran. */
  async drain(): Promise<number> {
    let ran = 0
    while (!this.stopped) {
      const job = await takeJob(this.db, this.kinds, this.id, this.opts.now(), this.leaseMs).catch(() => null)
      if (!job) break
      await this.run(job)
      ran++
    }
    return ran
  }

  /** Stop taking jobs and wait for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    await this.unlisten?.()
    await this.draining
  }

  private get leaseMs() {
    return this.opts.leaseMs ?? JOB_LEASE_MS
  }

  private async run(job: Job): Promise<void> {
    const started = performance.now()
    const renew = setInterval(() => {
      const until = new Date(this.opts.now().getTime() + this.leaseMs)
      void renewJobLease(this.db, job.id, this.id, until).catch(() => {})
    }, this.leaseMs / 2)
    renew.unref()
    try {
      await this.opts.handlers[job.kind](job)
      clearInterval(renew)
      await completeJob(this.db, job.id, this.id, this.opts.now())
      this.opts.log?.({ kind: job.kind, key: job.key, outcome: 'done', ms: Math.round(performance.now() - started) })
    } catch (error) {
      clearInterval(renew)
      const message = error instanceof Error ? error.message : String(error)
      const now = this.opts.now()
      const left = await failJob(
        this.db,
        job.id,
        this.id,
        message,
        now,
        new Date(now.getTime() + retryDelayMs(job.attempts)),
      ).catch(() => null)
      this.opts.log?.({
        kind: job.kind,
        key: job.key,
        outcome: left === 'failed' ? 'failed' : 'retry',
        error: message.split('\n')[0].slice(0, 300),
      })
    }
  }
}

/** The log line of a job's attempt. */
export function describeJobOutcome(o: JobOutcome): string {
  if (o.outcome === 'done') return `[queue] ${o.kind} ${o.key}: done (${o.ms} ms)`
  return `[queue] ${o.kind} ${o.key}: ${o.outcome === 'retry' ? 'failed, will retry' : 'failed for good'}: ${o.error}`
}
