/**
 * Repository panel transport (SPEC.md 7 "Repository (by repository name)"): info, privacy,
 * collaborators (permission default push), branches (base default main), archive URL for a ref,
 * delete. Every failure is an ApiError.
 */
import * as v from 'valibot'
import { api } from './client'
import { CollaboratorSchema, PERMISSIONS, RepoInfoSchema, type RepoInfoResponse } from './schemas/repository'

export { PERMISSIONS }
export type Permission = (typeof PERMISSIONS)[number]
export type Collaborator = v.InferOutput<typeof CollaboratorSchema>
export type RepoInfo = RepoInfoResponse

const Ok = v.object({ success: v.literal(true) })
const base = (name: string) => `/api/github/repo/${encodeURIComponent(name)}`

/** GET /api/github/repo/{name} → repository info. */
export async function fetchRepo(name: string): Promise<RepoInfo> {
  return (await api.get(base(name), v.object({ repo: RepoInfoSchema }))).repo
}

/** PUT .../features {private}. */
export async function setRepoPrivate(name: string, isPrivate: boolean): Promise<void> {
  await api.put(`${base(name)}/features`, { private: isPrivate }, Ok)
}

/** GET .../collaborators → collaborators. */
export async function fetchCollaborators(name: string): Promise<Collaborator[]> {
  return (await api.get(`${base(name)}/collaborators`, v.object({ collaborators: v.array(CollaboratorSchema) })))
    .collaborators
}

/** POST .../collaborators {username, permission}. */
export async function addCollaborator(name: string, username: string, permission: Permission): Promise<void> {
  await api.post(`${base(name)}/collaborators`, { username, permission }, Ok)
}

/** DELETE .../collaborators/{username}. */
export async function removeCollaborator(name: string, username: string): Promise<void> {
  await api.del(`${base(name)}/collaborators/${encodeURIComponent(username)}`, Ok)
}

/** GET .../branches → branch names. */
export async function fetchBranches(name: string): Promise<string[]> {
  return (await api.get(`${base(name)}/branches`, v.object({ branches: v.array(v.string()) }))).branches
}

/** POST .../branches {branchName, baseBranch}. */
export async function createBranch(name: string, branchName: string, baseBranch: string): Promise<void> {
  await api.post(`${base(name)}/branches`, { branchName, baseBranch }, Ok)
}

/** GET .../archive?ref → a URL that downloads a zip of the ref. */
export async function fetchArchiveUrl(name: string, ref = 'main'): Promise<string> {
  return (await api.get(`${base(name)}/archive`, v.object({ url: v.string() }), { query: { ref } })).url
}

/** DELETE /api/github/repo/{name}. */
export async function deleteRepo(name: string): Promise<void> {
  await api.del(base(name), Ok)
}
