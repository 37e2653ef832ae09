/**
 * /api/projects (SPEC.md 7 "Projects"; issue 3): list with filters and search, categories and
 * technologies, get, create, partial update, delete. Verification routes and bulk routes are
 * mounted from their own files. Every change is audited in its transaction.
 */
import { count, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import { CreateProjectSchema, ProjectListQuerySchema, UpdateProjectSchema } from '../../src/api/schemas/projects'
import { projects, tableVersions, verificationHistory } from '../db/schema'
import { CountCache } from '../domain/projects/count-cache'
import type { AppDeps, AppEnv } from '../deps'
import { runProjectDeletedHooks } from '../domain/projects/delete-hooks'
import { diffColumns, toProjectColumns, withSearchText } from '../domain/projects/fields'
import { countKey, pageWindow, pagination, projectListOrder, projectListWhere } from '../domain/projects/list-query'
import { validate } from '../http/validate'
import { audit } from '../services/audit'
import { projectsBulkRoutes } from './projects-bulk.routes'
import {
  assertOwnerExists, deleteProjects, findProject, lockProjects, projectWithRelations, toApiProjects,
} from './projects.queries'
import { verificationRoutes } from './verification.routes'

const projectsVersion = sql<string>`(SELECT ${tableVersions.version} FROM ${tableVersions} WHERE ${tableVersions.name} = 'projects')`

// Sorted in JS: the two databases may use different collations, the API must not.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
const sortedNames = (names: string[]) => names.filter(Boolean).sort(collator.compare)

export function projectsRoutes(deps: AppDeps) {
  const { db } = deps
  const app = new Hono<AppEnv>()

  const counts = new CountCache()
  app.get('/', validate('query', ProjectListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    const where = projectListWhere(query)
    const window = pageWindow(query.page, query.limit)
    const rows = await db.select({ ...projectWithRelations, listVersion: projectsVersion }).from(projects)
      .where(where).orderBy(...projectListOrder).limit(window.limit).offset(window.offset)
    const key = countKey(query)
    // A short page that is not past the end is the last one: the total needs no count(*).
    const lastPage = rows.length < window.limit && (rows.length > 0 || window.offset === 0)
    let total = lastPage ? window.offset + rows.length
      : rows.length ? counts.get(Number(rows[0].listVersion), key) : undefined
    if (total === undefined) {
      // Count and version from one statement (one snapshot), so the cached count matches its version.
      const [counted] = await db.select({ total: count(), version: projectsVersion }).from(projects).where(where)
      total = counted.total
      counts.set(Number(counted.version), key, total)
    }
    return c.json({
      success: true as const,
      projects: toApiProjects(rows),
      pagination: pagination(total, query.page, query.limit),
    })
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
