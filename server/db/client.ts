/**
 * Opens the database: embedded PGlite in `DATA_DIR/db` by default, or PostgreSQL when a
 * DATABASE_URL is given, applies the drizzle-kit migrations, and returns one drizzle handle
 * typed by the schema. Both drivers share the PgDatabase API, so routes never branch on it.
 */
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema'

export type Schema = typeof schema
/** The drizzle handle used everywhere; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The raw pg Pool when on PostgreSQL (COPY for bulk seeding); undefined on PGlite. */
  pool?: pg.Pool
  /** The raw PGlite instance when embedded. */
  pglite?: PGlite
  close: () => Promise<void>
}

/**
 * Pool size when none is given: 2 connections per CPU core, at least 4. The list queries are
 * CPU-bound inside PostgreSQL; on the 2-core machine 4 connections served 32 concurrent clients
 * at twice the throughput of 20 and a quarter of the p99 (BENCHMARKS.md, projects list).
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * os.availableParallelism())
}

/** The drizzle-kit migrations (SQL files and meta/_journal.json). */
export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * True when the PostgreSQL database of `pool` has run every migration of `folder` (drizzle's own
 * record: the newest `created_at` of drizzle.__drizzle_migrations against the journal's newest).
 * Then a server needs no DDL rights at all: it may run as a role that owns nothing (SECURITY.md
 * "Audit"), while the owner applies migrations with `npm run db:migrate`.
 */
async function migrationsApplied(pool: pg.Pool, folder: string): Promise<boolean> {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder: folder }).map((m) => m.folderMillis))
  const {
    rows: [table],
  } = await pool.query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  )
  if (!table.present) return false
  const {
    rows: [last],
  } = await pool.query<{ at: string | null }>('SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations')
  return last.at !== null && Number(last.at) >= newest
}

/**
 * Apply the migrations of `folder` (default: all of this build's) that `database` has not run yet.
 * Throws when they fail; on PostgreSQL, a role without the rights to apply pending migrations gets
 * an error saying to run them as the owner.
 */
export async function migrateDatabase(database: Database, folder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.pglite) return void (await migratePglite(database.db as never, { migrationsFolder: folder }))
  if (database.pool && (await migrationsApplied(database.pool, folder))) return
  try {
    await migratePg(database.db as never, { migrationsFolder: folder })
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code
    if (code !== '42501') throw error
    throw new Error(
      'Database migrations are pending and this role may not apply them: run `npm run db:migrate` with ' +
        'DATABASE_URL of the role that owns the tables (SECURITY.md "Audit")',
      { cause: error },
    )
  }
}

/**
 * Open and migrate. `dataDir` is where PGlite keeps its files (`<dataDir>/db`); pass
 * `memory: true` for an in-memory PGlite (tests). `migrationsFolder` (tests of a migration)
 * applies another set than this build's. Throws if migrations fail.
 */
export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir?: string
  memory?: boolean
  poolSize?: number
  migrationsFolder?: string
}): Promise<Database> {
  const migrationsFolder = opts.migrationsFolder ?? MIGRATIONS_FOLDER
  if (opts.databaseUrl) {
    // connectionTimeoutMillis: while PostgreSQL is unreachable a request fails (503, app.ts) within
    // 5 s instead of waiting for the OS's TCP timeout; broken clients are dropped by the pool and
    // new ones are opened on demand, so the API recovers by itself when the server is back.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? defaultPoolSize(),
      connectionTimeoutMillis: 5000,
    })
    // An idle client whose backend goes away (server restart, DROP DATABASE ... WITH (FORCE) in
    // tests) emits 'error' on the pool; unhandled, that would crash the process.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error('PostgreSQL idle client error:', error.message)
    })
    // A checked-out client (a transaction between statements) whose connection drops emits
    // 'error' with no pool listener attached: unhandled, that kills the process. The statement in
    // flight fails on its own (503, app.ts) and the pool drops the broken client on release.
    pool.on('connect', (client) => {
      client.on('error', () => {})
    })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    const database: Database = { db, kind: 'postgres', pool, close: () => pool.end() }
    await migrateDatabase(database, migrationsFolder)
    return database
  }
  const dir = opts.memory ? undefined : path.join(opts.dataDir ?? './data', 'db')
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } })
  await pglite.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  const db = drizzlePglite(pglite, { schema }) as unknown as Db
  const database: Database = { db, kind: 'pglite', pglite, close: () => pglite.close() }
  await migrateDatabase(database, migrationsFolder)
  return database
}
