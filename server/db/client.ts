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

/** Apply the migrations of `folder` (default: all of this build's) that `database` has not run yet. */
export async function migrateDatabase(database: Database, folder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.pglite) await migratePglite(database.db as never, { migrationsFolder: folder })
  else await migratePg(database.db as never, { migrationsFolder: folder })
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? defaultPoolSize(),
      connectionTimeoutMillis: 5000 })
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
