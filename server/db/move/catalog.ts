/**
 * What `db:move` reads from the target's catalog (pg_catalog) once the migrations have built its
 * schema: the tables in foreign-key order with their copyable columns, the sequences, and whether
 * the target was empty before. Deriving all of it from the migrated database keeps the move in step
 * with the schema without a hand-kept list of tables.
 */
import type pg from 'pg'

/** A table to copy: its name and the columns COPY may write (generated and dropped ones left out). */
export type CopyTable = { name: string; columns: string[] }

/** A sequence of the public schema, with the column that owns it (serial/identity) if any. */
export type SequenceInfo = { name: string; table: string | null; column: string | null }

/** What was in the target before the migrations ran: their objects are kept by `dropMigratedSchema`. */
export type TargetBaseline = { functions: string[]; types: string[] }

/** The target already holds tables or a migration history; db:move only fills an empty database. */
export class TargetNotEmptyError extends Error {
  constructor(database: string, tables: string[], migrations: number) {
    const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '')
    super(
      `The target database "${database}" is not empty (${tables.length} table(s) in schema public${shown ? `: ${shown}` : ''}; ` +
        `${migrations} applied migration(s)). db:move only fills an empty database: create a new one ` +
        '(e.g. `createdb console`) or drop its tables, then run it again.',
    )
    this.name = 'TargetNotEmptyError'
  }
}

/** `"name"` quoted as an SQL identifier. */
export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`

/**
 * Throw TargetNotEmptyError unless the target has no relation in schema public and no drizzle
 * migration history; returns the functions and types already there (kept on a failed move).
 */
export async function assertTargetEmpty(client: pg.ClientBase): Promise<TargetBaseline> {
  const { rows: tables } = await client.query<{ name: string }>(`SELECT c.relname AS name FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
    ORDER BY 1`)
  const {
    rows: [{ history }],
  } = await client.query<{ history: string | null }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS history`,
  )
  const migrations = history
    ? Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows[0].n)
    : 0
  if (tables.length || history) {
    const {
      rows: [{ db }],
    } = await client.query<{ db: string }>('SELECT current_database() AS db')
    throw new TargetNotEmptyError(
      db,
      tables.map((t) => t.name),
      migrations,
    )
  }
  const oids = async (query: string) => (await client.query<{ oid: string }>(query)).rows.map((r) => r.oid)
  return {
    functions: await oids(`SELECT p.oid::text AS oid FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'`),
    types: await oids(`SELECT t.oid::text AS oid FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public'`),
  }
}

/**
 * The public tables ordered so that every table comes after the tables its foreign keys point to
 * (self-references ignored); throws when the keys form a cycle between tables.
 */
export async function tablesInCopyOrder(client: pg.ClientBase): Promise<CopyTable[]> {
  const { rows: columns } = await client.query<{ tbl: string; col: string }>(`SELECT c.relname AS tbl, a.attname AS col
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attnum > 0
      AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY c.relname, a.attnum`)
  const { rows: keys } = await client.query<{ child: string; parent: string }>(`SELECT DISTINCT
    c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c
    JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'`)
  const tables = new Map<string, string[]>()
  for (const { tbl, col } of columns) tables.set(tbl, [...(tables.get(tbl) ?? []), col])
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"')
  const parents = new Map<string, Set<string>>([...tables.keys()].map((t) => [t, new Set<string>()]))
  for (const { child, parent } of keys) {
    if (child !== parent) parents.get(unquote(child))?.add(unquote(parent))
  }
  const ordered: CopyTable[] = []
  const done = new Set<string>()
  while (done.size < tables.size) {
    const ready = [...tables.keys()].filter((t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p)))
    if (!ready.length) {
      throw new Error(`Foreign keys form a cycle among: ${[...tables.keys()].filter((t) => !done.has(t)).join(', ')}`)
    }
    for (const name of ready) {
      done.add(name)
      ordered.push({ name, columns: tables.get(name)! })
    }
  }
  return ordered
}

/** Every sequence of schema public with its owning column (serial, bigserial, identity) when owned. */
export async function publicSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } =
    await client.query<SequenceInfo>(`SELECT s.relname AS name, t.relname AS "table", a.attname AS "column"
    FROM pg_class s JOIN pg_namespace n ON n.oid = s.relnamespace
    LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.deptype IN ('a', 'i')
      AND d.refclassid = 'pg_class'::regclass
    LEFT JOIN pg_class t ON t.oid = d.refobjid
    LEFT JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
    WHERE s.relkind = 'S' AND n.nspname = 'public' ORDER BY s.relname`)
  return rows
}

/**
 * Undo the migrations on a target that was empty (a failed move): drop the drizzle history, every
 * public table, sequence and view, and the functions and types not in `baseline` nor owned by an
 * extension. Leaves the target as `assertTargetEmpty` found it (pg_trgm stays installed).
 */
export async function dropMigratedSchema(client: pg.ClientBase, baseline: TargetBaseline): Promise<void> {
  const notExtension = (cls: string, oid: string) => `NOT EXISTS (SELECT 1 FROM pg_depend e
    WHERE e.classid = '${cls}'::regclass AND e.objid = ${oid} AND e.deptype = 'e')`
  const { rows } = await client.query<{ stmt: string }>(
    `
    SELECT format('DROP TABLE IF EXISTS public.%I CASCADE', tablename) AS stmt FROM pg_tables WHERE schemaname = 'public'
    UNION ALL SELECT format('DROP SEQUENCE IF EXISTS public.%I CASCADE', sequencename) FROM pg_sequences WHERE schemaname = 'public'
    UNION ALL SELECT format('DROP FUNCTION IF EXISTS %s CASCADE', p.oid::regprocedure) FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND NOT (p.oid::text = ANY($1::text[]))
      AND ${notExtension('pg_proc', 'p.oid')}
    UNION ALL SELECT format('DROP TYPE IF EXISTS %s CASCADE', t.oid::regtype) FROM pg_type t
      JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r')
      AND NOT (t.oid::text = ANY($2::text[])) AND ${notExtension('pg_type', 't.oid')}`,
    [baseline.functions, baseline.types],
  )
  await client.query('BEGIN')
  try {
    for (const { stmt } of rows) await client.query(stmt)
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE')
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  }
}
