/**
 * Migration 0015 (users per (is_admin, is_agent, is_active) kept by triggers, for the users list
 * counts): after inserts (one row and many), flag updates, updates of other columns, deletes,
 * rolled-back writes and TRUNCATE, `user_list_counts` holds exactly what a GROUP BY over users
 * says, and `userListCountQuery` (which reads it for filters without a search) equals count(*)
 * for every role and status; a transaction sees its own changes. On PostgreSQL, concurrent
 * writers moving users between the same groups all commit.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { UserListQuery } from '../../../../src/api/schemas/users'
import { userListCountQuery, userListWhere } from '../../../../server/db/queries/users.queries'
import { users } from '../../../../server/db/schema'
import { rawRows } from '../../../../server/db/sql'
import { POSTGRES_TESTS, useThrowawayDatabase } from '../../harness'

type Group = { is_admin: boolean; is_agent: boolean; is_active: boolean; n: number }
const FILTERS = ['', 'all', 'admin', 'agent', 'user'].flatMap((role) =>
  ['', 'all', 'active', 'inactive'].map(
    (status) => ({ search: '', role, status }) as Pick<UserListQuery, 'search' | 'role' | 'status'>,
  ),
)

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`migration 0015: user counts per group [${kind}]`, () => {
    const database = useThrowawayDatabase(kind)

    async function expectCountsExact() {
      const kept = await rawRows<Group>(
        database().db,
        sql`SELECT is_admin, is_agent, is_active, n::int AS n
        FROM user_list_counts WHERE n <> 0 ORDER BY 1, 2, 3`,
      )
      const actual = await rawRows<Group>(
        database().db,
        sql`SELECT is_admin, is_agent, is_active, count(*)::int AS n
        FROM users GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      )
      expect(kept).toEqual(actual)
      for (const f of FILTERS) {
        const [{ n }] = await database()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(userListWhere(f))
        expect((await userListCountQuery(database().db, f))[0].total, JSON.stringify(f)).toBe(n)
      }
    }

    it('stays exact through inserts, updates, deletes, rollbacks and truncate', async () => {
      await expectCountsExact()
      await database().db.execute(sql`INSERT INTO users (id, name, email, is_admin, is_agent, is_active)
        SELECT gen_random_uuid(), 'U' || i, 'u' || i || '@example.com', i % 11 = 0, i % 4 = 0, i % 5 <> 0 FROM generate_series(1, 200) AS i`)
      await database().db.insert(users).values({ name: 'One', email: 'one@example.com', isAgent: true })
      await expectCountsExact()
      await database().db.execute(
        sql`UPDATE users SET is_active = NOT is_active, is_agent = NOT is_agent WHERE name LIKE 'U1%'`,
      )
      await database().db.execute(sql`UPDATE users SET name = name || '!' WHERE name LIKE 'U2%'`)
      await database().db.execute(sql`DELETE FROM users WHERE name LIKE 'U3%'`)
      await expectCountsExact()
      await database()
        .db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE users SET is_admin = true WHERE name LIKE 'U4%'`)
          const [seen] = await rawRows<{ n: number }>(
            tx,
            sql`SELECT sum(n)::int AS n FROM user_list_counts WHERE is_admin`,
          )
          const [real] = await rawRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM users WHERE is_admin`)
          expect(seen.n).toBe(real.n)
          tx.rollback()
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && /rollback/i.test(error.message))) throw error
        })
      await expectCountsExact()
      await database().db.execute(sql`TRUNCATE users CASCADE`)
      const [{ n }] = await rawRows<{ n: number }>(database().db, sql`SELECT count(*)::int AS n FROM user_list_counts`)
      expect(n).toBe(0)
      await expectCountsExact()
    })

    it.runIf(kind === 'postgres')('lets concurrent writers of the same groups all commit', async () => {
      await database().db.execute(sql`INSERT INTO users (id, name, email)
        SELECT ('01900000-0000-7000-8000-' || lpad(i::text, 12, '0'))::uuid, 'C' || i, 'c' || i || '@example.com'
        FROM generate_series(1, 40) AS i`)
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          database().db.transaction(async (tx) => {
            const names = [`C${i + 1}`, `C${((i + 7) % 40) + 1}`, `C${((i + 19) % 40) + 1}`]
            const list = sql.join(
              names.map((name) => sql`${name}`),
              sql`, `,
            )
            // Rows locked in id order first, so only the counts can collide.
            await tx.execute(sql`SELECT id FROM users WHERE name IN (${list}) ORDER BY id FOR UPDATE`)
            await tx.execute(
              sql`UPDATE users SET is_agent = ${i % 2 === 0}, is_active = ${i % 3 > 0} WHERE name IN (${list})`,
            )
            await tx.execute(sql`SELECT pg_sleep(0.002)`)
          }),
        ),
      )
      await expectCountsExact()
    })
  })
}
