/**
 * /api/github/repo/{name}: the repository panel (SPEC.md 7 "Repository") over the app's
 * RepoHost (`deps.repoHost`: local bare repositories or GitHub). Host errors map to 404 (unknown
 * repository, branch, collaborator) and 409 (branch exists). Adding a collaborator and making a
 * private repository public open the source to others: both need step-up ('repository.access').
 */
import { Hono } from 'hono'
import {
  AddCollaboratorSchema,
  ArchiveQuerySchema,
  ArchiveResponseSchema,
  BranchCreatedResponseSchema,
  BranchesResponseSchema,
  CollaboratorAddedResponseSchema,
  CollaboratorParamSchema,
  CollaboratorsResponseSchema,
  CreateBranchSchema,
  RepoFeaturesResponseSchema,
  RepoFeaturesSchema,
  RepoMessageResponseSchema,
  RepoNameParamSchema,
  RepoResponseSchema,
} from '../../src/api/schemas/repository'
import { clearProjectRepo, findRepoRow, projectOfRepo, setProjectRepoPrivate } from '../db/queries/repositories.queries'
import type { AppDeps, AppEnv } from '../deps'
import { conflict, notFound } from '../http/errors'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { assertStepUp } from '../middleware/require-recent-auth'
import { audit } from '../db/queries/audit.queries'
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
  // Read per request: the host is the app's (tests may swap it after the app is built).
  const host = () => deps.repoHost
  const name = validate('param', RepoNameParamSchema)

  app.get('/repo/:name', name, async (c) =>
    ok(c, RepoResponseSchema, { success: true, repo: await hosted(() => host().info(c.req.valid('param').name)) }),
  )

  app.get('/repo/:name/collaborators', name, async (c) =>
    ok(c, CollaboratorsResponseSchema, {
      success: true,
      collaborators: await hosted(() => host().listCollaborators(c.req.valid('param').name)),
    }),
  )

  app.post('/repo/:name/collaborators', name, validate('json', AddCollaboratorSchema), async (c) => {
    const { username, permission } = c.req.valid('json')
    assertStepUp(c, deps.now(), 'repository.access')
    const collaborator = await hosted(() => host().addCollaborator(c.req.valid('param').name, username, permission))
    return ok(c, CollaboratorAddedResponseSchema, { success: true, message: 'Collaborator added', collaborator }, 201)
  })

  app.delete('/repo/:name/collaborators/:username', validate('param', CollaboratorParamSchema), async (c) => {
    const { name: repo, username } = c.req.valid('param')
    await hosted(() => host().removeCollaborator(repo, username))
    return ok(c, RepoMessageResponseSchema, { success: true, message: 'Collaborator removed' })
  })

  app.put('/repo/:name/features', name, validate('json', RepoFeaturesSchema), async (c) => {
    const repo = c.req.valid('param').name
    const isPrivate = c.req.valid('json').private
    if (!isPrivate && (await hosted(() => host().info(repo))).private) assertStepUp(c, deps.now(), 'repository.access')
    await hosted(() => host().setPrivate(repo, isPrivate))
    const projectId = await projectOfRepo(deps.db, repo)
    if (projectId) await setProjectRepoPrivate(deps.db, projectId, isPrivate)
    await audit(deps.db, {
      actorId: c.get('admin').id,
      action: 'repository.update',
      entityType: 'repository',
      entityId: repo,
      after: { private: isPrivate },
    })
    return ok(c, RepoFeaturesResponseSchema, { success: true, message: 'Repository updated', private: isPrivate })
  })

  app.get('/repo/:name/branches', name, async (c) =>
    ok(c, BranchesResponseSchema, {
      success: true,
      branches: await hosted(() => host().listBranches(c.req.valid('param').name)),
    }),
  )

  app.post('/repo/:name/branches', name, validate('json', CreateBranchSchema), async (c) => {
    const { branchName, baseBranch } = c.req.valid('json')
    const branch = await hosted(() => host().createBranch(c.req.valid('param').name, branchName, baseBranch))
    return ok(
      c,
      BranchCreatedResponseSchema,
      { success: true, message: 'Branch created', branch: { ...branch, baseBranch } },
      201,
    )
  })

  app.get('/repo/:name/archive', name, validate('query', ArchiveQuerySchema), async (c) =>
    ok(c, ArchiveResponseSchema, {
      success: true,
      url: await hosted(() => host().archiveUrl(c.req.valid('param').name, c.req.valid('query').ref)),
    }),
  )

  app.delete('/repo/:name', name, async (c) => {
    const repo = c.req.valid('param').name
    const row = await findRepoRow(deps.db, repo)
    if (!row) throw notFound(`Repository not found: ${repo}`)
    await hosted(() => host().delete(repo))
    if (row.projectId) await clearProjectRepo(deps.db, row.projectId)
    await audit(deps.db, {
      actorId: c.get('admin').id,
      action: 'repository.delete',
      entityType: 'repository',
      entityId: repo,
      before: { projectId: row.projectId },
    })
    return ok(c, RepoMessageResponseSchema, { success: true, message: 'Repository deleted.' })
  })
  return app
}
