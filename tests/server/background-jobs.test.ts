/**
 * services/background-jobs.ts: the purge of spent sign-in rows (real rows made by real sign-ins)
 * and of expired undo rows,
 * the staging sweep job, one runner per round across servers (advisory lock on PostgreSQL), the
 * schedule and its log lines.
 */
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { otpChallenges, refreshTokens, undoActions, users } from '../../server/db/schema'
import {
  consoleJobs,
  describeOutcome,
  runJobOnce,
  startBackgroundJobs,
  type BackgroundJob,
  type JobOutcome,
} from '../../server/services/background-jobs'
import { ClusterMutex } from '../../server/services/cluster-locks'
import { describeEachDatabase, signIn } from './harness'

const DAY = 24 * 60 * 60 * 1000
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describeEachDatabase('background jobs', (get) => {
  const count = async (table: typeof otpChallenges | typeof refreshTokens) =>
    (
      await get()
        .deps.db.select({ n: sql<number>`count(*)::int` })
        .from(table)
    )[0].n

  it('purges OTP challenges older than a day and refresh tokens expired over an hour ago, and nothing live', async () => {
    const ctx = get()
    await signIn(ctx)
    const [admin] = await ctx.deps.db.select().from(users).where(eq(users.email, 'admin@example.com'))
    const old = new Date(ctx.deps.now().getTime() - 2 * DAY)
    // A spent sign-in of two days ago: its challenge and its long-expired token.
    await ctx.deps.db.insert(otpChallenges).values({
      email: admin.email,
      userId: admin.id,
      sessionTokenHash: 'old-session',
      codeHash: 'x',
      expiresAt: old,
      createdAt: old,
    })
    await ctx.deps.db.insert(refreshTokens).values({
      userId: admin.id,
      familyId: crypto.randomUUID(),
      tokenHash: 'old-token',
      expiresAt: new Date(ctx.deps.now().getTime() - DAY),
      createdAt: old,
    })
    const before = { otp: await count(otpChallenges), tokens: await count(refreshTokens) }

    const [, purge] = consoleJobs({ db: ctx.deps.db, staging: { sweep: async () => 0 } })
    const outcome = await runJobOnce(purge, new ClusterMutex({}, 'job'), ctx.deps.now)
    expect(outcome).toMatchObject({
      job: 'purge-sign-ins',
      outcome: 'ran',
      summary: 'removed 1 OTP challenges and 1 expired refresh tokens',
    })
    expect(await count(otpChallenges)).toBe(before.otp - 1)
    expect(await count(refreshTokens)).toBe(before.tokens - 1)
    // The old token is gone; the fresh sign-in's token stays.
    expect(await ctx.deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, 'old-token'))).toHaveLength(
      0,
    )
    expect(await count(refreshTokens)).toBeGreaterThan(0)
  })

  it('purges undo rows expired over an hour ago, and keeps the live and the recently expired ones', async () => {
    const ctx = get()
    await signIn(ctx)
    const [admin] = await ctx.deps.db.select().from(users).where(eq(users.email, 'admin@example.com'))
    const now = ctx.deps.now().getTime()
    const row = (label: string, expiresAt: number) => ({
      actorId: admin.id,
      kind: 'project.active',
      payload: { label },
      createdAt: new Date(expiresAt - 60_000),
      expiresAt: new Date(expiresAt),
    })
    await ctx.deps.db.delete(undoActions)
    await ctx.deps.db
      .insert(undoActions)
      .values([
        row('live', now + 60_000),
        row('expired a minute ago', now - 60_000),
        row('expired two hours ago', now - 2 * 60 * 60 * 1000),
        row('expired a day ago', now - DAY),
      ])

    const purge = consoleJobs({ db: ctx.deps.db, staging: { sweep: async () => 0 } }).find(
      (j) => j.name === 'purge-undo',
    )!
    const outcome = await runJobOnce(purge, new ClusterMutex({}, 'job'), ctx.deps.now)
    expect(outcome).toMatchObject({ job: 'purge-undo', outcome: 'ran', summary: 'removed 2 expired undo rows' })
    const left = await ctx.deps.db.select({ payload: undoActions.payload }).from(undoActions)
    expect(left.map((r) => (r.payload as { label: string }).label).sort()).toEqual(['expired a minute ago', 'live'])
  })

  it('skips a round while another server runs the job, and logs one line per outcome', async () => {
    const ctx = get()
    const kind = ctx.database.kind
    const a = new ClusterMutex(ctx.database, 'job')
    const b = kind === 'postgres' ? new ClusterMutex(ctx.database, 'job') : a
    try {
      let runs = 0
      const slow: BackgroundJob = {
        name: 'slow',
        everyMs: 60_000,
        run: async () => {
          runs++
          await pause(200)
          return 'done'
        },
      }
      const first = runJobOnce(slow, a, ctx.deps.now)
      await pause(50)
      const second = await runJobOnce(slow, b, ctx.deps.now)
      expect(second).toEqual({ job: 'slow', outcome: 'skipped' })
      expect(await first).toMatchObject({ outcome: 'ran', summary: 'done' })
      expect(runs).toBe(1)
      expect(describeOutcome(second)).toBe('[jobs] slow: skipped, another server is running it')
      const failing: BackgroundJob = {
        name: 'failing',
        everyMs: 60_000,
        run: async () => {
          throw new Error('disk full\nstack')
        },
      }
      const failed = await runJobOnce(failing, a, ctx.deps.now)
      expect(describeOutcome(failed)).toBe('[jobs] failing failed: disk full')
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('runs each job after the first delay, then on its period, and stops cleanly', async () => {
    const ctx = get()
    const outcomes: JobOutcome[] = []
    let runs = 0
    const job: BackgroundJob = { name: 'tick', everyMs: 40, run: async () => `tick ${++runs}` }
    const jobs = startBackgroundJobs([job], {
      locks: new ClusterMutex({}, 'job'),
      now: ctx.deps.now,
      log: (o) => outcomes.push(o),
      firstDelayMs: 10,
    })
    await pause(200)
    await jobs.stop()
    const seen = outcomes.length
    expect(seen).toBeGreaterThanOrEqual(2)
    expect(outcomes[0]).toMatchObject({ job: 'tick', outcome: 'ran', summary: 'tick 1' })
    await pause(100)
    expect(outcomes).toHaveLength(seen)
  })
})
