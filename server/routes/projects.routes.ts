/**
 * /api/projects (SPEC.md 7 "Projects"): list with filters and search (served by the
 * per-app page cache, services/project-list-pages.ts), categories and technologies, get, create,
 * partial update, delete. Verification and bulk routes are mounted from their own files; the
 * queries are in db/queries/projects*.queries.ts, every change audited in its transaction. A read
 * or write of one project answers its version as ETag; the update and delete take If-Match
 * (decision 041).
 */
import { Hono } from 'hono'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  CategoriesResponseSchema,
  CreateProjectSchema,
  ProjectListQuerySchema,
  ProjectMessageResponseSchema,
  ProjectResponseSchema,
  TechnologiesResponseSchema,
  UpdateProjectSchema,
} from '../../src/api/schemas/projects'
import { findProject, listCategories, listTechnologies } from '../db/queries/projects.queries'
import { createProject, deleteProjects, updateProject } from '../db/queries/projects-write.queries'
import type { AppDeps, AppEnv } from '../deps'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { ifMatchOf, setEtag } from '../http/versions'
import { createProjectListPages } from '../services/project-list-pages'
import { runProjectDeletedHooks } from '../services/project-deleted-hooks'
import { projectsBulkRoutes } from './projects-bulk.routes'
import { verificationRoutes } from './verification.routes'

// Sorted in JS: the two databases may use different collations, the API must not.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
const sortedNames = (names: string[]) => names.filter(Boolean).sort(collator.compare)

export function projectsRoutes(deps: AppDeps) {
  const { db, now } = deps
  const app = new Hono<AppEnv>()
  const listPage = createProjectListPages(db, deps.versions)

  // The body is the contract's ProjectListResponse, already JSON (built by the page cache).
  app.get('/', validate('query', ProjectListQuerySchema), async (c) => {
    const { body, cache } = await listPage(c.req.valid('query'))
    return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8', 'x-cache': cache })
  })

  app.get('/categories', async (c) =>
    ok(c, CategoriesResponseSchema, { success: true, categories: sortedNames(await listCategories(db)) }),
  )

  app.get('/technologies', async (c) =>
    ok(c, TechnologiesResponseSchema, { success: true, technologies: sortedNames(await listTechnologies(db)) }),
  )

  app.route('/', projectsBulkRoutes(deps))

  app.post('/create', validate('json', CreateProjectSchema), async (c) => {
    const id = await createProject(db, c.req.valid('json'), c.get('admin').id, now())
    const project = await findProject(db, id)
    setEtag(c, project.updatedAt)
    return ok(c, ProjectResponseSchema, { success: true, project }, 201)
  })

  app.get('/:id', validate('param', IdParamSchema), async (c) => {
    const project = await findProject(db, c.req.valid('param').id)
    setEtag(c, project.updatedAt)
    return ok(c, ProjectResponseSchema, { success: true, project })
  })

  app.put('/:id', validate('param', IdParamSchema), validate('json', UpdateProjectSchema), async (c) => {
    const { id } = c.req.valid('param')
    await updateProject(db, id, c.req.valid('json'), c.get('admin').id, now(), ifMatchOf(c))
    const project = await findProject(db, id)
    setEtag(c, project.updatedAt)
    return ok(c, ProjectResponseSchema, { success: true, project })
  })

  app.delete('/:id', validate('param', IdParamSchema), async (c) => {
    const { deleted } = await deleteProjects(db, [c.req.valid('param').id], c.get('admin').id, {
      version: ifMatchOf(c),
    })
    await runProjectDeletedHooks(deps.onProjectDeleted, deleted)
    return ok(c, ProjectMessageResponseSchema, { success: true, message: 'Project deleted successfully' })
  })

  app.route('/', verificationRoutes(deps))
  return app
}
