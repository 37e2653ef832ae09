/**
 * /api/projects (SPEC.md 7 "Projects"; issue 3): list with filters and search, categories and
 * technologies, get, create, partial update, delete. Verification routes and bulk routes are
 * mounted from their own files. Every change is audited in its transaction.
 */
import { count, eq, inArray, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { LRUCache } from 'lru-cache'
import { IdParamSchema } from '../../src/api/schemas/common'
import { CreateProjectSchema, ProjectListQuerySchema, UpdateProjectSchema, type ProjectListQuery } from '../../src/api/schemas/projects'
import { projects, tableVersions, verificationHistory } from '../db/schema'
import { CountCache } from '../domain/projects/count-cache'
import type { AppDeps, AppEnv } from '../deps'
import { runProjectDeletedHooks } from '../domain/projects/delete-hooks'
import { diffColumns, toProjectColumns, withSearchText } from '../domain/projects/fields'
import { countKey, pageWindow, pagination, projectListOrder, projectListWhere } from '../domain/projects/list-query'
import { validate } from '../http/validate'
import { TableVersions, versionsKey, type VersionedTable, type Versions } from '../services/table-versions'
import { audit } from '../services/audit'
import { projectsBulkRoutes } from './projects-bulk.routes'
import {
  assertOwnerExists, deleteProjects, findProject, lockProjects, projectWithRelations, toApiProjects,
} from './projects.queries'
import { verificationRoutes } from './verification.routes'

/** The version of `table` as of the statement's snapshot (migration 0007). */
const versionOf = (table: VersionedTable) =>
  sql<string>`(SELECT ${tableVersions.version} FROM ${tableVersions} WHERE ${tableVersions.name} = ${table})`
const projectsVersion = versionOf('projects')
/** Whole list pages (JSON text) kept per (table versions, query); about 20 kB a page of 20. */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024
const utf8 = new TextEncoder()

// Sorted in JS: the two databases may use different collations, the API must not.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
const sortedNames = (names: string[]) => names.filter(Boolean).sort(collator.compare)

export function projectsRoutes(deps: AppDeps) {
  const { db } = deps
  const app = new Hono<AppEnv>()

  const counts = new CountCache()
  const versions = deps.versions ?? new TableVersions(db)
  // Kept as UTF-8 bytes, so a hit is sent without encoding the page again.
  const pages = new LRUCache<string, Uint8Array<ArrayBuffer>>({ maxSize: PAGE_CACHE_BYTES, sizeCalculation: (body) => body.byteLength })
  /** The page as JSON bytes; `x-cache`: from the page cache, built, or shared with a concurrent build. */
  const json = (c: Context, body: Uint8Array<ArrayBuffer>, cache: 'hit' | 'miss' | 'shared') =>
    c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8', 'x-cache': cache })
  /** Builds in flight per page key: a burst of identical misses (after a write) queries once. */
  const building = new Map<string, Promise<Uint8Array<ArrayBuffer>>>()

  /** Query one page and its total, cache it, and return it as JSON bytes. */
  async function buildPage(query: ProjectListQuery, before: Versions, pageKey: (v: Versions) => string) {
    const where = projectListWhere(query)
    const window = pageWindow(query.page, query.limit)
    // Ids of the page first (an index-only scan of projects_list_cover_idx when filtered by
    // category and status), then the full rows of just those ids with images and owner.
    const pageIds = db.select({ id: projects.id }).from(projects)
      .where(where).orderBy(...projectListOrder).limit(window.limit).offset(window.offset)
    const rows = await db.select({ ...projectWithRelations, listVersion: projectsVersion,
      imagesVersion: versionOf('project_images'), usersVersion: versionOf('users') }).from(projects)
      .where(inArray(projects.id, pageIds)).orderBy(...projectListOrder)
    const key = countKey(query)
    // A short page that is not past the end is the last one: the total needs no count(*).
    const lastPage = rows.length < window.limit && (rows.length > 0 || window.offset === 0)
    let total = lastPage ? window.offset + rows.length
      : rows.length ? counts.get(Number(rows[0].listVersion), key) : undefined
    let sameSnapshot = true
    if (total === undefined) {
      // Count and version from one statement (one snapshot), so the cached count matches its version.
      const [counted] = await db.select({ total: count(), version: projectsVersion }).from(projects).where(where)
      total = counted.total
      counts.set(Number(counted.version), key, total)
      sameSnapshot = rows.length === 0 || counted.version === rows[0].listVersion
    }
    const body = utf8.encode(JSON.stringify({
      success: true as const,
      projects: toApiProjects(rows),
      pagination: pagination(total, query.page, query.limit),
    }))
    // Stored under the versions the page statement saw (or, for an empty page, read before it):
    // never under versions newer than the data, so no reader can get a page older than it knows.
    if (sameSnapshot) {
      pages.set(pageKey(rows.length ? { projects: Number(rows[0].listVersion),
        project_images: Number(rows[0].imagesVersion), users: Number(rows[0].usersVersion) } : before), body)
    }
    return body
  }

  app.get('/', validate('query', ProjectListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    // A page is reused only while projects, images and users are all unchanged (decision 004).
    const pageKey = (v: Versions) => `${versionsKey(v)}|${JSON.stringify(query)}`
    const before = await versions.current()
    const key = pageKey(before)
    const cached = pages.get(key)
    if (cached) return json(c, cached, 'hit')
    const inFlight = building.get(key)
    if (inFlight) return json(c, await inFlight, 'shared')
    const build = buildPage(query, before, pageKey)
    building.set(key, build)
    try {
      return json(c, await build, 'miss')
    } finally {
      building.delete(key)
    }
  })

  app.get('/categories', async (c) => {
    const rows = await db.selectDistinct({ category: projects.category }).from(projects)
    return c.json({ success: true as const, categories: sortedNames(rows.map((r) => r.category)) })
  })

  app.get('/technologies', async (c) => {
    const rows = await db.selectDistinct({ technology: sql<string>`unnest(${projects.technologies})` }).from(projects)
    return c.json({ success: true as const, technologies: sortedNames(rows.map((r) => r.technology)) })
  })

  app.route('/', projectsBulkRoutes(deps))

  app.post('/create', validate('json', CreateProjectSchema), async (c) => {
    const input = c.req.valid('json')
    const actorId = c.get('admin').id
    const id = await db.transaction(async (tx) => {
      await assertOwnerExists(tx, input.projectOwner)
      const columns = withSearchText({ ...toProjectColumns(input), title: input.title, description: input.description })
      const [row] = await tx.insert(projects).values(columns).returning()
      if (input.verificationStatus) {
        await tx.insert(verificationHistory).values({ projectId: row.id, status: row.verificationStatus,
          previousStatus: null, notes: 'Project created', verifiedBy: actorId })
      }
      const { searchText: _searchText, ...after } = row
      await audit(tx, { actorId, action: 'project.create', entityType: 'project', entityId: row.id, after })
      return row.id
    })
    return c.json({ success: true as const, project: await findProject(db, id) }, 201)
  })

  app.get('/:id', validate('param', IdParamSchema), async (c) =>
    c.json({ success: true as const, project: await findProject(db, c.req.valid('param').id) }))

  app.put('/:id', validate('param', IdParamSchema), validate('json', UpdateProjectSchema), async (c) => {
    const { id } = c.req.valid('param')
    const input = c.req.valid('json')
    const actorId = c.get('admin').id
    await db.transaction(async (tx) => {
      const [row] = await lockProjects(tx, [id])
      await assertOwnerExists(tx, input.projectOwner)
      const columns = toProjectColumns(input)
      const diff = diffColumns(row, columns)
      if (!diff.changed) return
      await tx.update(projects).set(columns).where(eq(projects.id, id))
      if (columns.verificationStatus && columns.verificationStatus !== row.verificationStatus) {
        // Keep SPEC.md 4 "each change is recorded with previousStatus" true for edits too.
        await tx.insert(verificationHistory).values({ projectId: id, status: columns.verificationStatus,
          previousStatus: row.verificationStatus, notes: columns.verificationNotes || 'Status changed in project edit',
          verifiedBy: actorId })
      }
      await audit(tx, { actorId, action: 'project.update', entityType: 'project', entityId: id,
        before: diff.before, after: diff.after })
    })
    return c.json({ success: true as const, project: await findProject(db, id) })
  })

  app.delete('/:id', validate('param', IdParamSchema), async (c) => {
    const deleted = await deleteProjects(db, [c.req.valid('param').id], c.get('admin').id)
    await runProjectDeletedHooks(deleted)
    return c.json({ success: true as const, message: 'Project deleted successfully' })
  })

  app.route('/', verificationRoutes(deps))
  return app
}
