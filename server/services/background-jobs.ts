/**
 * Background work on a schedule, run by one server at a time:
 * every job runs once shortly after start and then every `everyMs`; each run takes the job's
 * advisory lock with `pg_try_advisory_lock` (services/cluster-locks.ts), so when several servers
 * share a database one of them runs it and the others skip that round. Every run and every
 * failure is logged in one line; a failing run is retried at the next round, never crashes.
 *
 * The console's jobs (`consoleJobs`): the sweep of abandoned upload staging (a day old) and the
 * purge of spent sign-in rows (OTP challenges, expired refresh tokens) and of expired undo rows,
 * and, every heartbeat period, the sweep of presence rows whose viewer went away without leaving
 * (so open screens drop them within a period of their expiry), and the sweep of expired triage
 * claims (reads ignore them already; this keeps the table small).
 */
import { purgeExpiredSignIns } from '../db/queries/auth.queries'
import { sweepPresence } from '../db/queries/presence.queries'
import { sweepExpiredClaims } from '../db/queries/triage-claims.queries'
import { purgeExpiredUndo } from '../db/queries/undo.queries'
import { PRESENCE_HEARTBEAT_MS } from '../../src/api/schemas/live'
import type { Db } from '../db/client'
import type { ClusterMutex } from './cluster-locks'
import type { UploadStaging } from './upload/staging'

/** A job: its name (also its lock key), its period in ms, and the work, answering a summary for the log. */
export type BackgroundJob = { name: string; everyMs: number; run: (now: Date) => Promise<string> }

/** What one round of a job did: ran (with its summary and duration in ms), skipped (another server has it) or failed. */
export type JobOutcome =
  | { job: string; outcome: 'ran'; summary: string; ms: number }
  | { job: string; outcome: 'skipped' }
  | { job: string; outcome: 'failed'; error: string }

const HOUR_MS = 60 * 60 * 1000
const TEN_MINUTES_MS = 10 * 60 * 1000
/** Delay of the first round after start (ms), so start-up work (migrations, seed) goes first. */
export const FIRST_RUN_DELAY_MS = 5_000

/** The console's jobs for a database and an upload staging. */
export function consoleJobs(deps: { db: Db; staging: Pick<UploadStaging, 'sweep'> }): BackgroundJob[] {
  return [
    {
      name: 'sweep-upload-staging',
      everyMs: HOUR_MS,
      run: async (now) => {
        const removed = await deps.staging.sweep(now)
        return `removed ${removed} abandoned upload staging${removed === 1 ? '' : 's'}`
      },
    },
    {
      name: 'purge-sign-ins',
      everyMs: HOUR_MS,
      run: async (now) => {
        const purged = await purgeExpiredSignIns(deps.db, now)
        return `removed ${purged.otpChallenges} OTP challenges and ${purged.refreshTokens} expired refresh tokens`
      },
    },
    {
      name: 'purge-undo',
      everyMs: HOUR_MS,
      run: async (now) => {
        const purged = await purgeExpiredUndo(deps.db, now)
        return `removed ${purged} expired undo row${purged === 1 ? '' : 's'}`
      },
    },
    {
      name: 'sweep-presence',
      everyMs: PRESENCE_HEARTBEAT_MS,
      run: async (now) => {
        const removed = await sweepPresence(deps.db, now)
        return `removed ${removed} expired presence row${removed === 1 ? '' : 's'}`
      },
    },
    {
      name: 'sweep-triage-claims',
      everyMs: TEN_MINUTES_MS,
      run: async (now) => {
        const swept = await sweepExpiredClaims(deps.db, now)
        return `removed ${swept} expired triage claim${swept === 1 ? '' : 's'}`
      },
    },
  ]
}

/** Run one round of `job` under its lock; never throws. */
export async function runJobOnce(
  job: BackgroundJob,
  locks: Pick<ClusterMutex, 'tryRun'>,
  now: () => Date,
): Promise<JobOutcome> {
  const started = performance.now()
  try {
    const result = await locks.tryRun(job.name, () => job.run(now()))
    if (!result.ran) return { job: job.name, outcome: 'skipped' }
    return { job: job.name, outcome: 'ran', summary: result.value, ms: Math.round(performance.now() - started) }
  } catch (error) {
    return {
      job: job.name,
      outcome: 'failed',
      error: error instanceof Error ? error.message.split('\n')[0].slice(0, 300) : String(error),
    }
  }
}

/** The log line of an outcome. */
export function describeOutcome(outcome: JobOutcome): string {
  if (outcome.outcome === 'ran') return `[jobs] ${outcome.job}: ${outcome.summary} (${outcome.ms} ms)`
  if (outcome.outcome === 'skipped') return `[jobs] ${outcome.job}: skipped, another server is running it`
  return `[jobs] ${outcome.job} failed: ${outcome.error}`
}

/**
 * Start the schedule: each job after `firstDelayMs`, then every `everyMs` (timers unref'd, so
 * they never keep the process alive). `log` gets one line per round (skips only at debug level,
 * as the caller chooses). `stop()` clears the timers and waits for rounds in flight.
 */
export function startBackgroundJobs(
  jobs: BackgroundJob[],
  opts: {
    locks: Pick<ClusterMutex, 'tryRun'>
    now: () => Date
    log: (outcome: JobOutcome) => void
    firstDelayMs?: number
  },
): { stop: () => Promise<void> } {
  const timers: NodeJS.Timeout[] = []
  const inFlight = new Set<Promise<void>>()
  let stopped = false
  const round = (job: BackgroundJob) => {
    if (stopped) return
    const run = runJobOnce(job, opts.locks, opts.now)
      .then(opts.log)
      .finally(() => inFlight.delete(run))
    inFlight.add(run)
  }
  for (const job of jobs) {
    const first = setTimeout(() => {
      round(job)
      const every = setInterval(() => round(job), job.everyMs)
      every.unref()
      timers.push(every)
    }, opts.firstDelayMs ?? FIRST_RUN_DELAY_MS)
    first.unref()
    timers.push(first)
  }
  return {
    stop: async () => {
      stopped = true
      for (const timer of timers) clearTimeout(timer)
      await Promise.all(inFlight)
    },
  }
}
