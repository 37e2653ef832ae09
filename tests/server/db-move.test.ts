/**
 * `db:move`: the demo data set of a DATA_DIR's PGlite, moved into a new randomly named
 * PostgreSQL database, arrives whole (counts per table, sample rows, generated columns, no extra
 * audit rows, sequences past their max, the migration history once), opens as the server opens
 * it, and a second move into it, a move beside a server, or a failing move are refused or undone.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAdmin, lockDataDir } from '../../server/bootstrap'
import { openDatabase } from '../../server/db/client'
import { MoveMismatchError, type MoveResult } from '../../server/db/move/move'
import { moveDataDir } from '../../server/db/move/move-data-dir'
import { nextSteps } from '../../server/db/move/report'
import { seedDemo } from '../../server/db/seed/seed'
import { loadDataKey } from '../../server/services/data-encryption'
import { createEmptyPgDatabase } from '../fixtures/pg-database'
import { ADMIN_EMAIL, postgresReachable } from './harness'

const pgUp = await postgresReachable()
const NOW = new Date('2026-11-20T12:00:00Z')

async function onServer<T extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

/** A new database on the test server: its URL and `drop()`. */
const createTarget = () => createEmptyPgDatabase('console_move')

type Sample = {
  users: unknown[]
  orders: unknown[]
  contacts: unknown[]
  counts: Record<string, number>
  maxAuditId: number
}
const SAMPLE = {
  users: `SELECT id, name, email, is_admin, bank_details FROM users WHERE email = '${ADMIN_EMAIL}' OR is_agent ORDER BY id LIMIT 3`,
  // bigint as text: PGlite and node-postgres parse it differently.
  orders: `SELECT id, order_id, total_amount_paise::text AS paise, user_id FROM orders
    ORDER BY total_amount_paise DESC, id LIMIT 3`,
  contacts: `SELECT id, status::text, is_read FROM contacts WHERE status IN ('new', 'replied') ORDER BY id LIMIT 4`,
}

describe.skipIf(!pgUp)('db:move from a DATA_DIR into PostgreSQL', () => {
  let dataDir: string
  let target: Awaited<ReturnType<typeof createTarget>>
  let result: MoveResult
  let source: Sample

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-move-'))
    const database = await openDatabase({ dataDir })
    await ensureAdmin(database.db, ADMIN_EMAIL)
    await seedDemo(database, {
      scale: 0.1,
      adminEmail: ADMIN_EMAIL,
      seed: 7,
      now: NOW,
      dataKey: loadDataKey({ DATA_DIR: dataDir }),
    })
    const q = async (text: string) => (await database.pglite!.query(text)).rows
    const tables = (await q(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)) as { tablename: string }[]
    const counts: Record<string, number> = {}
    for (const { tablename } of tables)
      counts[tablename] = ((await q(`SELECT count(*)::int AS n FROM "${tablename}"`))[0] as { n: number }).n
    source = {
      users: await q(SAMPLE.users),
      orders: await q(SAMPLE.orders),
      contacts: await q(SAMPLE.contacts),
      counts,
      maxAuditId: Number(((await q('SELECT max(id) AS m FROM audit_log'))[0] as { m: number }).m),
    }
    await database.close()
    target = await createTarget()
    result = await moveDataDir({ dataDir, targetUrl: target.url })
  })
  afterAll(async () => {
    await target?.drop()
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
  })
  const onTarget = <T extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    onServer<T>(target.url, text, values)

  it('copies every table with equal counts on both sides', async () => {
    expect(Object.fromEntries(result.tables.map((t) => [t.table, t.source]))).toEqual(source.counts)
    expect(result.tables.filter((t) => t.source !== t.target)).toEqual([])
    expect(source.counts.orders).toBeGreaterThan(100)
    for (const table of ['users', 'orders', 'payments', 'contacts', 'audit_log', 'table_versions']) {
      const [{ n }] = await onTarget<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
      expect(n, table).toBe(source.counts[table])
    }
  })

  it('keeps rows as they were: users, paise amounts, generated is_read, and no extra audit rows', async () => {
    expect(await onTarget(SAMPLE.users)).toEqual(source.users)
    expect(await onTarget(SAMPLE.orders)).toEqual(source.orders)
    const contacts = await onTarget<{ status: string; is_read: boolean }>(SAMPLE.contacts)
    expect(contacts).toEqual(source.contacts)
    expect(contacts.map((c) => c.is_read)).toEqual(contacts.map((c) => c.status !== 'new'))
    const [{ n }] = await onTarget<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')
    expect(n).toBe(source.counts.audit_log)
    expect(n).toBeGreaterThan(0)
  })

  it('leaves sequences past the copied ids and the triggers enabled', async () => {
    const client = new pg.Client({ connectionString: target.url })
    await client.connect()
    try {
      await client.query('BEGIN') // rolled back: the other tests see the moved rows only
      const {
        rows: [{ id }],
      } = await client.query<{ id: string }>(`INSERT INTO audit_log (action, entity_type)
        VALUES ('test.move', 'test') RETURNING id`)
      expect(Number(id)).toBe(source.maxAuditId + 1)
      await expect(client.query('DELETE FROM audit_log WHERE id = $1', [id])).rejects.toThrow(/append-only|audit/i)
    } finally {
      await client.query('ROLLBACK')
      await client.end()
    }
    expect(await onTarget(`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled <> 'O'`)).toEqual([])
  })

  it('opens with openDatabase: the migration history is there once and nothing re-runs', async () => {
    const before = await onTarget<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id')
    expect(before).toHaveLength(result.migrations)
    expect(new Set(before.map((r) => r.hash)).size).toBe(before.length)
    const database = await openDatabase({ databaseUrl: target.url, poolSize: 1 })
    await database.close()
    expect(await onTarget('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id')).toEqual(before)
  })

  it('refuses to move into the now non-empty target, from the function and from the CLI', async () => {
    await expect(moveDataDir({ dataDir, targetUrl: target.url })).rejects.toThrow(/is not empty .*applied migration/)
    const cli = await promisify(execFile)(
      'npx',
      ['tsx', 'server/db/move/cli.ts', '--data-dir', dataDir, '--to', target.url],
      { env: { ...process.env, DATA_DIR: undefined } },
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(cli?.code).toBe(1)
    expect(cli?.stderr).toMatch(/The target database "console_move_\w+" is not empty/)
  })

  it('refuses while a server holds the DATA_DIR lock', async () => {
    const release = await lockDataDir(dataDir)
    try {
      await expect(moveDataDir({ dataDir, targetUrl: target.url })).rejects.toThrow(
        /Another server is already using DATA_DIR/,
      )
    } finally {
      await release()
    }
  })

  it('leaves the target empty when the copy fails halfway', async () => {
    const other = await createTarget()
    try {
      const failing = (line: string) => {
        if (line.includes('copied orders')) throw new Error('disk full (test)')
      }
      await expect(moveDataDir({ dataDir, targetUrl: other.url, log: failing })).rejects.toThrow('disk full (test)')
      expect(
        await onServer(
          other.url,
          `SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'drizzle')`,
        ),
      ).toEqual([])
      expect(await onServer(other.url, `SELECT nspname FROM pg_namespace WHERE nspname = 'drizzle'`)).toEqual([])
    } finally {
      await other.drop()
    }
  })
})

describe('db:move report', () => {
  it('prints the command that reads the data key, and the key itself only when asked', () => {
    const hidden = nextSteps({ targetUrl: 'postgres://app:s3cret@db.internal/console', dataDir: '/srv/data' })
    expect(hidden).toContain('DATABASE_URL=postgres://app:****@db.internal/console')
    expect(hidden).toContain('DATA_ENCRYPTION_KEY="$(cat /srv/data/data-key)"')
    expect(hidden).toContain('npm run storage:move')
    expect(hidden).not.toContain('s3cret')
    const shown = nextSteps({
      targetUrl: 'postgres://db/console',
      dataDir: '/srv/data',
      secrets: { dataKey: 'KEY123' },
    })
    expect(shown).toContain('DATA_ENCRYPTION_KEY=KEY123')
  })

  it('names the tables whose counts differ', () => {
    expect(
      new MoveMismatchError([
        { table: 'orders', source: 3, target: 2 },
        { table: 'users', source: 1, target: 1 },
      ]).message,
    ).toBe('Row counts differ after the copy (orders 3 → 2); nothing was kept in the target.')
  })
})
