/**
 * The per-project repository host (SPEC.md 7 "Repository"): one interface, two
 * implementations. `local-git.ts` keeps bare repositories under DATA_DIR/git served over git smart
 * HTTP; `github.ts` talks to the GitHub REST API when GITHUB_TOKEN and GITHUB_ORG are set.
 * Privacy and collaborators are also kept in the database (tables repositories and
 * repository_collaborators, see server/db/queries/repositories.queries.ts).
 */

export const COLLABORATOR_PERMISSIONS = ['pull', 'push', 'maintain', 'admin'] as const
export type CollaboratorPermission = (typeof COLLABORATOR_PERMISSIONS)[number]
export type Collaborator = { username: string; permission: CollaboratorPermission }

/** What the repository panel shows (SPEC.md 2 Project detail). `size` in bytes. */
export type RepoInfo = {
  name: string
  private: boolean
  defaultBranch: string
  url: string
  cloneUrl: string
  sshUrl: string
  createdAt: string
  size: number
  commitCount: number
  latestCommit: { sha: string; message: string; date: string } | null
}

/** One file of a commit: its repository path (`a/b.ts`) and where its bytes are on disk. */
export type CommitFile = { path: string; sourcePath: string; size: number }

/** Thrown by hosts for a repository, branch or ref that does not exist (routes turn it into a 404). */
export class RepoNotFoundError extends Error {}
/** Thrown for a branch that exists already (409). */
export class RepoConflictError extends Error {}

export interface RepoHost {
  readonly provider: 'local' | 'github'
  /** Create the repository (idempotent: an existing one is returned); linked to `projectId`. */
  create(name: string, options: { private: boolean; projectId: string | null }): Promise<RepoInfo>
  /**
   * Replace the whole tree of `branch` (default main) with `files` in ONE commit whose parent is
   * the current head. Nothing is visible until the ref moves; a failure leaves the branch as it was.
   */
  commitTree(name: string, files: CommitFile[], message: string): Promise<{ sha: string }>
  info(name: string): Promise<RepoInfo>
  setPrivate(name: string, isPrivate: boolean): Promise<void>
  listCollaborators(name: string): Promise<Collaborator[]>
  /** Add or update a collaborator (permission default push). */
  addCollaborator(name: string, username: string, permission?: CollaboratorPermission): Promise<Collaborator>
  removeCollaborator(name: string, username: string): Promise<void>
  listBranches(name: string): Promise<string[]>
  createBranch(name: string, branchName: string, baseBranch?: string): Promise<{ branchName: string; sha: string }>
  /** A URL that downloads a zip of `ref` (signed and expiring for the local host). */
  archiveUrl(name: string, ref: string): Promise<string>
  /** Delete the repository and its database rows; a missing repository is not an error. */
  delete(name: string): Promise<void>
  /**
   * A bare repository on this server's disk holding commit `sha` of `name`, for the source report
   * (decision 046): the repository itself on the local host, a cached shallow fetch on GitHub.
   * Throws RepoNotFoundError for an unknown repository, GitError for a commit it does not have.
   */
  localCopyOf(name: string, sha: string): Promise<string>
}

/** Git ref names we accept for branches and archive refs (a conservative subset of git check-ref-format). */
export function isSafeRefName(ref: string): boolean {
  return (
    /^[A-Za-z0-9._/-]{1,200}$/.test(ref) &&
    !ref.includes('..') &&
    !ref.startsWith('-') &&
    !ref.startsWith('/') &&
    !ref.endsWith('/') &&
    !ref.endsWith('.lock') &&
    !ref.includes('//') &&
    !ref.endsWith('.')
  )
}

/** Repository names: lower-case slug, digits, dot, dash, underscore; 1-100 characters. */
export function isSafeRepoName(name: string): boolean {
  return /^[a-z0-9][a-z0-9._-]{0,99}$/.test(name) && !name.endsWith('.git') && !name.includes('..')
}

/** `My Shop App!` + project id → `my-shop-app-1a2b3c4d` (title slug + 8 hex of the id). */
export function repoNameFor(title: string, projectId: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  const short = projectId.replace(/-/g, '').slice(-8)
  return slug ? `${slug}-${short}` : `project-${short}`
}
