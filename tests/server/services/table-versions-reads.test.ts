/**
 * TableVersions.current() under concurrency: callers that arrive while a version read is in
 * flight share it, unless a write (invalidate) happened after it started; every caller still sees
 * the writes answered before it asked. In-memory PGlite, with the SELECTs counted.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type Db } from '../../../server/db/client'
import { TableVersions } from '../../../server/services/table-versions'

let database: Database
let selects = 0
/** The database handle; every SELECT of table_versions it sends to PGlite is counted. */
let counted: Db

beforeAll(async () => {
  database = await openDatabase({ memory: true })
  const pglite = database.pglite!
  // Counted where the statement reaches PGlite: the read is a prepared statement, built once.
  const query = pglite.query.bind(pglite)
  pglite.query = ((text: string, ...rest: Parameters<typeof query> extends [string, ...infer R] ? R : never) => {
    if (/^select\b[\s\S]*"table_versions"/i.test(text)) selects++
    return query(text, ...rest)
  }) as typeof pglite.query
  counted = database.db
})
afterAll(() => database.close())

const bumpProjects = () =>
  database.db.execute(sql`UPDATE table_versions SET version = version + 1 WHERE name = 'projects'`)

describe('TableVersions.current()', () => {
  it('shares one read among concurrent callers and starts a new one after a write', async () => {
    const versions = new TableVersions(counted)
    const first = await versions.current()
    selects = 0
    const together = await Promise.all(Array.from({ length: 10 }, () => versions.current()))
    expect(selects).toBe(1)
    expect(together.every((v) => v.projects === first.projects)).toBe(true)

    // A write answered while a read is in flight: callers after it do not get the older read.
    selects = 0
    const early = versions.current()
    await bumpProjects()
    versions.invalidate()
    const late = await versions.current()
    expect(selects).toBe(2)
    expect(late.projects).toBe(first.projects + 1)
    expect((await early).projects).toBeGreaterThanOrEqual(first.projects)
  })

  it('lets every sharer see a write answered before the shared read began', async () => {
    const versions = new TableVersions(counted)
    const before = (await versions.current()).projects
    await bumpProjects()
    versions.invalidate()
    const seen = await Promise.all(Array.from({ length: 5 }, () => versions.current()))
    expect(seen.map((v) => v.projects)).toEqual(Array(5).fill(before + 1))
  })
})
