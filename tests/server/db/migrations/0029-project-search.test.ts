/**
 * Migrations 0029 and 0030 (project_search: what a search reads; its text computed in one place):
 * the rows of a database migrated from 0028 are copied over; afterwards project_search holds
 * exactly (id, created_at, is_active, category, verification_status, the search text of title,
 * description, technologies and tags) of every project through inserts, text edits, status and
 * active changes, deletes, rollbacks and TRUNCATE; price and other edits leave its row untouched
 * (no new tuple); the projects list's searches page and count exactly what a LIKE over that text
 * with the filters says, and the trigram index lives on project_search only.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../../../server/db/client'
import { selectListPageRefs } from '../../../../server/db/queries/projects-list.queries'
import type { ProjectListFilter } from '../../../../server/domain/projects/list-query'
import { POSTGRES_TESTS, openThrowawayDatabase } from '../../harness'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** A copy of the migrations folder that stops at 0028 (the journal trimmed to match). */
function migrationsUpTo0028(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-0028-'))
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true })
  for (const file of fs.readdirSync(dir)) if (file.startsWith('0029')) fs.rmSync(path.join(dir, file))
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.filter((e) => e.tag < '0029')
  fs.writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

/** The search text of each project as the code before 0030 stored it in projects.search_text (migration 0002). */
const searchTextOfProjects = sql`lower(title || ' ' || description || ' ' || array_to_string(technologies, ' ') || ' '
  || array_to_string(tags, ' '))`

const filter = (given: Partial<ProjectListFilter>): ProjectListFilter => ({
  search: '',
  includeInactive: true,
  category: '',
  verificationStatus: '',
  status: '',
  risk: '',
  ...given,
})

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`migration 0029: project_search [${kind}]`, () => {
    const folder = migrationsUpTo0028()
    let opened: Awaited<ReturnType<typeof openThrowawayDatabase>> | undefined
    afterAll(async () => {
      await opened?.drop()
      fs.rmSync(folder, { recursive: true, force: true })
    })
    const db = () => opened!.database.db

    /** project_search against projects: the same ids with the same text. */
    async function expectMirrored() {
      const copied = rowsOf(
        await db().execute(sql`SELECT project_id::text AS id, created_at, is_active, category,
        verification_status::text, search_text FROM project_search ORDER BY 1`),
      )
      const source = rowsOf(
        await db().execute(sql`SELECT id::text AS id, created_at, is_active, category,
        verification_status::text, ${searchTextOfProjects} AS search_text FROM projects ORDER BY 1`),
      )
      expect(copied).toEqual(source)
    }
    /** The system column xmin of a project's search row: a new tuple (an update) changes it. */
    const searchTupleOf = async (title: string) =>
      rowsOf<{ xmin: string }>(
        await db().execute(sql`SELECT s.xmin::text AS xmin
      FROM project_search s JOIN projects p ON p.id = s.project_id WHERE p.title = ${title}`),
      )[0].xmin

    it('copies the projects of a 0028 database, then follows every write', async () => {
      opened = await openThrowawayDatabase(kind, folder)
      await db().execute(sql`INSERT INTO projects (id, title, description, technologies, tags, category) VALUES
        ('01900000-0000-7000-8000-0000000000c1', 'Hospital Portal', 'Appointments and beds', '{React,Node}', '{health}', 'Web Development'),
        ('01900000-0000-7000-8000-0000000000c2', 'Chat App', 'Realtime chat', '{Flutter}', '{mobile,chat}', 'Mobile Apps')`)
      await migrateDatabase(opened.database)
      await expectMirrored()
      expect(rowsOf(await db().execute(sql`SELECT count(*)::int AS n FROM project_search`))).toEqual([{ n: 2 }])

      await db().execute(sql`INSERT INTO projects (id, title, description, category) VALUES
        ('01900000-0000-7000-8000-0000000000c3', 'Inventory Python', 'Stock levels', 'Web Development')`)
      await expectMirrored()
      await db().execute(
        sql`UPDATE projects SET title = 'Hospital Portal Pro', tags = '{health,beds}' WHERE title = 'Hospital Portal'`,
      )
      await expectMirrored()

      const untouched = await searchTupleOf('Chat App')
      await db().execute(
        sql`UPDATE projects SET price_paise = 12345, discount = 5, is_featured = true WHERE title = 'Chat App'`,
      )
      expect(await searchTupleOf('Chat App')).toBe(untouched)
      for (const change of [
        sql`verification_status = 'approved'`,
        sql`is_active = false`,
        sql`category = 'Games'`,
        sql`description = 'Realtime chat and calls'`,
      ]) {
        const before = await searchTupleOf('Chat App')
        await db().execute(sql`UPDATE projects SET ${change} WHERE title = 'Chat App'`)
        expect(await searchTupleOf('Chat App')).not.toBe(before)
        await expectMirrored()
      }

      await expect(
        db().transaction(async (tx) => {
          await tx.execute(sql`UPDATE projects SET title = 'Renamed' WHERE title = 'Inventory Python'`)
          throw new Error('roll back')
        }),
      ).rejects.toThrow('roll back')
      await expectMirrored()
      await db().execute(sql`DELETE FROM projects WHERE title = 'Inventory Python'`)
      await expectMirrored()
    })

    it('counts and pages searches exactly as a LIKE over projects.search_text', async () => {
      for (const search of ['chat', 'HOSPITAL', 'beds', 'a', 'pro ', 'no such text', '100%', 'a_', '%', 'Ch']) {
        for (const f of [
          filter({ search }),
          filter({ search, status: 'active' }),
          filter({ search, category: 'Games' }),
          filter({ search, includeInactive: false, verificationStatus: 'pending' }),
        ]) {
          const where = [
            sql`${searchTextOfProjects} LIKE ${`%${f.search
              .trim()
              .toLowerCase()
              .replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
            f.status ? sql`is_active = ${f.status === 'active'}` : f.includeInactive ? sql`true` : sql`is_active`,
            f.category ? sql`category = ${f.category}` : sql`true`,
            f.verificationStatus ? sql`verification_status = ${f.verificationStatus}` : sql`true`,
          ]
          const expected = rowsOf<{ id: string }>(
            await db().execute(sql`SELECT id::text AS id FROM projects
            WHERE ${sql.join(where, sql` AND `)} ORDER BY created_at DESC, id DESC`),
          ).map((r) => r.id)
          // The list's refs statement: the page and the total (also when empty), prepared with the pattern a parameter.
          const refs = await selectListPageRefs(db(), { ...f, page: 1, limit: 20 })
          expect(
            refs.refs.map((r) => r.id),
            JSON.stringify(f),
          ).toEqual(expected)
          expect(refs.total, JSON.stringify(f)).toBe(expected.length)
        }
      }
    })

    it('builds the search text as lower-cased title, description, technologies and tags joined by spaces', async () => {
      const [{ text }] = rowsOf<{ text: string }>(
        await db().execute(sql`SELECT project_search_text('Chat Bot', 'NLP',
        ARRAY['Py', 'TS'], ARRAY[]::text[]) AS text`),
      )
      expect(text).toBe('chat bot nlp py ts ')
    })

    it('keeps the trigram index on project_search only, and empties it with TRUNCATE … CASCADE', async () => {
      const trigram = rowsOf<{ tablename: string }>(
        await db().execute(sql`SELECT tablename FROM pg_indexes
        WHERE indexdef LIKE '%gin_trgm_ops%' AND tablename IN ('projects', 'project_search')`),
      )
      expect(trigram).toEqual([{ tablename: 'project_search' }])
      await db().execute(sql`TRUNCATE projects CASCADE`)
      expect(rowsOf(await db().execute(sql`SELECT count(*)::int AS n FROM project_search`))).toEqual([{ n: 0 }])
    })
  })
}
