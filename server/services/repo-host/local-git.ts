/**
 * Local repository host: bare repositories under GIT_DIR/{name}.git (default DATA_DIR/git; a
 * shared volume when several servers run, docs/deploy.md), written with
 * `git fast-import` (one streamed commit, no work tree), read-only over smart HTTP at
 * /git/{name}.git (routes/git-http.routes.ts). Privacy and collaborators live in the database;
 * collaborators are recorded for the panel (clone access is by admin credential, see git-http).
 */
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { AppDeps } from '../../deps'
import { signPath } from '../signed-url'
import { fastImportCommit } from './fast-import'
import { git, GitError } from './git-exec'
import {
  RepoConflictError,
  RepoNotFoundError,
  isSafeRefName,
  type CollaboratorPermission,
  type CommitFile,
  type RepoHost,
  type RepoInfo,
} from './repo-host'
import * as records from '../../db/queries/repositories.queries'

export class LocalGitHost implements RepoHost {
  readonly provider = 'local' as const
  readonly root: string

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'env' | 'jwtSecret' | 'now'>) {
    this.root = deps.env.GIT_DIR
  }

  /** Absolute path of the bare repository `name`. */
  gitDir(name: string): string {
    return path.join(this.root, `${name}.git`)
  }

  private async existingGitDir(name: string): Promise<string> {
    const dir = this.gitDir(name)
    if (!fs.existsSync(path.join(dir, 'HEAD'))) throw new RepoNotFoundError(`Repository not found: ${name}`)
    return dir
  }

  private async head(dir: string, branch = 'main'): Promise<string | null> {
    try {
      return await git(['--git-dir', dir, 'rev-parse', '--verify', '-q', `refs/heads/${branch}^{commit}`])
    } catch (error) {
      if (error instanceof GitError) return null
      throw error
    }
  }

  async create(name: string, options: { private: boolean; projectId: string | null }): Promise<RepoInfo> {
    const dir = this.gitDir(name)
    if (!fs.existsSync(path.join(dir, 'HEAD'))) {
      await fsp.mkdir(this.root, { recursive: true })
      await git(['init', '--bare', '--quiet', '--initial-branch=main', dir])
      await git(['--git-dir', dir, 'config', 'http.receivepack', 'false'])
    }
    await records.ensureRepoRow(this.deps.db, {
      name,
      provider: 'local',
      private: options.private,
      projectId: options.projectId,
    })
    return this.info(name)
  }

  async commitTree(name: string, files: CommitFile[], message: string): Promise<{ sha: string }> {
    const dir = await this.existingGitDir(name)
    await fastImportCommit(dir, { branch: 'main', parent: await this.head(dir), files, message, when: this.deps.now() })
    const sha = await this.head(dir)
    if (!sha) throw new Error(`fast-import did not create refs/heads/main in ${name}`)
    return { sha }
  }

  async info(name: string): Promise<RepoInfo> {
    const row = await records.getRepoRow(this.deps.db, name)
    const dir = await this.existingGitDir(name)
    const head = await this.head(dir, row.defaultBranch)
    let commitCount = 0
    let latestCommit: RepoInfo['latestCommit'] = null
    if (head) {
      commitCount = Number(await git(['--git-dir', dir, 'rev-list', '--count', head]))
      const [sha, date, ...subject] = (
        await git(['--git-dir', dir, 'log', '-1', '--format=%H%x00%cI%x00%s', head])
      ).split('\0')
      latestCommit = { sha, date, message: subject.join('\0') }
    }
    const counts = await git(['--git-dir', dir, 'count-objects', '-v'])
    const kib = (key: string) => Number(new RegExp(`^${key}: (\\d+)`, 'm').exec(counts)?.[1] ?? 0)
    const cloneUrl = `${this.deps.env.PUBLIC_URL}/git/${name}.git`
    return {
      name,
      private: row.private,
      defaultBranch: row.defaultBranch,
      url: cloneUrl,
      cloneUrl,
      sshUrl: '',
      createdAt: row.createdAt.toISOString(),
      size: (kib('size') + kib('size-pack')) * 1024,
      commitCount,
      latestCommit,
    }
  }

  setPrivate(name: string, isPrivate: boolean) {
    return records.setRepoPrivate(this.deps.db, name, isPrivate)
  }

  listCollaborators(name: string) {
    return records.listCollaboratorRows(this.deps.db, name)
  }

  addCollaborator(name: string, username: string, permission: CollaboratorPermission = 'push') {
    return records.upsertCollaboratorRow(this.deps.db, name, username, permission)
  }

  removeCollaborator(name: string, username: string) {
    return records.deleteCollaboratorRow(this.deps.db, name, username)
  }

  async listBranches(name: string): Promise<string[]> {
    const dir = await this.existingGitDir(name)
    const out = await git(['--git-dir', dir, 'for-each-ref', '--format=%(refname:lstrip=2)', 'refs/heads/'])
    return out ? out.split('\n') : []
  }

  async createBranch(name: string, branchName: string, baseBranch = 'main') {
    const dir = await this.existingGitDir(name)
    const base = await this.head(dir, baseBranch)
    if (!base) throw new RepoNotFoundError(`Base branch not found: ${baseBranch}`)
    if (await this.head(dir, branchName)) throw new RepoConflictError(`Branch already exists: ${branchName}`)
    // The empty old value makes update-ref refuse when the branch appeared meanwhile.
    await git(['--git-dir', dir, 'update-ref', `refs/heads/${branchName}`, base, ''])
    return { branchName, sha: base }
  }

  async archiveUrl(name: string, ref: string): Promise<string> {
    const dir = await this.existingGitDir(name)
    if (!isSafeRefName(ref) || !(await this.head(dir, ref))) throw new RepoNotFoundError(`Branch not found: ${ref}`)
    const signed = signPath(
      this.deps.jwtSecret,
      `/files/archives/${name}/${encodeURIComponent(ref)}.zip`,
      this.deps.now(),
    )
    return `${this.deps.env.PUBLIC_URL}${signed}`
  }

  async localCopyOf(name: string): Promise<string> {
    return this.existingGitDir(name)
  }

  async delete(name: string): Promise<void> {
    await fsp.rm(this.gitDir(name), { recursive: true, force: true })
    await records.deleteRepoRow(this.deps.db, name)
  }
}
