/**
 * SQL helpers shared by queries. `qualified(column)` renders `"table"."column"` for a correlated
 * subquery inside a select field. drizzle writes a bare column there without its table when the
 * query reads one table, and inside the subquery that name would bind to the subquery's own table
 * (a project's images compared with the image's own id: every project came back without images).
 * `rawRows(db, query)` runs a raw statement and answers its rows on either driver.
 * `preparedPer(name, build)` keeps one prepared statement per database handle. Writes go through
 * db/write.ts.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm'
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
