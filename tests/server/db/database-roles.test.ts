/**
 * The servers may run as a role that owns nothing (SECURITY.md "Audit"), on PostgreSQL: the owner
 * applies the migrations (`npm run db:migrate`) and grants server/db/roles/grant-app-role.sql;
 * a server connecting as the app role starts without DDL rights, signs an admin in and writes
 * (audit rows included); as that role the audit log can be neither truncated, nor emptied, nor
 * have its triggers disabled, nor dropped, which its owner could do.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAdmin } from '../../../server/bootstrap'
import { openDatabase, type Database } from '../../../server/db/client'
import { auditLog } from '../../../server/db/schema'
import { createEmptyPgDatabase, PG_ADMIN_URL, runStatements } from '../../fixtures/pg-database'
import { ADMIN_EMAIL, call, createTestContext, POSTGRES_TESTS, signIn, type TestContext } from '../harness'

const GRANTS = path.join(import.meta.dirname, '../../../server/db/roles/grant-app-role.sql')

/** `url` with `user` as its user name. */
const as = (url: string, user: string) => Object.assign(new URL(url), { username: user }).toString()

/** The SQLSTATE and message PostgreSQL answers `statement` with at `url`, or 'done'. */
async function attempt(url: string, statement: string): Promise<string> {
  try {
    await runStatements(url, statement)
    return 'done'
  } catch (error) {
    const { code, message } = error as { code: string; message: string }
    return `${code} ${message}`
  }
}

describe.runIf(POSTGRES_TESTS)('servers as a role that owns nothing (PostgreSQL)', () => {
  const suffix = crypto.randomBytes(4).toString('hex')
  const owner = `console_owner_${suffix}`
  const app = `console_app_${suffix}`
  let database: Awaited<ReturnType<typeof createEmptyPgDatabase>>
  let appDatabase: Database
  let ctx: TestContext

  beforeAll(async () => {
    await runStatements(PG_ADMIN_URL, `CREATE ROLE ${owner} LOGIN; CREATE ROLE ${app} LOGIN`)
    database = await createEmptyPgDatabase()
    await runStatements(
      database.url,
      `ALTER DATABASE ${database.name} OWNER TO ${owner}; ALTER SCHEMA public OWNER TO ${owner};
      CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    )
    const owned = await openDatabase({ databaseUrl: as(database.url, owner), poolSize: 1 })
    await ensureAdmin(owned.db, ADMIN_EMAIL)
    await owned.close()
    // The grant file as psql would run it, :"app_role" being the quoted role name.
    const grants = (await fs.readFile(GRANTS, 'utf8')).replaceAll(':"app_role"', `"${app}"`)
    await runStatements(as(database.url, owner), grants)
    appDatabase = await openDatabase({ databaseUrl: as(database.url, app), poolSize: 2 })
    ctx = await createTestContext('pglite', { config: { db: appDatabase.db } })
  })
  afterAll(async () => {
    await ctx?.close()
    await appDatabase?.close()
    await database?.drop()
    await runStatements(PG_ADMIN_URL, `DROP ROLE IF EXISTS ${app}; DROP ROLE IF EXISTS ${owner}`)
  })

  it('starts without DDL rights and serves sign-in and writes', async () => {
    const { accessToken } = await signIn(ctx)
    const created = await call(
      ctx,
      'POST',
      '/api/projects/create',
      { title: 'Owned by nobody', description: 'x', price: 10 },
      accessToken,
    )
    expect(created.status).toBe(201)
    const verified = await call(
      ctx,
      'PUT',
      `/api/projects/${created.body.project._id}/verify`,
      { status: 'approved', notes: 'ok' },
      accessToken,
    )
    expect(verified.status).toBe(200)
    const [{ n }] = await appDatabase.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
    expect(n).toBeGreaterThan(0)
  })

  it('cannot truncate, empty, unguard or drop the audit log; its owner could unguard it', async () => {
    const appUrl = as(database.url, app)
    expect(await attempt(appUrl, 'TRUNCATE audit_log')).toBe('42501 permission denied for table audit_log')
    expect(await attempt(appUrl, 'DELETE FROM audit_log')).toBe('42501 audit_log is append-only: DELETE refused')
    expect(await attempt(appUrl, 'ALTER TABLE audit_log DISABLE TRIGGER USER')).toBe(
      '42501 must be owner of table audit_log',
    )
    expect(await attempt(appUrl, 'DROP TABLE audit_log')).toBe('42501 must be owner of table audit_log')
    const client = new pg.Client({ connectionString: as(database.url, owner) })
    await client.connect()
    try {
      // What the owner can do, in a transaction rolled back: why the servers must not connect as it.
      await client.query('BEGIN')
      await client.query('ALTER TABLE audit_log DISABLE TRIGGER USER')
      expect((await client.query('DELETE FROM audit_log')).rowCount).toBeGreaterThan(0)
      await client.query('ROLLBACK')
    } finally {
      await client.end()
    }
    expect((await appDatabase.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n).toBeGreaterThan(0)
  })
})
