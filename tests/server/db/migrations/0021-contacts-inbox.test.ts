/**
 * Migration 0021 (contacts inbox) on both databases, over rows written at 0020: is_read
 * is recomputed from the status (a row stored with the two disagreeing is put right), search_text
 * is filled, the per-status counts match the rows, the contacts version exists, and the indexes of
 * the list, search, rate limit and dashboard are there (contacts_unread_idx is gone).
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER, migrateDatabase, type Database } from '../../../../server/db/client'
import { rawRows } from '../../../../server/db/sql'
import { openThrowawayDatabase, POSTGRES_TESTS } from '../../harness'

/** A copy of the migrations folder whose journal stops after migration `last`. */
async function migrationsUpTo(last: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'))
  await fs.cp(MIGRATIONS_FOLDER, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((entry) => entry.idx <= last)
  await fs.writeFile(journalFile, JSON.stringify(journal))
  return dir
}

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`migration 0021: contacts inbox [${kind}]`, () => {
    let database: Database
    let drop = async () => {}
    let folder = ''
    beforeAll(async () => {
      folder = await migrationsUpTo(20)
      ;({ database, drop } = await openThrowawayDatabase(kind, folder))
      await database.db.execute(sql`INSERT INTO contacts (id, name, email, subject, message, status, is_read) VALUES
        ('01900000-0000-7000-8000-0000000000c1', 'Ann Kapoor', 'ANN@Example.in', 'Hello', 'First line', 'new', true),
        ('01900000-0000-7000-8000-0000000000c2', 'Bob', 'bob@example.in', '', 'Second', 'read', false),
        ('01900000-0000-7000-8000-0000000000c3', 'Cy', 'cy@example.in', 'Re', 'Third', 'archived', true)`)
      await migrateDatabase(database)
    })
    afterAll(async () => {
      await drop()
      await fs.rm(folder, { recursive: true, force: true })
    })

    it('derives is_read from the status and fills search_text for the rows already there', async () => {
      expect(
        await rawRows(
          database.db,
          sql`SELECT name, status::text, is_read, search_text, client_ip, reply_claimed_at
        FROM contacts ORDER BY name`,
        ),
      ).toEqual([
        {
          name: 'Ann Kapoor',
          status: 'new',
          is_read: false,
          search_text: 'ann kapoor\u001fann@example.in\u001fhello\u001ffirst line',
          client_ip: null,
          reply_claimed_at: null,
        },
        {
          name: 'Bob',
          status: 'read',
          is_read: true,
          search_text: 'bob\u001fbob@example.in\u001f\u001fsecond',
          client_ip: null,
          reply_claimed_at: null,
        },
        {
          name: 'Cy',
          status: 'archived',
          is_read: true,
          search_text: 'cy\u001fcy@example.in\u001fre\u001fthird',
          client_ip: null,
          reply_claimed_at: null,
        },
      ])
    })

    it('counts the rows per status and versions the table', async () => {
      expect(
        await rawRows(
          database.db,
          sql`SELECT status::text AS status, n::int AS n FROM contact_status_counts ORDER BY contact_status_counts.status`,
        ),
      ).toEqual([
        { status: 'new', n: 1 },
        { status: 'read', n: 1 },
        { status: 'archived', n: 1 },
      ])
      expect(
        await rawRows(database.db, sql`SELECT count(*)::int AS n FROM table_versions WHERE name = 'contacts'`),
      ).toEqual([{ n: 1 }])
    })

    it('has the indexes of the list, search, rate limit and dashboard', async () => {
      const names = (
        await rawRows<{ indexname: string }>(
          database.db,
          sql`SELECT indexname FROM pg_indexes WHERE tablename = 'contacts' ORDER BY 1`,
        )
      ).map((r) => r.indexname)
      expect(names).toEqual([
        'contacts_client_ip_idx',
        'contacts_created_at_idx',
        'contacts_dashboard_idx',
        'contacts_pkey',
        'contacts_search_trgm_idx',
        'contacts_status_created_idx',
      ])
    })
  })
}
