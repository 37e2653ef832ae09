/**
 * The I/O of the repository panel (SPEC.md 7 "Repository (by repository name)"), one named
 * `fromPromise` actor per call, each taking exactly what it sends. Used by
 * project-repository.machine.ts; tests replace them with `.provide()`.
 */
import { fromPromise } from 'xstate'
import * as repo from '../api/repository'
import { withStepUp } from './shared/step-up-gate'

/** Info, collaborators and branches of one repository. */
export interface RepositoryData {
  info: repo.RepoInfo
  collaborators: repo.Collaborator[]
  branches: string[]
}

/** The panel's named I/O actors, keyed as project-repository.machine.ts invokes them. */
export const repositoryActors = {
  loadRepository: fromPromise<RepositoryData, { name: string }>(async ({ input }) => {
    const [info, collaborators, branches] = await Promise.all([
      repo.fetchRepo(input.name),
      repo.fetchCollaborators(input.name),
      repo.fetchBranches(input.name),
    ])
    return { info, collaborators, branches }
  }),
  // Making a repository public and adding a collaborator open the source to others: the server may ask for a fresh code.
  setPrivacy: fromPromise<void, { name: string; private: boolean }>(({ input }) =>
    withStepUp(() => repo.setRepoPrivate(input.name, input.private)),
  ),
  addCollaborator: fromPromise<void, { name: string; username: string; permission: repo.Permission }>(({ input }) =>
    withStepUp(() => repo.addCollaborator(input.name, input.username, input.permission)),
  ),
  removeCollaborator: fromPromise<void, { name: string; username: string }>(({ input }) =>
    repo.removeCollaborator(input.name, input.username),
  ),
  createBranch: fromPromise<void, { name: string; branchName: string; baseBranch: string }>(({ input }) =>
    repo.createBranch(input.name, input.branchName, input.baseBranch),
  ),
  fetchArchiveUrl: fromPromise<string, { name: string }>(({ input }) => repo.fetchArchiveUrl(input.name, 'main')),
  deleteRepository: fromPromise<void, { name: string }>(({ input }) => repo.deleteRepo(input.name)),
}
