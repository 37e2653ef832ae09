/**
 * Migration 0009 (users' default discount and commission rate: percent → basis points, decision
 * 002) on both databases: rows written before it read back the same percent after it, and the
 * columns hold basis points (5% → 500). The database is first migrated up to 0008 only.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER, migrateDatabase, type Database } from '../../../../server/db/client'
import { users } from '../../../../server/db/schema'
import { toUserSummary } from '../../../../server/domain/users'
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
  describe(`migration 0009: user rates in basis points [${kind}]`, () => {
    let database: Database
    let drop = async () => {}
    let folder = ''
    // Rows written at 0008 (percent columns), then the rest of the migrations: the tests only read them.
    beforeAll(async () => {
      folder = await migrationsUpTo(8)
      ;({ database, drop } = await openThrowawayDatabase(kind, folder))
      await database.db.execute(sql`INSERT INTO users (id, name, email, default_discount_percent, commission_rate)
        VALUES ('01900000-0000-7000-8000-000000000001', 'Agent', 'agent@example.com', 7.5, 12),
               ('01900000-0000-7000-8000-000000000002', 'Tiny', 'tiny@example.com', 0.25, 33.33)`)
      await database.db.execute(sql`INSERT INTO users (id, name, email)
        VALUES ('01900000-0000-7000-8000-000000000003', 'Plain', 'plain@example.com')`)
      await migrateDatabase(database)
    })
    afterAll(async () => {
      await drop()
      await fs.rm(folder, { recursive: true, force: true })
    })

    it('converts percent rows to basis points and the API reads the same percent', async () => {
      const rows = await database.db
        .select()
        .from(users)
        .where(inArray(users.email, ['agent@example.com', 'plain@example.com', 'tiny@example.com']))
        .orderBy(users.email)
      expect(rows.map((u) => [u.email, u.defaultDiscountBps, u.commissionRateBps])).toEqual([
        ['agent@example.com', 750, 1200],
        ['plain@example.com', 500, 500],
        ['tiny@example.com', 25, 3333],
      ])
      expect(rows.map((u) => [toUserSummary(u).defaultDiscountPercent, toUserSummary(u).commissionRate])).toEqual([
        [7.5, 12],
        [5, 5],
        [0.25, 33.33],
      ])
    })

    it('gives a new user 500 basis points (5%) of both by default', async () => {
      const [row] = await database.db.insert(users).values({ name: 'New', email: 'new@example.com' }).returning()
      expect([row.defaultDiscountBps, row.commissionRateBps]).toEqual([500, 500])
      const [stored] = await database.db.select().from(users).where(eq(users.id, row.id))
      expect(toUserSummary(stored)).toMatchObject({ defaultDiscountPercent: 5, commissionRate: 5 })
    })
  })
}
