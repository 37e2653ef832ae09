/**
 * SQL helpers shared by queries. `qualified(column)` renders `"table"."column"` for a correlated
 * subquery inside a select field. drizzle writes a bare column there without its table when the
 * query reads one table, and inside the subquery that name would bind to the subquery's own table
 * (a project's images compared with the image's own id: every project came back without images).
 * `rawRows(db, query)` runs a raw statement and answers its rows on either driver.
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
