/**
 * Prepared statements (server/db/sql.ts preparedPer): the hot fixed-shape reads are built once per
 * database handle and, on PostgreSQL, parsed once per connection and then only executed. Checked
 * on a pool of one connection through pg_prepared_statements, whose plan counters show every
 * later call reusing the statement; on PGlite the same reads answer the same rows.
 */
import { eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProjectListQuerySchema } from '../../../src/api/schemas/projects'
import { ensureAdmin } from '../../../server/bootstrap'
import { openDatabase, type Database } from '../../../server/db/client'
import { selectListPageRefs, selectListRows } from '../../../server/db/queries/projects-list.queries'
import { dashboardProjects } from '../../../server/db/queries/dashboard.queries'
import { findProject, versionedProjects } from '../../../server/db/queries/projects.queries'
import { projectRepository } from '../../../server/db/queries/triage.queries'
import { listHistory } from '../../../server/db/queries/verification.queries'
import { projects, users } from '../../../server/db/schema'
import { preparedPer, rawRows } from '../../../server/db/sql'
import { monthStarts } from '../../../server/domain/dashboard-stats'
import { createEmptyPgDatabase } from '../../fixtures/pg-database'
import { POSTGRES_TESTS } from '../harness'

describe('preparedPer', () => {
  it('builds once per database handle', async () => {
    const database = await openDatabase({ memory: true })
    const other = await openDatabase({ memory: true })
    try {
      let builds = 0
      const statement = preparedPer('test_statement', (db, name) => {
        builds++
        return db
          .select({ one: sql<number>`1` })
          .from(users)
          .prepare(name)
      })
      expect(statement(database.db)).toBe(statement(database.db))
      expect(builds).toBe(1)
      expect(statement(other.db)).not.toBe(statement(database.db))
      expect(builds).toBe(2)
    } finally {
      await database.close()
      await other.close()
    }
  })
})

const list = (query: Record<string, string>) => v.parse(ProjectListQuerySchema, query)

describe.skipIf(!POSTGRES_TESTS)('the hot reads as prepared statements [postgres]', () => {
  let database: Database
  let drop = async () => {}
  let projectId = ''
  let ids: string[] = []
  beforeAll(async () => {
    const empty = await createEmptyPgDatabase()
    drop = empty.drop
    database = await openDatabase({ databaseUrl: empty.url, poolSize: 1 })
    await ensureAdmin(database.db, 'prepared@example.com')
    const [owner] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'prepared@example.com'))
    const rows = Array.from({ length: 3 }, (_, i) => ({
      id: uuidv7(),
      title: `Prepared ${i}`,
      description: 'Prepared',
      category: i === 0 ? 'AI/ML' : 'Web',
      pricePaise: 100_000,
      projectOwnerId: owner.id,
    }))
    await database.db.insert(projects).values(rows)
    projectId = rows[0].id
    ids = rows.map((r) => r.id)
  })
  afterAll(async () => {
    await database?.close()
    await drop()
  })

  it('parses each once on the connection and reuses it on every later call', async () => {
    const { db } = database
    for (let i = 0; i < 3; i++) {
      expect((await findProject(db, projectId)).title).toBe('Prepared 0')
      expect(await listHistory(db, projectId)).toEqual([])
      // The list's page refs (with or without a search: the pattern is a parameter) and rows.
      const refs = await selectListPageRefs(db, list({ page: '1', limit: '2' }))
      expect([refs.refs.map((r) => r.id), refs.total]).toEqual([[ids[2], ids[1]], 3])
      const web = await selectListPageRefs(db, list({ category: 'Web' }))
      expect([web.refs.map((r) => r.id), web.total]).toEqual([[ids[2], ids[1]], 2])
      expect((await selectListPageRefs(db, list({ search: `prepared ${i}` }))).refs.map((r) => r.id)).toEqual([ids[i]])
      // A term without three letters or digits in a row: strpos, not the trigram index.
      expect((await selectListPageRefs(db, list({ search: `${i}` }))).refs.map((r) => r.id)).toEqual([ids[i]])
      expect((await selectListRows(db, [ids[i]])).map((r) => r.title)).toEqual([`Prepared ${i}`])
      // The dashboard's projects part: one statement for its three results.
      const dashboard = await dashboardProjects(db, monthStarts(new Date()))
      expect(dashboard.recentProjects.map((p) => p.title)).toEqual(['Prepared 2', 'Prepared 1', 'Prepared 0'])
      expect(dashboard.byCategory.map((c) => [c.category, c.count]).sort()).toEqual([
        ['AI/ML', 1],
        ['Web', 2],
      ])
    }
    // The reads of the writes: one shape whatever the number of ids (an array parameter).
    expect((await versionedProjects.read({ db, lock: false }, [projectId])).map((r) => r.title)).toEqual(['Prepared 0'])
    expect((await versionedProjects.read({ db, lock: false }, [ids[2], ids[1], ids[2]])).map((r) => r.title)).toEqual([
      'Prepared 1',
      'Prepared 2',
    ])
    await expect(versionedProjects.read({ db, lock: false }, [ids[0], uuidv7()])).rejects.toThrow('Project not found')
    expect(await projectRepository(db, projectId)).toBeNull()
    expect(await projectRepository(db, ids[1])).toBeNull()
    // The list's fallback reads refs and rows in one REPEATABLE READ transaction: the same statements,
    // by name, on the transaction's connection (node-postgres refuses one name for two texts).
    const inSnapshot = await db.transaction(
      async (tx) => {
        const page = await selectListPageRefs(tx, list({ page: '1', limit: '2' }))
        return {
          page,
          rows: await selectListRows(
            tx,
            page.refs.map((r) => r.id),
          ),
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    expect(inSnapshot.rows.map((r) => r.id).sort()).toEqual([ids[1], ids[2]].sort())
    const statements = await rawRows<{ name: string; plans: number }>(
      db,
      sql`SELECT name, (generic_plans + custom_plans)::int AS plans FROM pg_prepared_statements ORDER BY name`,
    )
    expect(statements).toEqual([
      { name: 'dashboard_projects', plans: 3 },
      { name: 'project_by_id', plans: 3 },
      { name: 'project_list_refs_active_category_draft', plans: 3 },
      { name: 'project_list_refs_active_draft', plans: 4 },
      { name: 'project_list_rows', plans: 4 },
      { name: 'project_list_scan_refs_active_draft', plans: 3 },
      { name: 'project_list_search_refs_active_draft', plans: 3 },
      { name: 'projects_for_write', plans: 3 },
      { name: 'repository_of_project', plans: 2 },
      { name: 'verification_history_of', plans: 3 },
    ])
  })
})
