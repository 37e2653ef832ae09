/**
 * Throwaway databases and in-process apps for benchmarks: an in-memory PGlite, or a randomly named
 * database on the PostgreSQL server at BENCH_PG_URL (dropped afterwards), like tests/server/harness.ts.
 */
import crypto from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../server/app'
import { ensureAdmin } from '../server/bootstrap'
import { openDatabase, type Database } from '../server/db/client'
import type { AppConfig } from '../server/deps'
import { loadEnv } from '../server/env'
import type { MailMessage } from '../server/services/mail'
import { createEmptyPgDatabase } from '../tests/fixtures/pg-database'

export type DatabaseKind = 'pglite' | 'postgres'
export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test'
export const BENCH_ADMIN_EMAIL = 'admin@example.com'

/**
 * A fresh migrated database without any user: in-memory PGlite, or `<prefix>_<random hex>` on the
 * PostgreSQL server at BENCH_PG_URL with `poolSize` connections (the server default when absent).
 * The caller closes `database`; `drop()` then removes the PostgreSQL database (no-op on PGlite).
 */
export async function createBenchDatabase(
  kind: DatabaseKind,
  options: { prefix?: string; poolSize?: number } = {},
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  if (kind === 'pglite') return { database: await openDatabase({ memory: true }), drop: async () => {} }
  const { url, drop } = await createEmptyPgDatabase(options.prefix ?? 'bench', BENCH_PG_URL)
  const database = await openDatabase({ databaseUrl: url, poolSize: options.poolSize })
  return { database, url, drop }
}

/** A fresh migrated database with the bootstrap admin (pool of 10 on PostgreSQL); `drop()` closes and removes it. */
export async function openBenchDatabase(
  kind: DatabaseKind,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const { database, drop } = await createBenchDatabase(kind, { poolSize: 10 })
  await ensureAdmin(database.db, BENCH_ADMIN_EMAIL)
  return {
    database,
    drop: async () => {
      await database.close()
      await drop()
    },
  }
}

/** The real app over `database`, with a recording mailer and TRUST_PROXY=1 (per-iteration IPs). */
export function benchApp(database: Database) {
  const mails: MailMessage[] = []
  const env = loadEnv({
    DATA_DIR: path.join(os.tmpdir(), 'console-bench'),
    ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
    SEED: 'none',
    PORT: '0',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
  })
  const deps: AppConfig = {
    db: database.db,
    env,
    jwtSecret: new Uint8Array(crypto.randomBytes(32)),
    mailer: { send: async (m) => void mails.push(m) },
    now: () => new Date(),
  }
  return { app: createApp(deps), deps, mails }
}
