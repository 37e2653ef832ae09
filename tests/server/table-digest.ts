/**
 * A digest of every table's contents, to prove a request changed nothing (the authorization and
 * fuzz tests): one md5 per table of its rows as text in a stable order, in one statement. The
 * table names are read from the catalogue once per database.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { rawRows } from '../../server/db/sql'

const tablesOf = new WeakMap<Db, Promise<string[]>>()

/** JSON of `[{ t: table, d: md5 }]` for every public table of `db` but `except`. */
export async function tablesDigest(db: Db, except: readonly string[] = []): Promise<string> {
  if (!tablesOf.has(db)) {
    tablesOf.set(
      db,
      rawRows<{ name: string }>(
        db,
        sql`SELECT tablename AS name FROM pg_tables
      WHERE schemaname = 'public' ORDER BY 1`,
      ).then((rows) => rows.map((r) => r.name)),
    )
  }
  const tables = (await tablesOf.get(db)!).filter((t) => !except.includes(t))
  const query = tables
    .map((t) => `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM "${t}" x`)
    .join(' UNION ALL ')
  return JSON.stringify(await rawRows(db, sql.raw(query)))
}
