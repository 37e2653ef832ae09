/**
 * Migration 0033 (drafts, decision 038) on both databases, over projects written at 0032: every
 * existing project is published, project_search and project_list_counts carry is_draft, the
 * counts keep their totals under the new key, and afterwards the triggers follow a draft's
 * insert, publish and delete in both tables.
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
  describe(`migration 0033: project drafts [${kind}]`, () => {
    let database: Database
    let drop = async () => {}
    let folder = ''
    const counts = () =>
      rawRows<{ is_active: boolean; is_draft: boolean; n: number }>(
        database.db,
        sql`SELECT is_active, is_draft, sum(n)::int AS n FROM project_list_counts GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2`,
      )
    const searchDrafts = () =>
      rawRows<{ title: string }>(
        database.db,
        sql`SELECT p.title FROM project_search s JOIN projects p ON p.id = s.project_id WHERE s.is_draft ORDER BY 1`,
      )

    beforeAll(async () => {
      folder = await migrationsUpTo(32)
      ;({ database, drop } = await openThrowawayDatabase(kind, folder))
      await database.db.execute(sql`INSERT INTO projects (id, title, description, is_active) VALUES
        ('01900000-0000-7000-8000-0000000000a1', 'Old live', 'a', true),
        ('01900000-0000-7000-8000-0000000000a2', 'Old hidden', 'b', false),
        ('01900000-0000-7000-8000-0000000000a3', 'Old live 2', 'c', true)`)
      await migrateDatabase(database)
    })
    afterAll(async () => {
      await drop()
      await fs.rm(folder, { recursive: true, force: true })
    })

    it('publishes every existing project and keeps the totals under the new key', async () => {
      expect(await rawRows(database.db, sql`SELECT count(*)::int AS n FROM projects WHERE is_draft`)).toEqual([
        { n: 0 },
      ])
      expect(await counts()).toEqual([
        { is_active: false, is_draft: false, n: 1 },
        { is_active: true, is_draft: false, n: 2 },
      ])
      expect(await searchDrafts()).toEqual([])
    })

    it("follows a draft's insert, publish and delete in project_search and project_list_counts", async () => {
      await database.db.execute(
        sql`INSERT INTO projects (id, title, description, is_active, is_draft)
          VALUES ('01900000-0000-7000-8000-0000000000a4', 'New draft', 'd', true, true)`,
      )
      expect(await counts()).toEqual([
        { is_active: false, is_draft: false, n: 1 },
        { is_active: true, is_draft: false, n: 2 },
        { is_active: true, is_draft: true, n: 1 },
      ])
      expect(await searchDrafts()).toEqual([{ title: 'New draft' }])
      await database.db.execute(sql`UPDATE projects SET is_draft = false WHERE title = 'New draft'`)
      expect(await counts()).toEqual([
        { is_active: false, is_draft: false, n: 1 },
        { is_active: true, is_draft: false, n: 3 },
      ])
      expect(await searchDrafts()).toEqual([])
      await database.db.execute(sql`UPDATE projects SET is_draft = true WHERE title = 'Old hidden'`)
      await database.db.execute(sql`DELETE FROM projects WHERE title = 'Old hidden'`)
      expect(await counts()).toEqual([{ is_active: true, is_draft: false, n: 3 }])
    })
  })
}
