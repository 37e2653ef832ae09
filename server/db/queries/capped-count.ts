/**
 * Counting the rows of a filtered list up to a cap (FILTERED_TOTAL_CAP in src/api/schemas/orders.ts):
 * `count(*)` over a LIMITed subquery, so a broad search stops at the cap instead of counting a
 * million matches.
 */
import { count, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../client'

/** The number of rows of `table` matching `where`, counted up to `limit` rows: one statement. */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, limit: number): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(limit)
    .as('matching')
  const [row] = await db.select({ n: count() }).from(matching)
  return row.n
}
