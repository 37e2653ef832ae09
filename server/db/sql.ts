/**
 * SQL helpers shared by queries. `qualified(column)` renders `"table"."column"` for a correlated
 * subquery inside a select field. drizzle writes a bare column there without its table when the
 * query reads one table, and inside the subquery that name would bind to the subquery's own table
 * (a project's images compared with the image's own id: every project came back without images).
 * `rawRows(db, query)` runs a raw statement and answers its rows on either driver.
 * `writeTogether(db, writes)` sends independent writes as one statement.
 */
import { getTableName, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
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
 * …) SELECT 1`): one round trip to the database instead of one per write (BENCHMARKS.md "Load":
 * a round trip costs the server more CPU than most of these statements cost PostgreSQL). Each
 * runs exactly once and to completion, all on the statement's one snapshot, so none sees the
 * others' rows: only for writes that do not depend on each other's effects and never change the
 * same row twice (PostgreSQL manual, 7.8.4 "Data-Modifying Statements in WITH"). Triggers fire as
 * for separate statements (row triggers per row, statement triggers once per table and event).
 * Falsy entries are skipped; a single write runs as itself; none runs nothing. Errors of any
 * write fail the whole statement (and, inside `db.transaction`, the transaction).
 */
export async function writeTogether(db: Pick<Db, 'execute'>, writes: readonly PendingWrite[]): Promise<void> {
  const statements = writes.filter((w): w is SQLWrapper => Boolean(w)).map((w) => w.getSQL())
  if (!statements.length) return
  if (statements.length === 1) {
    await db.execute(statements[0])
    return
  }
  const ctes = sql.join(statements.map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement})`), sql`, `)
  await db.execute(sql`WITH ${ctes} SELECT 1`)
}
