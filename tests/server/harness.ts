/**
 * Server test harness: a throwaway database (in-memory PGlite, or a fresh randomly named database
 * on the PostgreSQL server at 127.0.0.1:5432 when `TEST_PG` is reachable), the real app, and a
 * recording mailer. `signIn()` performs the real OTP flow and returns an access token.
 *
 * Use `describeEachDatabase('name', (ctx) => { ... })` to run a suite against both databases.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import { createApp, type App } from '../../server/app'
import { ensureAdmin } from '../../server/bootstrap'
import { openDatabase, type Database } from '../../server/db/client'
import type { AppConfig, AppDeps } from '../../server/deps'
import { loadEnv } from '../../server/env'
import type { MailMessage } from '../../server/services/mail'
import { createEmptyPgDatabase, PG_ADMIN_URL } from '../fixtures/pg-database'

export { PG_ADMIN_URL }
export const ADMIN_EMAIL = 'admin@example.com'

export type TestContext = {
  app: App
  /** The app's deps (`app.deps`): its database, clock and per-app state. */
  deps: AppDeps
  database: Database
  dataDir: string
  /** Every mail sent, newest last. */
  mails: MailMessage[]
  /** Move the injected clock forward by `ms`. */
  advance: (ms: number) => void
  close: () => Promise<void>
}

/** True when the PostgreSQL server answers (tests against it are skipped otherwise). */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

/**
 * A migrated database nobody else sees: in-memory PGlite, or a new randomly named database on
 * the PostgreSQL server; `drop()` closes it and removes it. `migrationsFolder` as in openDatabase.
 */
export async function openThrowawayDatabase(kind: 'pglite' | 'postgres', migrationsFolder?: string) {
  if (kind === 'pglite') {
    const database = await openDatabase({ memory: true, migrationsFolder })
    return { database, drop: () => database.close() }
  }
  const empty = await createEmptyPgDatabase()
  const database = await openDatabase({ databaseUrl: empty.url, poolSize: 8, migrationsFolder })
  return {
    database,
    drop: async () => {
      await database.close()
      await empty.drop()
    },
  }
}

/**
 * Registers a `beforeAll` opening a throwaway migrated database of `kind` for the enclosing
 * describe and an `afterAll` dropping it; the returned getter reads it inside tests.
 */
export function useThrowawayDatabase(kind: 'pglite' | 'postgres'): () => Database {
  let database: Database | undefined
  let drop = async () => {}
  beforeAll(async () => {
    ;({ database, drop } = await openThrowawayDatabase(kind))
  })
  afterAll(() => drop())
  return () => {
    if (!database) throw new Error('useThrowawayDatabase: the database is opened in beforeAll')
    return database
  }
}

/**
 * Build a context on PGlite (`kind: 'pglite'`) or on a new PostgreSQL database (`'postgres'`).
 * `options.now` fixes the app's clock (then `advance` moves it from there); `options.config`
 * overrides parts of the app's config (e.g. `storage`: an S3 driver on a local S3 server).
 */
export async function createTestContext(
  kind: 'pglite' | 'postgres' = 'pglite',
  options: { now?: Date; config?: Partial<AppConfig> } = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-test-'))
  const { database, drop: dropDatabase } = await openThrowawayDatabase(kind)
  await ensureAdmin(database.db, ADMIN_EMAIL)
  const mails: MailMessage[] = []
  let offset = 0
  const env = loadEnv({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    SEED: 'none',
    PORT: '0',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
  })
  const config: AppConfig = {
    db: database.db,
    env,
    jwtSecret: new Uint8Array(crypto.randomBytes(32)),
    mailer: { send: async (m) => void mails.push(m) },
    now: () => new Date((options.now?.getTime() ?? Date.now()) + offset),
    ...options.config,
  }
  const app = createApp(config)
  return {
    app,
    deps: app.deps,
    database,
    dataDir,
    mails,
    advance: (ms) => void (offset += ms),
    close: async () => {
      await dropDatabase()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** JSON request helper: `call(ctx, 'POST', '/api/x', body, token)` → { status, body }. */
export async function call(
  ctx: TestContext,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const res = await ctx.app.request(url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-forwarded-for': '10.0.0.1',
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed }
}

/** The 6-digit code from the newest mail to `email`. */
export function lastCode(ctx: TestContext, email = ADMIN_EMAIL): string {
  const mail = [...ctx.mails].reverse().find((m) => m.to === email)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no OTP mail for ${email}`)
  return code
}

/** Real OTP sign-in; returns the token pair. */
export async function signIn(ctx: TestContext, email = ADMIN_EMAIL, ip = '10.0.0.1') {
  const sent = await call(ctx, 'POST', '/api/auth/send-otp', { email }, undefined, { 'x-forwarded-for': ip })
  if (sent.status !== 200) throw new Error(`send-otp ${sent.status}: ${JSON.stringify(sent.body)}`)
  const verified = await call(ctx, 'POST', '/api/auth/verify-otp', {
    email,
    otp: lastCode(ctx, email),
    sessionToken: sent.body.sessionToken,
  })
  if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}: ${JSON.stringify(verified.body)}`)
  return verified.body.tokens as { accessToken: string; refreshToken: string }
}

/**
 * Whether the PostgreSQL half of the suites runs. It does unless `TEST_PG=off` is set on purpose
 * (a machine without the server); an unreachable server is then a failing test, not a skip.
 */
export const POSTGRES_TESTS = process.env.TEST_PG !== 'off'

/**
 * Run `suite` once on PGlite and once on PostgreSQL at PG_ADMIN_URL (which must answer; see
 * POSTGRES_TESTS). `get()` returns the live context inside tests.
 */
export function describeEachDatabase(name: string, suite: (get: () => TestContext) => void) {
  const kinds = POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)
  for (const kind of kinds) {
    describe(`${name} [${kind}]`, () => {
      let ctx: TestContext | undefined
      beforeAll(async () => {
        if (kind === 'postgres' && !(await postgresReachable())) {
          throw new Error(
            `PostgreSQL at ${PG_ADMIN_URL} does not answer: start it, or set TEST_PG=off to test PGlite only`,
          )
        }
        ctx = await createTestContext(kind)
      })
      afterAll(async () => {
        await ctx?.close()
      })
      suite(() => ctx!)
    })
  }
}
