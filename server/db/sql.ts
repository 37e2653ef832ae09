/**
 * SQL helpers shared by queries. `qualified(column)` renders `"table"."column"` for a correlated
 * subquery inside a select field. drizzle writes a bare column there without its table when the
 * query reads one table, and inside the subquery that name would bind to the subquery's own table
 * (a project's images compared with the image's own id: every project came back without images).
 */
import { getTableName, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** `"table"."column"` for `column`, whatever the surrounding query reads. */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`
}

/** Escape `%`, `_` and backslash so a search term matches literally inside `LIKE '%…%'`. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}
