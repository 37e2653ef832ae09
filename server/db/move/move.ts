/**
 * `db:move`: copy the embedded PGlite database into an empty PostgreSQL database. The
 * target's schema is built by this build's migrations (openDatabase), never from a dump; the rows
 * then go over in one target transaction, table by table in foreign-key order, as COPY text read
 * from PGlite in ctid-range chunks (`COPY (SELECT …) TO '/dev/blob'`) and written with
 * pg-copy-streams. User triggers are disabled inside that transaction, so the copy writes no audit
 * rows, bumps no table version, recounts nothing: the counter tables and table_versions are copied
 * like the rest. Any failure rolls the copy back and drops what the migrations made.
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { openDatabase, type Database } from '../client'
import {
  assertTargetEmpty,
  dropMigratedSchema,
  ident,
  publicSequences,
  tablesInCopyOrder,
  type CopyTable,
  type SequenceInfo,
} from './catalog'

/** Rows of one table on each side after the copy. */
export type TableCount = { table: string; source: number; target: number }

/** What a successful move did: per-table counts, migrations in the (shared) history, seconds taken. */
export type MoveResult = { tables: TableCount[]; migrations: number; seconds: number }

/** The row counts differ after the copy (the copy was rolled back); `counts` has every table. */
export class MoveMismatchError extends Error {
  constructor(readonly counts: TableCount[]) {
    const bad = counts.filter((c) => c.source !== c.target).map((c) => `${c.table} ${c.source} → ${c.target}`)
    super(`Row counts differ after the copy (${bad.join(', ')}); nothing was kept in the target.`)
    this.name = 'MoveMismatchError'
  }
}

/** Heap blocks (8 kB) per COPY chunk read from PGlite: ~8 MB of table at a time in memory. */
const CHUNK_BLOCKS = 1024

/** The table's rows as COPY text, one chunk per ctid range of CHUNK_BLOCKS heap blocks. */
async function* copyChunks(pglite: PGlite, table: CopyTable): AsyncGenerator<Uint8Array> {
  const {
    rows: [{ blocks }],
  } = await pglite.query<{ blocks: number }>(
    `SELECT (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int AS blocks`,
    [ident(table.name)],
  )
  const columns = table.columns.map(ident).join(', ')
  for (let start = 0; start < blocks; start += CHUNK_BLOCKS) {
    const result =
      await pglite.query(`COPY (SELECT ${columns} FROM ${ident(table.name)} WHERE ctid >= '(${start},0)'::tid
      AND ctid < '(${start + CHUNK_BLOCKS},0)'::tid) TO '/dev/blob'`)
    if (result.blob?.size) yield new Uint8Array(await result.blob.arrayBuffer())
  }
}

async function copyTable(pglite: PGlite, client: pg.PoolClient, table: CopyTable): Promise<void> {
  const into = client.query(copyFrom(`COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) FROM STDIN`))
  await pipeline(Readable.from(copyChunks(pglite, table)), into)
}

/** Set a target sequence to the source's position, or past the column's max if that is higher. */
async function setSequence(pglite: PGlite, client: pg.PoolClient, seq: SequenceInfo): Promise<void> {
  const {
    rows: [state],
  } = await pglite.query<{ last: string; called: boolean }>(
    `SELECT last_value::text AS last, is_called AS called FROM ${ident(seq.name)}`,
  )
  let [value, called] = [BigInt(state.last), state.called]
  if (seq.table && seq.column) {
    const {
      rows: [{ max }],
    } = await client.query<{ max: string | null }>(
      `SELECT max(${ident(seq.column)})::text AS max FROM ${ident(seq.table)}`,
    )
    if (max !== null && BigInt(max) >= value) [value, called] = [BigInt(max), true]
  }
  await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [ident(seq.name), value.toString(), called])
}

/** Both sides ran the same migrations (hash and time of each); returns how many. */
async function assertSameHistory(pglite: PGlite, client: pg.PoolClient): Promise<number> {
  const query = 'SELECT hash, created_at::text AS at FROM drizzle.__drizzle_migrations ORDER BY id'
  const source = JSON.stringify((await pglite.query(query)).rows)
  const target = (await client.query(query)).rows
  if (source !== JSON.stringify(target)) {
    throw new Error('The migration histories differ: the DATA_DIR was migrated by another build than this one.')
  }
  return target.length
}

const count = async (run: (text: string) => Promise<{ rows: unknown[] }>, table: string) =>
  ((await run(`SELECT count(*)::int AS n FROM ${ident(table)}`)).rows[0] as { n: number }).n

/** The copy itself: one transaction on `client`, triggers off, counts checked before COMMIT. */
async function copyAll(pglite: PGlite, client: pg.PoolClient, log: (line: string) => void): Promise<TableCount[]> {
  const tables = await tablesInCopyOrder(client)
  const sequences = await publicSequences(client)
  await client.query('BEGIN')
  try {
    for (const { name } of tables) await client.query(`ALTER TABLE ${ident(name)} DISABLE TRIGGER USER`)
    // The rows the migrations wrote (table_versions, the list counters) give way to the source's.
    for (const { name } of [...tables].reverse()) await client.query(`DELETE FROM ${ident(name)}`)
    for (const table of tables) {
      const started = performance.now()
      await copyTable(pglite, client, table)
      log(`  copied ${table.name} in ${Math.round(performance.now() - started)} ms`)
    }
    for (const seq of sequences) await setSequence(pglite, client, seq)
    const counts: TableCount[] = []
    for (const { name } of tables) {
      counts.push({
        table: name,
        source: await count((q) => pglite.query(q), name),
        target: await count((q) => client.query(q), name),
      })
    }
    for (const { name } of tables) await client.query(`ALTER TABLE ${ident(name)} ENABLE TRIGGER USER`)
    if (counts.some((c) => c.source !== c.target)) throw new MoveMismatchError(counts)
    await client.query('COMMIT')
    return counts
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

/**
 * Copy the PGlite database `source` (opened and migrated by openDatabase, its DATA_DIR locked by
 * the caller) into the empty PostgreSQL database at `targetUrl`. Throws TargetNotEmptyError before
 * touching a non-empty target, MoveMismatchError when counts differ; on any failure the target is
 * left empty again. `log` receives progress lines.
 */
export async function moveDatabase(opts: {
  source: Database
  targetUrl: string
  log?: (line: string) => void
}): Promise<MoveResult> {
  const { pglite } = opts.source
  if (!pglite) throw new Error('db:move copies from the embedded PGlite database; the source is PostgreSQL')
  const log = opts.log ?? (() => {})
  const started = performance.now()
  const admin = new pg.Client({ connectionString: opts.targetUrl })
  await admin.connect()
  try {
    const baseline = await assertTargetEmpty(admin)
    let target: Database | undefined
    try {
      log('Creating the schema on the target (migrations)…')
      target = await openDatabase({ databaseUrl: opts.targetUrl, poolSize: 2 })
      const client = await target.pool!.connect()
      try {
        const migrations = await assertSameHistory(pglite, client)
        const tables = await copyAll(pglite, client, log)
        return { tables, migrations, seconds: (performance.now() - started) / 1000 }
      } finally {
        client.release()
      }
    } catch (error) {
      await target?.close()
      target = undefined
      // Keep the copy's error; a failed clean-up is reported beside it.
      await dropMigratedSchema(admin, baseline).catch((dropError: unknown) =>
        log(`Could not drop the migrated schema from the target: ${(dropError as Error).message}`),
      )
      throw error
    } finally {
      await target?.close()
    }
  } finally {
    await admin.end()
  }
}
