/**
 * The projects list built from page refs and per-project JSON (services/project-list-pages.ts,
 * decision 024): the composed page is character for character the whole response stringified;
 * after a write only the changed project is read again; a project changed or deleted between the
 * refs and its row is never mixed into a page, which is then read again in one snapshot. On PGlite
 * and PostgreSQL.
 */
import crypto from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { expect, it, vi } from 'vitest'
import { ProjectListQuerySchema } from '../../src/api/schemas/projects'
import { selectListPageRefs, selectListRows } from '../../server/db/queries/projects-list.queries'
import { selectApiProjects } from '../../server/db/queries/projects.queries'
import { projectImages, projects } from '../../server/db/schema'
import { pagination } from '../../server/domain/projects/list-query'
import { createProjectListPages, ProjectJsonCache } from '../../server/services/project-list-pages'
import { TableVersions } from '../../server/services/table-versions'
import { describeEachDatabase } from './harness'
import { insertProject } from './projects-helpers'

const list = (query: Record<string, string>) => v.parse(ProjectListQuerySchema, { limit: '2', ...query })

/** Runs before each selectListRows call (with the handle it reads on): a write between a page's refs and its rows. */
const rowsHook = vi.hoisted(() => ({ before: undefined as undefined | ((on: unknown) => Promise<void>) }))
vi.mock('../../server/db/queries/projects-list.queries', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/db/queries/projects-list.queries')>()
  return {
    ...original,
    selectListRows: async (...args: Parameters<typeof original.selectListRows>) => {
      await rowsHook.before?.(args[0])
      return original.selectListRows(...args)
    },
  }
})

describeEachDatabase('projects list from page refs and per-project JSON', (get) => {
  /** Three projects sharing a unique word in their titles, newest last; one inactive, one approved. */
  async function probeProjects() {
    const word = `probe${crypto.randomUUID().slice(0, 8)}`
    const made = []
    for (const [i, values] of [
      { category: 'Web' },
      { category: 'AI/ML', verificationStatus: 'approved' as const },
      { category: 'Web', isActive: false },
    ].entries()) {
      made.push(await insertProject(get(), { title: `${word} ${i}`, ...values }))
    }
    return { word, ids: made.map((p) => p.id) }
  }

  /**
   * The response as one object stringified whole: the page's projects (refs: checked against a
   * LIKE over projects in the 0029 test) read with their relations in one plain statement.
   */
  async function wholeBody(query: ReturnType<typeof list>) {
    const { db } = get().database
    const { refs, total } = await selectListPageRefs(db, query)
    const byId = new Map(
      (
        await selectApiProjects(
          db,
          inArray(
            projects.id,
            refs.map((r) => r.id),
          ),
        )
      ).map((p) => [p._id, p]),
    )
    return JSON.stringify({
      success: true,
      // A list row adds its risk weight: none of these projects has a source report.
      projects: refs.map((r) => ({ ...byId.get(r.id), riskWeight: null })),
      pagination: pagination(total, query.page, query.limit),
    })
  }

  it('composes the same JSON as the whole response stringified, for every kind of page', async () => {
    const { db } = get().database
    const { word } = await probeProjects()
    const pages = createProjectListPages(db, new TableVersions(db))
    const queries = [
      list({ search: word }),
      list({ search: word, page: '2' }),
      list({ search: word, page: '3' }),
      list({ search: word, includeInactive: 'true' }),
      list({ search: word.toUpperCase(), category: 'Web' }),
      list({ search: word, verificationStatus: 'approved' }),
      list({ page: '1' }),
      list({ page: '2', category: 'Web' }),
      list({ status: 'inactive', limit: '20' }),
      list({ page: '999' }),
    ]
    for (const query of queries) {
      const expected = await wholeBody(query)
      const built = await pages(query)
      expect(built.cache, JSON.stringify(query)).toBe('miss')
      expect(built.body, JSON.stringify(query)).toBe(expected)
    }
  })

  it('answers the refs of a page with the total and versions of one statement, also past the end', async () => {
    const { db } = get().database
    const { word, ids } = await probeProjects()
    const refs = await selectListPageRefs(db, list({ search: word, includeInactive: 'true' }))
    expect(refs.refs.map((r) => r.id)).toEqual([ids[2], ids[1]])
    expect(refs.total).toBe(3)
    expect(refs.refs.every((r) => /^\d+$/.test(r.rowVersion))).toBe(true)
    const rows = await selectListRows(
      db,
      refs.refs.map((r) => r.id),
    )
    expect(new Map(rows.map((r) => [r.id, r.rowVersion]))).toEqual(new Map(refs.refs.map((r) => [r.id, r.rowVersion])))
    // Past the end: no refs, but the total and versions of the same statement.
    const beyond = await selectListPageRefs(db, list({ search: word, page: '5' }))
    expect(beyond).toEqual({ refs: [], total: 2, versions: refs.versions })
    expect(
      await selectListPageRefs(db, list({ page: '100000', category: 'Web', includeInactive: 'true' })),
    ).toMatchObject({
      refs: [],
      total: (await selectListPageRefs(db, list({ category: 'Web', includeInactive: 'true' }))).total,
    })
  })

  it('reads only the changed project again after a write', async () => {
    const { db } = get().database
    const { word, ids } = await probeProjects()
    const cache = new ProjectJsonCache()
    const query = list({ search: word, includeInactive: 'true', limit: '3' })
    const first = await selectListPageRefs(db, query)
    const cold = cache.lookup(first.refs, first.versions)
    expect(cold.missing.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]])
    expect(cache.complete(first.refs, first.versions, cold.found, await selectListRows(db, ids))).toHaveLength(3)

    await db.update(projects).set({ discount: 15 }).where(eq(projects.id, ids[1]))
    const second = await selectListPageRefs(db, query)
    const warm = cache.lookup(second.refs, second.versions)
    expect(warm.missing.map((r) => r.id)).toEqual([ids[1]])
    const json = cache.complete(second.refs, second.versions, warm.found, await selectListRows(db, [ids[1]]))
    expect(json!.map((text) => JSON.parse(text).discount)).toEqual([0, 15, 0])
  })

  it('never mixes a project changed or deleted after the refs were read into a page', async () => {
    const { db } = get().database
    const { word, ids } = await probeProjects()
    const cache = new ProjectJsonCache()
    const query = list({ search: word })
    const { refs, versions } = await selectListPageRefs(db, query)
    const { found } = cache.lookup(refs, versions)
    await db.update(projects).set({ verificationStatus: 'rejected' }).where(eq(projects.id, ids[1]))
    expect(
      cache.complete(
        refs,
        versions,
        found,
        await selectListRows(
          db,
          refs.map((r) => r.id),
        ),
      ),
    ).toBeNull()

    const again = await selectListPageRefs(db, query)
    const lookup = new ProjectJsonCache().lookup(again.refs, again.versions)
    await db.delete(projects).where(eq(projects.id, ids[0]))
    expect(lookup.missing).toHaveLength(2)
    expect(
      cache.complete(
        again.refs,
        again.versions,
        lookup.found,
        await selectListRows(
          db,
          again.refs.map((r) => r.id),
        ),
      ),
    ).toBeNull()
    // The service answers the page as of now either way.
    const pages = createProjectListPages(db, new TableVersions(db))
    const body = JSON.parse((await pages(query)).body)
    expect(body.projects.map((p: { _id: string }) => p._id)).toEqual([ids[1]])
    expect(body.projects[0].verificationStatus).toBe('rejected')
  })

  it('reads a page again in one snapshot when a project changed between its refs and rows', async () => {
    const { db } = get().database
    const { word, ids } = await probeProjects()
    const pages = createProjectListPages(db, new TableVersions(db))
    const readOn: unknown[] = []
    rowsHook.before = async (on) => {
      readOn.push(on)
      if (readOn.length === 1)
        await db.update(projects).set({ verificationStatus: 'rejected' }).where(eq(projects.id, ids[1]))
    }
    try {
      const query = list({ search: word })
      const built = await pages(query)
      // Once on the pool (its rows disagreed with the refs), once inside the snapshot's transaction.
      expect(readOn).toHaveLength(2)
      expect(readOn[0]).toBe(db)
      expect(readOn[1]).not.toBe(db)
      expect(built.cache).toBe('miss')
      const body = JSON.parse(built.body)
      expect(
        body.projects.map((p: { _id: string; verificationStatus: string }) => [p._id, p.verificationStatus]),
      ).toEqual([
        [ids[1], 'rejected'],
        [ids[0], 'pending'],
      ])
      rowsHook.before = undefined
      expect(built.body).toBe(await wholeBody(query))
      // Cached under the versions of its snapshot: the next request is a hit with the same page.
      expect(await pages(query)).toEqual({ body: built.body, cache: 'hit' })
    } finally {
      rowsHook.before = undefined
    }
  })

  it("keys a project's JSON by its images and owner too", async () => {
    const { db } = get().database
    const { word, ids } = await probeProjects()
    const cache = new ProjectJsonCache()
    const query = list({ search: word })
    const first = await selectListPageRefs(db, query)
    cache.complete(
      first.refs,
      first.versions,
      cache.lookup(first.refs, first.versions).found,
      await selectListRows(
        db,
        first.refs.map((r) => r.id),
      ),
    )
    await db.insert(projectImages).values({
      projectId: ids[1],
      position: 0,
      filePath: 'x.png',
      url: '/files/x.png',
      alt: 'x',
      contentType: 'image/png',
      size: 1,
    })
    const second = await selectListPageRefs(db, query)
    expect(second.versions.project_images).toBeGreaterThan(first.versions.project_images)
    expect(cache.lookup(second.refs, second.versions).missing).toHaveLength(second.refs.length)
  })
})
