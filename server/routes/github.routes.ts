/**
 * /api/github/repo/{name}: the repository panel (SPEC.md 7 "Repository"; issue 4) over the
 * configured RepoHost (local bare repositories or GitHub). Host errors map to 404 (unknown
 * repository, branch, collaborator) and 409 (branch exists).
 */
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  AddCollaboratorSchema, ArchiveQuerySchema, CollaboratorParamSchema, CreateBranchSchema, RepoFeaturesSchema,
  RepoNameParamSchema,
} from '../../src/api/schemas/repository'
import { projects, repositories } from '../db/schema'
import type { AppDeps, AppEnv } from '../deps'
import { conflict, notFound } from '../http/errors'
import { validate } from '../http/validate'
import { audit } from '../services/audit'
import { repoHostFor } from '../services/repo-host/host-for'
import { RepoConflictError, RepoNotFoundError } from '../services/repo-host/repo-host'

/** Run a host call, turning its error types into API errors. */
async function hosted<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof RepoNotFoundError) throw notFound(error.message)
    if (error instanceof RepoConflictError) throw conflict(error.message)
    throw error
  }
}

export function githubRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const host = () => repoHostFor(deps)
  const name = validate('param', RepoNameParamSchema)
  const projectOf = async (repo: string) => {
    const [row] = await deps.db.select({ projectId: repositories.projectId }).from(repositories)
      .where(eq(repositories.name, repo)).limit(1)
    return row?.projectId ?? null
  }

  app.get('/repo/:name', name, async (c) =>
    c.json({ success: true as const, repo: await hosted(() => host().info(c.req.valid('param').name)) }))

  app.get('/repo/:name/collaborators', name, async (c) => c.json({ success: true as const,
    collaborators: await hosted(() => host().listCollaborators(c.req.valid('param').name)) }))

  app.post('/repo/:name/collaborators', name, validate('json', AddCollaboratorSchema), async (c) => {
    const { username, permission } = c.req.valid('json')
    const collaborator = await hosted(() => host().addCollaborator(c.req.valid('param').name, username, permission))
    return c.json({ success: true as const, message: 'Collaborator added', collaborator }, 201)
  })

  app.delete('/repo/:name/collaborators/:username', validate('param', CollaboratorParamSchema), async (c) => {
    const { name: repo, username } = c.req.valid('param')
    await hosted(() => host().removeCollaborator(repo, username))
    return c.json({ success: true as const, message: 'Collaborator removed' })
  })

  app.put('/repo/:name/features', name, validate('json', RepoFeaturesSchema), async (c) => {
    const repo = c.req.valid('param').name
    const isPrivate = c.req.valid('json').private
    await hosted(() => host().setPrivate(repo, isPrivate))
    const projectId = await projectOf(repo)
    if (projectId) {
      const [project] = await deps.db.select({ githubRepo: projects.githubRepo }).from(projects).where(eq(projects.id, projectId))
      if (project?.githubRepo) {
        await deps.db.update(projects).set({ githubRepo: { ...project.githubRepo, private: isPrivate } })
          .where(eq(projects.id, projectId))
      }
    }
    await audit(deps.db, { actorId: c.get('admin').id, action: 'repository.update', entityType: 'repository',
      entityId: repo, after: { private: isPrivate } })
    return c.json({ success: true as const, message: 'Repository updated', private: isPrivate })
  })

  app.get('/repo/:name/branches', name, async (c) =>
    c.json({ success: true as const, branches: await hosted(() => host().listBranches(c.req.valid('param').name)) }))

  app.post('/repo/:name/branches', name, validate('json', CreateBranchSchema), async (c) => {
    const { branchName, baseBranch } = c.req.valid('json')
    const branch = await hosted(() => host().createBranch(c.req.valid('param').name, branchName, baseBranch))
    return c.json({ success: true as const, message: 'Branch created', branch: { ...branch, baseBranch } }, 201)
  })

  app.get('/repo/:name/archive', name, validate('query', ArchiveQuerySchema), async (c) => c.json({
    success: true as const, url: await hosted(() => host().archiveUrl(c.req.valid('param').name, c.req.valid('query').ref)),
  }))

  app.delete('/repo/:name', name, async (c) => {
    const repo = c.req.valid('param').name
    const projectId = await projectOf(repo)
    const [row] = await deps.db.select({ id: repositories.id }).from(repositories).where(eq(repositories.name, repo))
    if (!row) throw notFound(`Repository not found: ${repo}`)
    await hosted(() => host().delete(repo))
    if (projectId) {
      await deps.db.update(projects).set({ githubRepo: null, hasFiles: false, totalFileSize: 0 })
        .where(eq(projects.id, projectId))
    }
    await audit(deps.db, { actorId: c.get('admin').id, action: 'repository.delete', entityType: 'repository',
      entityId: repo, before: { projectId } })
    return c.json({ success: true as const, message: 'Repository deleted.' })
  })
  return app
}
