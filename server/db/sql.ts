/**
 * SQL helpers shared by queries. `qualified(column)` renders `"table"."column"` for a correlated
 * subquery inside a select field. drizzle writes a bare column there without its table when the
 * query reads one table, and inside the subquery that name would bind to the subquery's own table
 * (a project's images compared with the image's own id: every project came back without images).
 * `rawRows(db, query)` runs a raw statement and answers its rows on either driver.
 * `writeTogether(db, writes, guard?)` sends independent writes as one statement, with a guard an
 * optimistic write that `optimistic` retries. `preparedPer(name, build)` keeps one prepared
 * statement per database handle.
 */
import { getTableName, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { conflict, hasErrorCode } from '../http/errors'
import type { Db } from './client'

/**
 * The rows of a raw `query` (`db.execute`), typed `T`: PGlite and node-postgres both answer
 * `{ rows }`, which drizzle's common type does not say. For catalogue reads, maintenance and tests;
 * queries of the app use the query builder.
 */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** `"table"."column"` for `column`, whatever the surrounding query reads. */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`
}

/** Escape `%`, `_` and backslash so a search term matches literally inside `LIKE '%…%'`. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

/** A write not yet run: a drizzle insert, update or delete builder; falsy for "nothing to write". */
export type PendingWrite = SQLWrapper | false | null | undefined

/**
 * Run `writes` as one statement of data-modifying CTEs (`WITH w0 AS (UPDATE …), w1 AS (INSERT
 * …) SELECT 1`): one round trip to the database instead of one per write (decision 021:
 * a round trip costs the server more CPU than most of these statements cost PostgreSQL). Each
 * runs exactly once and to completion, all on the statement's one snapshot, so none sees the
 * others' rows: only for writes that do not depend on each other's effects and never change the
 * same row twice (PostgreSQL manual, 7.8.4 "Data-Modifying Statements in WITH"). Triggers fire as
 * for separate statements (row triggers per row, statement triggers once per table and event).
 * Falsy entries are skipped; none runs nothing. Errors of any write fail the whole statement
 * (and, inside `db.transaction`, the transaction).
 *
 * With `guard`, an optimistic write: the first write is an UPDATE … RETURNING whose WHERE keeps
 * only the rows as they were read (e.g. projectRowsUnchanged), and unless it changes exactly
 * `guard.rows` rows the statement raises 40001 (expect_rows, migration 0031) and, being one
 * statement, writes nothing. Outside a transaction that is one round trip with its own implicit
 * transaction: no BEGIN, lock or COMMIT (decision 022). Retry with `optimistic`.
 */
export async function writeTogether(
  db: Pick<Db, 'execute'>,
  writes: readonly PendingWrite[],
  guard?: { rows: number },
): Promise<void> {
  const statements = writes.filter((w): w is SQLWrapper => Boolean(w)).map((w) => w.getSQL())
  if (!statements.length) return
  if (statements.length === 1 && !guard) {
    await db.execute(statements[0])
    return
  }
  const ctes = sql.join(
    statements.map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement})`),
    sql`, `,
  )
  await db.execute(
    guard ? sql`WITH ${ctes} SELECT expect_rows((SELECT count(*) FROM w0), ${guard.rows})` : sql`WITH ${ctes} SELECT 1`,
  )
}

/**
 * SQLSTATEs after which an optimistic write is tried again: 40001 serialization_failure (raised by
 * expect_rows(), migration 0031, when a guarded writeTogether found a row changed since it was read) and
 * 40P01 deadlock_detected. PostgreSQL manual, 13.4 "Serialization Failure Handling".
 */
const RETRYABLE = ['40001', '40P01']
/** Attempts of an optimistic write: OPTIMISTIC_ATTEMPTS - 1 without a lock, the last with the rows locked. */
export const OPTIMISTIC_ATTEMPTS = 5
/** The 409 when even the locked last attempt of an optimistic write conflicts (a deadlock). */
export const CHANGED_WHILE_SAVING = 'The data changed while saving; try again'

/** True when `error` or one of its causes (drizzle wraps driver errors) has a retryable SQLSTATE. */
export const isRetryableConflict = (error: unknown): boolean => hasErrorCode(error, ...RETRYABLE)

/** Where an attempt of `optimistic` reads and writes: the pool without locks, or on the last attempt a transaction that locks the rows it reads. */
export type WriteAttempt = { db: Db; lock: boolean }

/**
 * Run `attempt` (read rows, then one guarded write) again while it fails with a retryable
 * conflict (isRetryableConflict): the first OPTIMISTIC_ATTEMPTS - 1 times optimistically (`{ db,
 * lock: false }`: no transaction, no lock), then once inside a transaction with `lock: true`, in
 * which the attempt reads its rows FOR UPDATE, so no other writer can change them between its
 * read and its write and it goes through (a writer that keeps losing the race to others on a
 * busy row is not refused). 409 CHANGED_WHILE_SAVING only when that last attempt still conflicts
 * (a deadlock with another writer, 40P01). Other errors pass through at once.
 */
export async function optimistic<T>(db: Db, attempt: (write: WriteAttempt) => Promise<T>): Promise<T> {
  for (let tries = 1; tries < OPTIMISTIC_ATTEMPTS; tries++) {
    try {
      return await attempt({ db, lock: false })
    } catch (error) {
      if (!isRetryableConflict(error)) throw error
    }
  }
  try {
    return await db.transaction((tx) => attempt({ db: tx, lock: true }))
  } catch (error) {
    if (isRetryableConflict(error)) throw conflict(CHANGED_WHILE_SAVING)
    throw error
  }
}

/**
 * A statement built once per database handle and sent as a named prepared statement: `build(db,
 * name)` makes it (drizzle's `.prepare(name)` with `sql.placeholder`s for the values) on the first
 * call for `db`; later calls answer the same object. drizzle then skips building the SQL, and
 * node-postgres parses the statement once per pooled connection, after which PostgreSQL reuses
 * its plan (PostgreSQL manual, PREPARE: a generic plan once it costs no more than custom ones).
 * Under load, planning was 40% of a list page's time in PostgreSQL, and building SQL 11% of the
 * server's CPU (decision 022). PGlite runs it as an ordinary statement. `name` must be
 * unique per SQL text (node-postgres refuses one name for two texts on a connection); for
 * statements whose shape varies, call this once per shape with the shape in the name.
 */
export function preparedPer<T>(name: string, build: (db: Db, name: string) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>()
  return (db) => {
    let statement = byDb.get(db)
    if (!statement) {
      statement = build(db, name)
      byDb.set(db, statement)
    }
    return statement
  }
}
