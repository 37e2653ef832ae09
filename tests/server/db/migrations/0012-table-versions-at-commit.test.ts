/**
 * Migration 0012 (table versions bumped at commit, once per transaction): a transaction of
 * several writes to projects moves the projects version by exactly one, as it commits; and on
 * PostgreSQL a second writer of projects is no longer held up by a first writer's open
 * transaction (under 0007 it waited on the version row until the first one committed).
 */
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../../server/db/client'
import { tableVersions } from '../../../../server/db/schema'
import { openThrowawayDatabase, POSTGRES_TESTS } from '../../harness'

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`migration 0012: table versions bumped at commit [${kind}]`, () => {
    let database: Database
    let drop = async () => {}
    beforeAll(async () => {
      ;({ database, drop } = await openThrowawayDatabase(kind))
      await database.db.execute(sql`INSERT INTO projects (id, title, description) VALUES
        ('01900000-0000-7000-8000-0000000000a1', 'One', 'First'), ('01900000-0000-7000-8000-0000000000a2', 'Two', 'Second')`)
    })
    afterAll(() => drop())

    const projectsVersion = async () =>
      Number((await database.db.select().from(tableVersions).where(eq(tableVersions.name, 'projects')))[0].version)

    it('moves the version once per writing transaction, when it commits', async () => {
      const before = await projectsVersion()
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE projects SET discount = 5 WHERE title = 'One'`)
        await tx.execute(sql`UPDATE projects SET discount = 6 WHERE title = 'Two'`)
        await tx.execute(sql`UPDATE projects SET rating = 4`)
        const inside = Number(
          (
            (await tx.execute(sql`SELECT version FROM table_versions WHERE name = 'projects'`)) as unknown as {
              rows: { version: string }[]
            }
          ).rows[0].version,
        )
        expect(inside).toBe(before) // not yet: the bump runs at commit
      })
      expect(await projectsVersion()).toBe(before + 1)
      await database.db.execute(sql`UPDATE projects SET rating = 3 WHERE title = 'One'`)
      expect(await projectsVersion()).toBe(before + 2)
      await database.db.execute(sql`UPDATE projects SET rating = 3 WHERE title = 'Nobody'`)
      expect(await projectsVersion()).toBe(before + 2) // no row changed, no new version
    })

    it.runIf(kind === 'postgres')('lets a second writer through while a first one is still open', async () => {
      const url = database.pool!.options.connectionString!
      const [first, second] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })]
      await Promise.all([first.connect(), second.connect()])
      try {
        const before = await projectsVersion()
        await first.query('BEGIN')
        await first.query(`UPDATE projects SET discount = 10 WHERE title = 'One'`)
        await second.query(`SET statement_timeout = 2000`)
        // Under 0007 this waited on the version row the first transaction holds (then timed out).
        await second.query(`UPDATE projects SET discount = 11 WHERE title = 'Two'`)
        await first.query('COMMIT')
        expect(await projectsVersion()).toBe(before + 2)
      } finally {
        await first.query('ROLLBACK').catch(() => {})
        await Promise.all([first.end(), second.end()])
      }
    })
  })
}
