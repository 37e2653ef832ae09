/**
 * Triage reads that combine the database and the repository (contract
 * src/api/schemas/triage.ts): the bundle of one project and the commit a decision is reviewed at.
 * Repository reads work on local repositories (services/repo-host/git-review.ts); with the GitHub
 * host the README and the changed files are null.
 */
import type { TriageBundle } from '../../src/api/schemas/triage'
import { CHANGED_FILES_MAX, README_MAX_CHARS } from '../../src/api/schemas/triage'
import {
  isQueueStatus,
  lastDecision,
  projectRepository,
  projectUpdatesSince,
  triageProject,
} from '../db/queries/triage.queries'
import type { AppDeps } from '../deps'
import { fieldChanges } from '../domain/triage'
import { paiseToRupees } from '../domain/money'
import { notFound } from '../http/errors'
import { branchCommitAt, branchHead, changedFiles, readmeAt } from './repo-host/git-review'
import { localGitFor } from './repo-host/host-for'

type Deps = Pick<AppDeps, 'db' | 'repoHost' | 'now'>

/** The project's local repository: its git dir and default branch, or null. */
async function localRepository(deps: Deps, projectId: string) {
  const host = localGitFor(deps)
  if (!host) return null
  const row = await projectRepository(deps.db, projectId)
  if (!row || row.provider !== 'local') return null
  return { dir: host.gitDir(row.name), branch: row.defaultBranch }
}

/** The head commit of the project's repository now (recorded with a decision), or null. */
export async function reviewCommitOf(deps: Deps, projectId: string): Promise<string | null> {
  const repo = await localRepository(deps, projectId)
  return repo ? branchHead(repo.dir, repo.branch) : null
}

/** The triage bundle of `id` at the app's clock; 404 'Project not found'. */
export async function triageBundle(deps: Deps, id: string): Promise<TriageBundle> {
  const found = await triageProject(deps.db, id)
  if (!found) throw notFound('Project not found')
  const { project: p, owner, images, enteredAt } = found
  const [decision, repo] = await Promise.all([lastDecision(deps.db, id), localRepository(deps, id)])
  const head = repo ? await branchHead(repo.dir, repo.branch) : null
  const readme = repo && head ? await readmeAt(repo.dir, head, README_MAX_CHARS) : null
  let files: TriageBundle['changes']['files'] = null
  if (repo && head && decision) {
    const from = decision.reviewCommit ?? (await branchCommitAt(repo.dir, repo.branch, decision.verifiedAt))
    const diff = from ? await changedFiles(repo.dir, from, head, CHANGED_FILES_MAX) : null
    if (from && diff) files = { from, to: head, ...diff }
  }
  const fields = decision ? fieldChanges(await projectUpdatesSince(deps.db, id, decision.verifiedAt)) : []
  const now = deps.now().getTime()
  return {
    project: {
      _id: p.id,
      title: p.title,
      description: p.description,
      category: p.category,
      price: paiseToRupees(p.pricePaise),
      technologies: p.technologies,
      demoUrl: p.demoUrl,
      verificationStatus: p.verificationStatus,
      verificationNotes: p.verificationNotes,
      submissionMessage: p.submissionMessage,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    },
    owner: owner ? { _id: owner.id, name: owner.name, email: owner.email } : null,
    images,
    inQueue: isQueueStatus(p.verificationStatus),
    enteredQueueAt: enteredAt.toISOString(),
    ageMs: Math.max(0, now - enteredAt.getTime()),
    readme,
    lastDecision: decision
      ? { status: decision.status, notes: decision.notes, at: decision.verifiedAt.toISOString(), by: decision.byName }
      : null,
    changes: { files, fields },
  }
}
