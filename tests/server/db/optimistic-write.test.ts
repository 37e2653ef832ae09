/**
 * Optimistic writes (server/db/write.ts `write` with `rows` and `plan`; migration 0031
 * expect_rows) on PGlite and PostgreSQL: a guarded statement writes everything when the rows are
 * as read and nothing when one changed since; a conflict reads again and re-plans, the last
 * attempt inside a transaction with the rows locked, and answers 409 only when that one conflicts
 * too. On PostgreSQL a real concurrent transaction holds the row while a status change waits on
 * it: the change is retried, nothing is lost, one history entry; and forty writers at once on one
 * project all go through.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BULK_MAX } from '../../../src/api/schemas/projects'
import { auditLog, projects, users, verificationHistory } from '../../../server/db/schema'
import { versionedProjects, type VersionedProjectRow } from '../../../server/db/queries/projects.queries'
import { changeVerificationStatus } from '../../../server/db/queries/verification.queries'
import {
  CHANGED_WHILE_SAVING,
  isRetryableConflict,
  OPTIMISTIC_ATTEMPTS,
  write,
  type WriteAttempt,
} from '../../../server/db/write'
import { ApiError } from '../../../server/http/errors'
import { openDatabase, type Database } from '../../../server/db/client'
import { updateProject } from '../../../server/db/queries/projects-write.queries'
import { createTestContext, describeEachDatabase, POSTGRES_TESTS } from '../harness'

describeEachDatabase('a guarded write', (get) => {
  const db = () => get().deps.db
  /** An optimistic attempt's reads: on the pool, without locks. */
  const unlocked = () => ({ db: db(), lock: false })
  const newProject = async (title: string) => {
    const [owner] = await db().select({ id: users.id }).from(users).limit(1)
    const [row] = await db()
      .insert(projects)
      .values({
        title,
        description: `${title} description`,
        category: 'Web',
        pricePaise: 100_000,
        projectOwnerId: owner.id,
      })
      .returning({ id: projects.id })
    return row.id
  }
  const audits = async (action: string) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.action, action))
    )[0].n
  /**
   * A guarded discount whose first attempt writes from `firstRead` (rows read earlier, perhaps
   * changed since) and later attempts from a fresh read; answers how many attempts read.
   */
  const guardedDiscount = async (firstRead: VersionedProjectRow[], discount: number, action: string) => {
    let reads = 0
    await write(db(), {
      rows: {
        read: async (at: WriteAttempt, ids: readonly string[]) =>
          ++reads === 1 ? firstRead : versionedProjects.read(at, ids),
        unchanged: versionedProjects.unchanged,
      },
      ids: firstRead.map((r) => r.id),
      plan: (rows, _, on) => ({
        result: undefined,
        change: {
          rows,
          update: (unchanged) => on.update(projects).set({ discount }).where(unchanged),
          audit: rows.map((row) => ({ actorId: null, action, entityType: 'project', entityId: row.id })),
        },
      }),
    })
    return reads
  }

  it('writes the update and the other writes when every row is as read', async () => {
    const ids = [await newProject('OW one'), await newProject('OW two')]
    const rows = await versionedProjects.read(unlocked(), ids)
    expect(await guardedDiscount(rows, 15, 'test.optimistic_ok')).toBe(1)
    const after = await db().select({ discount: projects.discount }).from(projects).where(inArray(projects.id, ids))
    expect(after.map((r) => r.discount)).toEqual([15, 15])
    expect(await audits('test.optimistic_ok')).toBe(2)
  })

  it('writes nothing from rows changed since the read, then reads again and writes once', async () => {
    const ids = [await newProject('OW three'), await newProject('OW four')]
    const rows = await versionedProjects.read(unlocked(), ids)
    // Another write to one of them after the read: its row version (xmin) is no longer the one read.
    await db().update(projects).set({ title: 'OW four renamed' }).where(eq(projects.id, ids[1]))
    expect(await guardedDiscount(rows, 30, 'test.optimistic_conflict')).toBe(2)
    const after = await db()
      .select({ discount: projects.discount, title: projects.title })
      .from(projects)
      .where(inArray(projects.id, ids))
      .orderBy(projects.title)
    expect(after).toEqual([
      { discount: 30, title: 'OW four renamed' },
      { discount: 30, title: 'OW three' },
    ])
    // The first attempt's statement wrote nothing: one audit row per project, from the second.
    expect(await audits('test.optimistic_conflict')).toBe(2)
  })

  it(`guards the most projects a bulk action takes (${BULK_MAX}) in one statement`, async () => {
    // A row comparison `(id, xmin) IN ((…), …)` of 400 pairs never finished on PGlite.
    const [owner] = await db().select({ id: users.id }).from(users).limit(1)
    const rows = await db()
      .insert(projects)
      .values(
        Array.from({ length: BULK_MAX }, (_, i) => ({
          title: `OW bulk ${i}`,
          description: 'OW bulk',
          category: 'Web',
          pricePaise: 100_000,
          projectOwnerId: owner.id,
        })),
      )
      .returning({ id: projects.id })
    const ids = rows.map((r) => r.id)
    expect(await guardedDiscount(await versionedProjects.read(unlocked(), ids), 5, 'test.optimistic_bulk')).toBe(1)
    // Again on the rows the first write made, all with the same xmin.
    expect(await guardedDiscount(await versionedProjects.read(unlocked(), ids), 6, 'test.optimistic_bulk')).toBe(1)
    expect(await audits('test.optimistic_bulk')).toBe(2 * BULK_MAX)
  })

  it('reads the rows with their versions and 404s for an unknown id', async () => {
    const id = await newProject('OW five')
    const [row] = await versionedProjects.read(unlocked(), [id, id])
    expect(row.id).toBe(id)
    expect(row.rowVersion).toMatch(/^\d+$/)
    await expect(
      versionedProjects.read(unlocked(), [id, '00000000-0000-4000-8000-000000000000']),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Project not found: 00000000-0000-4000-8000-000000000000',
    })
    // The last attempt's read, inside a transaction with the row locked: the same row and version.
    const locked = await db().transaction((tx) => versionedProjects.read({ db: tx, lock: true }, [id]))
    expect(locked).toEqual([row])
    await expect(
      db().transaction((tx) =>
        versionedProjects.read({ db: tx, lock: true }, ['00000000-0000-4000-8000-000000000000']),
      ),
    ).rejects.toMatchObject({ status: 404, message: 'Project not found' })
  })
})

describe('the attempts of an optimistic write', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ memory: true })
  })
  afterAll(async () => {
    await database?.close()
  })
  /** `write` whose read is `attempt` (its answer answered here) and whose plan writes nothing. */
  const runAttempts = async <T>(attempt: (at: WriteAttempt) => Promise<T>): Promise<T> => {
    let answer: { value: T } | undefined
    await write(database.db, {
      rows: {
        read: async (at) => {
          answer = { value: await attempt(at) }
          return []
        },
        unchanged: () => sql`true`,
      },
      ids: [],
      plan: () => ({ result: undefined }),
    })
    return answer!.value
  }
  const conflictError = () =>
    Object.assign(new Error('query failed'), { cause: Object.assign(new Error('changed'), { code: '40001' }) })

  it('tries again after a serialization failure or a deadlock and answers the first success', async () => {
    const codes = ['40001', '40P01']
    const locks: boolean[] = []
    const result = await runAttempts(async ({ db, lock }) => {
      expect(db).toBe(database.db)
      locks.push(lock)
      const code = codes[locks.length - 1]
      if (code) throw Object.assign(new Error('failed'), { code })
      return 'done'
    })
    expect(result).toBe('done')
    expect(locks).toEqual([false, false, false])
    expect(isRetryableConflict(conflictError())).toBe(true)
  })

  it(`makes its last attempt (of ${OPTIMISTIC_ATTEMPTS}) inside a transaction with the rows locked, which goes through`, async () => {
    const attempts: { lock: boolean; inTransaction: boolean }[] = []
    const result = await runAttempts(async ({ db, lock }) => {
      attempts.push({ lock, inTransaction: db !== database.db })
      if (!lock) throw conflictError()
      return 'written'
    })
    expect(result).toBe('written')
    expect(attempts).toEqual([
      ...Array.from({ length: OPTIMISTIC_ATTEMPTS - 1 }, () => ({ lock: false, inTransaction: false })),
      { lock: true, inTransaction: true },
    ])
  })

  it('answers 409 when the locked last attempt conflicts too', async () => {
    let calls = 0
    const failure = await runAttempts(async () => {
      calls++
      throw conflictError()
    }).catch((e: unknown) => e)
    expect(calls).toBe(OPTIMISTIC_ATTEMPTS)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 409, message: CHANGED_WHILE_SAVING })
  })

  it('passes any other error through at once', async () => {
    let calls = 0
    const failure = await runAttempts(async () => {
      calls++
      throw Object.assign(new Error('unique'), { code: '23505' })
    }).catch((e: unknown) => e)
    expect(calls).toBe(1)
    expect((failure as Error).message).toBe('unique')
  })
})

describe.skipIf(!POSTGRES_TESTS)('a status change racing a concurrent transaction [postgres]', () => {
  it('waits for it, finds the row changed, reads again and keeps both changes', async () => {
    const ctx = await createTestContext('postgres')
    const other = new pg.Client({ connectionString: ctx.database.pool!.options.connectionString })
    try {
      const db = ctx.deps.db
      const [owner] = await db.select({ id: users.id }).from(users).limit(1)
      const [project] = await db
        .insert(projects)
        .values({
          title: 'Race',
          description: 'Race description',
          category: 'Web',
          pricePaise: 100_000,
          projectOwnerId: owner.id,
        })
        .returning({ id: projects.id })
      await other.connect()
      // Another writer holds the row (uncommitted) while the status change reads and then tries to write.
      await other.query('BEGIN')
      await other.query('UPDATE projects SET discount = 40 WHERE id = $1', [project.id])
      const change = changeVerificationStatus(db, {
        ids: [project.id],
        status: 'approved',
        notes: 'race',
        actorId: owner.id,
        at: new Date(),
      })
      // Until the status change's guarded UPDATE waits for the other transaction.
      for (let waiting = false; !waiting;) {
        // pg_locks, not pg_stat_activity: the latter is a snapshot taken once per transaction.
        const { rows } = await other.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`,
        )
        waiting = rows[0].n > 0
        if (!waiting) await new Promise((r) => setTimeout(r, 10))
      }
      await other.query('COMMIT')
      const result = await change
      expect(result.count).toBe(1)
      const [row] = await db
        .select({ discount: projects.discount, status: projects.verificationStatus })
        .from(projects)
        .where(eq(projects.id, project.id))
      expect(row).toEqual({ discount: 40, status: 'approved' })
      const entries = await db.select().from(verificationHistory).where(eq(verificationHistory.projectId, project.id))
      expect(entries).toHaveLength(1)
    } finally {
      await other.end().catch(() => {})
      await ctx.close()
    }
  })
})

describe.skipIf(!POSTGRES_TESTS)('many writers on one project [postgres]', () => {
  it('lets forty writers at once all through: none answers 409', async () => {
    const ctx = await createTestContext('postgres')
    try {
      const db = ctx.deps.db
      const [owner] = await db.select({ id: users.id }).from(users).limit(1)
      const [project] = await db
        .insert(projects)
        .values({
          title: 'Contended',
          description: 'Contended description',
          category: 'Web',
          pricePaise: 100_000,
          projectOwnerId: owner.id,
        })
        .returning({ id: projects.id })
      const statuses = ['under_review', 'approved', 'needs_changes', 'rejected'] as const
      const writers = Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? changeVerificationStatus(db, {
              ids: [project.id],
              status: statuses[i % 4],
              notes: `writer ${i}`,
              actorId: owner.id,
              at: new Date(),
            })
          : updateProject(db, project.id, { discount: i + 1 }, owner.id, new Date()),
      )
      const outcomes = await Promise.allSettled(writers)
      expect(
        outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
      ).toEqual([])
      const entries = await db.select().from(verificationHistory).where(eq(verificationHistory.projectId, project.id))
      expect(entries).toHaveLength(20)
      const edits = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(sql`${auditLog.entityId} = ${project.id} AND ${auditLog.action} = 'project.update'`)
      expect(edits[0].n).toBe(20)
    } finally {
      await ctx.close()
    }
  })
})
