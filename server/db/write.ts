/**
 * The one entry for a write of the app's data (decision 031): `write(db, spec)` reads the rows it
 * changes, runs the statements, inserts the audit rows and records the undo, all in one
 * transaction (or one statement), and answers `{ result, undo }` (the undo ticket, null when the
 * change recorded none). A spec is one of two shapes, and their types carry the rules:
 *
 * - **OptimisticWrite** (decision 022): `rows` (a VersionedRows: the read with row versions, and
 *   the guard that keeps a row only while it is still the version read) and `ids`; `plan(rows,
 *   beside, on)` is synchronous (it cannot await: no I/O between the read and the write, so an
 *   attempt can be re-run from a fresh read, and a retry repeats the same request) and answers the
 *   result and at most one guarded UPDATE plus INSERTs of new rows, the audit entries and the undo
 *   record. The entry sends them as one statement of data-modifying CTEs: the UPDATE first, with
 *   the guard's WHERE and a RETURNING the entry adds, then the inserts, the audit INSERT and the
 *   undo INSERT, ending in `expect_rows((SELECT count(*) FROM w0), n)` (migration 0031) for the n
 *   rows the plan names. Only INSERTs may join the UPDATE, so no two writes of the statement touch
 *   the same row or depend on each other's effects (PostgreSQL manual, 7.8.4 "Data-Modifying
 *   Statements in WITH"). On a retryable conflict (40001 from expect_rows, 40P01) the entry reads
 *   again and re-plans; the last of OPTIMISTIC_ATTEMPTS runs in a transaction that reads the rows
 *   FOR UPDATE; 409 CHANGED_WHILE_SAVING only when that one conflicts too.
 * - **LockedWrite**: `transaction(tx)` locks, checks and writes inside one transaction and
 *   answers `{ result, audit, undo }`; the entry names the actor for the audit triggers of
 *   migration 0010 first (`actor`), and after the body sends the audit and undo INSERTs together
 *   as one statement in that same transaction. For writes with several dependent steps (guards
 *   over other rows, codes drawn under a savepoint, RETURNING values the undo needs).
 *
 * Versions (decision 041): a write based on a version of its record (If-Match) checks it where it
 * reads the row (domain/versions.ts `assertVersion`: in the plan from the rows read, in a locked
 * body after its FOR UPDATE) and throws StaleVersion; the entry answers that with the 409
 * version_conflict (db/queries/versions.queries.ts), having changed nothing. An optimistic retry
 * re-plans from a fresh read, so a retry that finds another writer's version answers 409 instead
 * of writing over it.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgInsertBase } from 'drizzle-orm/pg-core'
import type { UndoTicket } from '../../src/api/schemas/undo'
import { conflict, hasErrorCode } from '../http/errors'
import type { Db } from './client'
import { auditInsert, setAuditActor, type AuditEntry } from './queries/audit.queries'
import type { Tx } from './queries/projects.queries'
import { undoInsert, type UndoableChange } from './queries/undo.queries'
import { versionConflict } from './queries/versions.queries'
import { StaleVersion } from '../domain/versions'

/** Where an attempt of an optimistic write reads: the pool without locks, or on the last attempt a transaction that locks the rows it reads. */
export type WriteAttempt = { db: Db; lock: boolean }

/**
 * A row read for an optimistic write: its id, row version (`xmin` as text, decision 022) and
 * record version (`updated_at`, what If-Match names: decision 041).
 */
export type Versioned = { id: string; rowVersion: string; updatedAt: Date }

/**
 * The rows of one table as an optimistic write reads them, and the guard of its UPDATE:
 * `read(attempt, ids)` answers the rows of `ids` with their versions (FOR UPDATE when
 * `attempt.lock`; 404 for an unknown id); `unchanged(rows)` is the WHERE that keeps those rows
 * only while each is still the version read.
 */
export type VersionedRows<Row extends Versioned> = {
  read(attempt: WriteAttempt, ids: readonly string[]): Promise<Row[]>
  unchanged(rows: readonly Row[]): SQL
}

/** What a plan builds statements with: builders only; the entry runs them. */
export type Builders = Pick<Db, 'insert' | 'update'>

/** An INSERT of new rows, not yet run: the only kind of statement that may join a guarded UPDATE. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PendingInsert = PgInsertBase<any, any, any, any, any, any>

/** An UPDATE … WHERE not yet run; the entry adds the RETURNING that expect_rows counts. */
export type GuardedUpdate = { returning(fields: { one: SQL<number> }): SQLWrapper }

/** The change a plan writes: the rows it changes (of those read), their UPDATE, new rows, audit and undo. */
export type GuardedChange<Row extends Versioned> = {
  /** The rows the UPDATE changes, as read: the guard expects exactly these, each unchanged. Not empty. */
  rows: readonly Row[]
  /** The UPDATE of `rows`, its WHERE the guard `unchanged` (VersionedRows.unchanged of `rows`). */
  update: (unchanged: SQL) => GuardedUpdate
  /** INSERTs of new rows (ids chosen here) beside the update; falsy entries are skipped. */
  inserts?: readonly (PendingInsert | false | undefined)[]
  audit: readonly AuditEntry[]
  undo?: UndoableChange
}

/** What an attempt writes after its read: nothing (`change` undefined) or one guarded change; `result` is answered. */
export type Plan<Row extends Versioned, R> = { result: Settled<R>; change?: GuardedChange<Row> }

/** A write as one guarded statement, retried from a fresh read (see the module comment). */
export type OptimisticWrite<Row extends Versioned, Beside, R> = {
  rows: VersionedRows<Row>
  ids: readonly string[]
  /** Read beside the rows, awaited with them on each attempt (e.g. the review commits of a status change). */
  beside?: Beside | Promise<Beside>
  /** Synchronous: the plan of an attempt from what it read. */
  plan(rows: Row[], beside: Beside | undefined, on: Builders): Plan<Row, R>
}

/**
 * A result as a value: a promise there would be awaited after the transaction ended, its
 * statement racing the audit INSERT and the COMMIT on the transaction's connection.
 */
export type Settled<R> = R extends PromiseLike<unknown> ? never : R

/** What the body of a locked write answers: its result, the audit entries and the undo of its change. */
export type Outcome<R> = { result: Settled<R>; audit?: readonly AuditEntry[]; undo?: UndoableChange }

/** A write as one transaction (see the module comment). */
export type LockedWrite<R> = {
  /** Named for the audit triggers of migration 0010 (setAuditActor) before the body runs. */
  actor?: { actorId: string; ip?: string | null }
  transaction(tx: Tx): Promise<Outcome<R>>
}

/** What a write answers: its result and the ticket of its undo (null when it recorded none). */
export type Written<R> = { result: Settled<R>; undo: UndoTicket | null }

/**
 * SQLSTATEs after which an optimistic write is tried again: 40001 serialization_failure (raised by
 * expect_rows(), migration 0031, when a row changed since it was read) and 40P01
 * deadlock_detected. PostgreSQL manual, 13.4 "Serialization Failure Handling".
 */
const RETRYABLE = ['40001', '40P01']
/** Attempts of an optimistic write: OPTIMISTIC_ATTEMPTS - 1 without a lock, the last with the rows locked. */
export const OPTIMISTIC_ATTEMPTS = 5
/** The 409 when even the locked last attempt of an optimistic write conflicts (a deadlock). */
export const CHANGED_WHILE_SAVING = 'The data changed while saving; try again'

/** True when `error` or one of its causes (drizzle wraps driver errors) has a retryable SQLSTATE. */
export const isRetryableConflict = (error: unknown): boolean => hasErrorCode(error, ...RETRYABLE)

/** Run `spec` on `db`: an optimistic write (`rows`, `plan`) or a locked one (`transaction`). */
export function write<Row extends Versioned, Beside, R>(
  db: Db,
  spec: OptimisticWrite<Row, Beside, R>,
): Promise<Written<R>>
export function write<R>(db: Db, spec: LockedWrite<R>): Promise<Written<R>>
export async function write<Row extends Versioned, Beside, R>(
  db: Db,
  spec: OptimisticWrite<Row, Beside, R> | LockedWrite<R>,
): Promise<Written<R>> {
  try {
    return await ('transaction' in spec ? locked(db, spec) : optimistic(db, spec))
  } catch (error) {
    if (error instanceof StaleVersion) throw await versionConflict(db, error)
    throw error
  }
}

async function locked<R>(db: Db, spec: LockedWrite<R>): Promise<Written<R>> {
  return db.transaction(async (tx) => {
    if (spec.actor) await setAuditActor(tx, spec.actor)
    const { result, audit = [], undo } = await spec.transaction(tx)
    const recorded = undo ? undoInsert(tx, undo) : { insert: undefined, ticket: null }
    await together(tx, [auditInsert(tx, audit), recorded.insert])
    return { result, undo: recorded.ticket }
  })
}

/**
 * Attempts of `spec` while one fails with a retryable conflict: OPTIMISTIC_ATTEMPTS - 1 on the
 * pool without a lock, then once inside a transaction whose read locks the rows, so a writer that
 * keeps losing the race on a busy row still goes through. Other errors pass through at once.
 */
async function optimistic<Row extends Versioned, Beside, R>(
  db: Db,
  spec: OptimisticWrite<Row, Beside, R>,
): Promise<Written<R>> {
  for (let tries = 1; tries < OPTIMISTIC_ATTEMPTS; tries++) {
    try {
      return await attempt({ db, lock: false }, spec)
    } catch (error) {
      if (!isRetryableConflict(error)) throw error
    }
  }
  try {
    return await db.transaction((tx) => attempt({ db: tx, lock: true }, spec))
  } catch (error) {
    if (isRetryableConflict(error)) throw conflict(CHANGED_WHILE_SAVING)
    throw error
  }
}

/** One attempt: read, plan, and the plan's change as one guarded statement. */
async function attempt<Row extends Versioned, Beside, R>(
  at: WriteAttempt,
  spec: OptimisticWrite<Row, Beside, R>,
): Promise<Written<R>> {
  const [rows, beside] = await Promise.all([spec.rows.read(at, spec.ids), spec.beside])
  const { result, change } = spec.plan(rows, beside, at.db)
  if (!change) return { result, undo: null }
  const recorded = change.undo ? undoInsert(at.db, change.undo) : { insert: undefined, ticket: null }
  const update = change.update(spec.rows.unchanged(change.rows)).returning({ one: sql<number>`1` })
  await together(
    at.db,
    [update, ...(change.inserts ?? []), auditInsert(at.db, change.audit), recorded.insert],
    change.rows.length,
  )
  return { result, undo: recorded.ticket }
}

/**
 * Run `writes` as one statement of data-modifying CTEs (`WITH w0 AS (UPDATE …), w1 AS (INSERT
 * …) SELECT 1`): one round trip instead of one per write (BENCHMARKS.md "Load": a round trip costs
 * the server more CPU than most of these statements cost PostgreSQL). Each runs once, all on the
 * statement's one snapshot; triggers fire as for separate statements. Falsy entries are skipped.
 * With `guardRows`, the statement ends with expect_rows over w0 (the guarded UPDATE … RETURNING),
 * so it writes nothing unless w0 changed exactly that many rows.
 */
async function together(
  db: Pick<Db, 'execute'>,
  writes: readonly (SQLWrapper | false | null | undefined)[],
  guardRows?: number,
): Promise<void> {
  const statements = writes.filter((w): w is SQLWrapper => Boolean(w)).map((w) => w.getSQL())
  if (!statements.length) return
  if (statements.length === 1 && guardRows === undefined) {
    await db.execute(statements[0])
    return
  }
  const ctes = sql.join(
    statements.map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement})`),
    sql`, `,
  )
  await db.execute(
    guardRows === undefined
      ? sql`WITH ${ctes} SELECT 1`
      : sql`WITH ${ctes} SELECT expect_rows((SELECT count(*) FROM w0), ${guardRows})`,
  )
}
