/**
 * Migration 0013 (per-group project counts and price sums kept by triggers): after inserts,
 * updates of the grouped columns, of prices and of others, deletes, rolled-back writes and TRUNCATE, `project_list_counts`
 * holds exactly what a GROUP BY over projects says, and the list's total (selectListPageRefs, which
 * sums it for filters without a search) equals count(*) for every filter; a transaction sees its own changes. On
 * PostgreSQL, concurrent writers moving projects between the same groups all commit.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dashboardProjects } from '../../../../server/db/queries/dashboard.queries'
import { selectListPageRefs } from '../../../../server/db/queries/projects-list.queries'
import { monthStarts } from '../../../../server/domain/dashboard-stats'
import type { ProjectListFilter } from '../../../../server/domain/projects/list-query'
import { POSTGRES_TESTS, useThrowawayDatabase } from '../../harness'

type Row = { is_active: boolean; category: string; verification_status: string; n: number; price: number }
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows

/** A list filter with the schema's defaults for the fields not given. */
const filter = (given: Partial<ProjectListFilter>): ProjectListFilter => ({
  search: '',
  includeInactive: false,
  category: '',
  verificationStatus: '',
  status: '',
  risk: '',
  ...given,
})

const FILTERS: ProjectListFilter[] = [
  filter({}),
  filter({ includeInactive: true }),
  filter({ includeInactive: true, status: 'inactive' }),
  filter({ status: 'active' }),
  filter({ category: 'Mobile Apps' }),
  filter({ verificationStatus: 'approved' }),
  filter({ includeInactive: true, category: 'Web Development', verificationStatus: 'pending' }),
  filter({ category: 'Nothing here' }),
  filter({ includeInactive: true, search: 'alpha' }),
]

for (const kind of POSTGRES_TESTS ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  describe(`migration 0013: project counts per group [${kind}]`, () => {
    const database = useThrowawayDatabase(kind)

    /** The summary table (counts and price sums, empty groups left out) against a GROUP BY over projects. */
    async function expectCountsExact() {
      const kept = rowsOf(
        await database().db.execute(sql`SELECT is_active, category, verification_status::text,
        n::int AS n, price_paise::int AS price FROM project_list_counts WHERE n <> 0 ORDER BY 1, 2, 3`),
      )
      const actual = rowsOf(
        await database().db.execute(sql`SELECT is_active, category, verification_status::text,
        count(*)::int AS n, sum(price_paise)::int AS price FROM projects GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
      )
      expect(kept).toEqual(actual)
      // The dashboard's per-category figures equal the aggregate over every project.
      const now = new Date()
      const { thisMonth, lastMonth } = monthStarts(now)
      const direct = rowsOf(
        await database().db.execute(sql`SELECT category, count(*)::int AS count,
        avg(price_paise)::float8 AS "avgPricePaise", (count(*) FILTER (WHERE is_active))::int AS active,
        (sum(price_paise) FILTER (WHERE is_active))::float8 AS "activePricePaise",
        (count(*) FILTER (WHERE created_at >= ${thisMonth}))::int AS "thisMonth",
        (count(*) FILTER (WHERE created_at >= ${lastMonth} AND created_at < ${thisMonth}))::int AS "lastMonth"
        FROM projects GROUP BY category ORDER BY category`),
      )
      const { byCategory } = await dashboardProjects(database().db, monthStarts(now))
      expect([...byCategory].sort((a, b) => a.category.localeCompare(b.category))).toEqual(direct)
      for (const f of FILTERS) {
        const where = [
          f.status ? sql`is_active = ${f.status === 'active'}` : f.includeInactive ? sql`true` : sql`is_active`,
          f.category ? sql`category = ${f.category}` : sql`true`,
          f.verificationStatus ? sql`verification_status = ${f.verificationStatus}` : sql`true`,
          f.search
            ? sql`id IN (SELECT project_id FROM project_search WHERE search_text like ${`%${f.search}%`})`
            : sql`true`,
        ]
        const [{ n }] = rowsOf(
          await database().db.execute(sql`SELECT count(*)::int AS n FROM projects
          WHERE ${sql.join(where, sql` AND `)}`),
        )
        expect((await selectListPageRefs(database().db, { ...f, page: 1, limit: 1 })).total, JSON.stringify(f)).toBe(n)
      }
    }

    it('stays exact through inserts, updates, deletes, rollbacks and truncate', async () => {
      await expectCountsExact()
      await database().db
        .execute(sql`INSERT INTO projects (id, title, description, category, verification_status, is_active, price_paise) VALUES
        ('01900000-0000-7000-8000-0000000000b1', 'Alpha', 'One', 'Mobile Apps', 'approved', true, 1000),
        ('01900000-0000-7000-8000-0000000000b2', 'Beta', 'Two', 'Mobile Apps', 'approved', true, 2500),
        ('01900000-0000-7000-8000-0000000000b3', 'Gamma alpha', 'Three', 'Web Development', 'pending', false, 700),
        ('01900000-0000-7000-8000-0000000000b4', 'Delta', 'Four', 'Web Development', 'pending', true, 99)`)
      await expectCountsExact()
      await database().db.execute(sql`UPDATE projects SET verification_status = 'rejected' WHERE title = 'Alpha'`)
      await expectCountsExact()
      await database().db.execute(sql`UPDATE projects SET is_active = NOT is_active`)
      await expectCountsExact()
      await database().db.execute(sql`UPDATE projects SET discount = 7, category = 'Mobile Apps' WHERE title = 'Delta'`)
      await database().db.execute(sql`UPDATE projects SET discount = 9`) // no grouped column: nothing to add
      await expectCountsExact()
      await database().db.execute(
        sql`UPDATE projects SET price_paise = price_paise + 11 WHERE title IN ('Beta', 'Delta')`,
      )
      await expectCountsExact()
      await database().db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE projects SET category = 'Games' WHERE title = 'Beta'`)
        const [{ n }] = rowsOf(
          await tx.execute(sql`SELECT n::int AS n FROM project_list_counts
          WHERE category = 'Games' AND is_active = false AND verification_status = 'approved'`),
        )
        expect(n).toBe(1) // the writing transaction sees its own change
      })
      await expect(
        database().db.transaction(async (tx) => {
          await tx.execute(sql`DELETE FROM projects WHERE title = 'Gamma alpha'`)
          throw new Error('roll back')
        }),
      ).rejects.toThrow('roll back')
      await expectCountsExact()
      await database().db.execute(sql`DELETE FROM projects WHERE title IN ('Alpha', 'Delta')`)
      await expectCountsExact()
      await database().db.execute(sql`TRUNCATE projects CASCADE`)
      await expectCountsExact()
      const [{ n }] = rowsOf(await database().db.execute(sql`SELECT count(*)::int AS n FROM project_list_counts`))
      expect(n).toBe(0)
    })

    it.runIf(kind === 'postgres')('lets concurrent writers of the same groups all commit', async () => {
      await database().db.execute(sql`INSERT INTO projects (id, title, description, category)
        SELECT ('01900000-0000-7000-8000-' || lpad(i::text, 12, '0'))::uuid, 'P' || i, 'Concurrent', CASE WHEN i % 2 = 0 THEN 'Games' ELSE 'Mobile Apps' END FROM generate_series(1, 40) AS i`)
      const statuses = ['pending', 'approved', 'rejected', 'under_review'] as const
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          database().db.transaction(async (tx) => {
            const titles = [`P${i + 1}`, `P${((i + 7) % 40) + 1}`, `P${((i + 19) % 40) + 1}`]
            // Rows locked in id order first, as the app does (lockProjects), so only the counts can collide.
            await tx.execute(sql`SELECT id FROM projects WHERE title IN (${sql.join(
              titles.map((t) => sql`${t}`),
              sql`, `,
            )})
          ORDER BY id FOR UPDATE`)
            await tx.execute(sql`UPDATE projects SET verification_status = ${statuses[i % 4]}, is_active = ${i % 3 > 0}
          WHERE title IN (${sql.join(
            titles.map((t) => sql`${t}`),
            sql`, `,
          )})`)
            await tx.execute(sql`SELECT pg_sleep(0.002)`)
          }),
        ),
      )
      await expectCountsExact()
    })
  })
}
