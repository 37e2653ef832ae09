/**
 * GitHub repository host (GITHUB_TOKEN + GITHUB_ORG): the RepoHost interface over the GitHub REST
 * API with Octokit. An upload becomes one commit through the Git Data API (blobs → one full tree
 * without base → commit with the head as parent → move refs/heads/main), so a failed upload never
 * moves main. Privacy and collaborators are mirrored in the database rows. `fetch` is injectable
 * (tests replay recorded responses from tests/fixtures). A commit to analyse is fetched with git
 * (shallow, by its sha) into a bare repository under `cacheDir`, the token passed in git's
 * environment as an Authorization header, never in its arguments or a URL.
 */
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Octokit } from '@octokit/rest'
import type { AppDeps } from '../../deps'
import {
  RepoConflictError,
  RepoNotFoundError,
  type CollaboratorPermission,
  type CommitFile,
  type RepoHost,
  type RepoInfo,
} from './repo-host'
import * as records from '../../db/queries/repositories.queries'
import { git } from './git-exec'
import { isSafeRepoName } from './repo-host'

export type GithubHostOptions = {
  token: string
  org: string
  /** Where fetched commits are kept for analysis: one bare repository per repository. */
  cacheDir: string
  fetch?: typeof fetch
  blobConcurrency?: number
  /** The git URL of a repository (default https://github.com/{org}/{name}.git). */
  gitUrl?: (name: string) => string
}

const statusOf = (error: unknown) => (error as { status?: number }).status
/** Map GitHub 404/422 to the host's error types. */
async function mapped<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (statusOf(error) === 404) throw new RepoNotFoundError(`${what} not found`)
    if (statusOf(error) === 422) throw new RepoConflictError(`${what}: ${(error as Error).message}`)
    throw error
  }
}

export class GithubHost implements RepoHost {
  readonly provider = 'github' as const
  readonly octokit: Octokit
  private readonly org: string

  constructor(
    private readonly deps: Pick<AppDeps, 'db'>,
    private readonly options: GithubHostOptions,
  ) {
    this.org = options.org
    this.octokit = new Octokit({
      auth: options.token,
      userAgent: 'marketplace-console',
      request: options.fetch ? { fetch: options.fetch } : undefined,
    })
  }

  private repo(name: string) {
    return { owner: this.org, repo: name }
  }

  async create(name: string, options: { private: boolean; projectId: string | null }): Promise<RepoInfo> {
    try {
      await this.octokit.rest.repos.get(this.repo(name))
    } catch (error) {
      if (statusOf(error) !== 404) throw error
      // auto_init gives the repository a first commit on main: the Git Data API refuses empty repositories.
      await this.octokit.rest.repos.createInOrg({ org: this.org, name, private: options.private, auto_init: true })
    }
    await records.ensureRepoRow(this.deps.db, {
      name,
      provider: 'github',
      private: options.private,
      projectId: options.projectId,
    })
    return this.info(name)
  }

  async commitTree(name: string, files: CommitFile[], message: string): Promise<{ sha: string }> {
    const { data: ref } = await mapped('Branch main', () =>
      this.octokit.rest.git.getRef({ ...this.repo(name), ref: 'heads/main' }),
    )
    const shas: string[] = new Array(files.length)
    let next = 0
    const worker = async () => {
      while (next < files.length) {
        const i = next++
        const content = (await fsp.readFile(files[i].sourcePath)).toString('base64')
        shas[i] = (await this.octokit.rest.git.createBlob({ ...this.repo(name), content, encoding: 'base64' })).data.sha
      }
    }
    await Promise.all(Array.from({ length: this.options.blobConcurrency ?? 8 }, worker))
    const { data: tree } = await this.octokit.rest.git.createTree({
      ...this.repo(name),
      tree: files.map((f, i) => ({ path: f.path, mode: '100644' as const, type: 'blob' as const, sha: shas[i] })),
    })
    const { data: commit } = await this.octokit.rest.git.createCommit({
      ...this.repo(name),
      message,
      tree: tree.sha,
      parents: [ref.object.sha],
    })
    await this.octokit.rest.git.updateRef({ ...this.repo(name), ref: 'heads/main', sha: commit.sha })
    return { sha: commit.sha }
  }

  async info(name: string): Promise<RepoInfo> {
    const { data: repo } = await mapped('Repository', () => this.octokit.rest.repos.get(this.repo(name)))
    const commits = await this.octokit.rest.repos.listCommits({
      ...this.repo(name),
      sha: repo.default_branch,
      per_page: 1,
    })
    const last = /[?&]page=(\d+)>; rel="last"/.exec(commits.headers.link ?? '')
    const latest = commits.data[0]
    return {
      name,
      private: repo.private,
      defaultBranch: repo.default_branch,
      url: repo.html_url,
      cloneUrl: repo.clone_url,
      sshUrl: repo.ssh_url,
      createdAt: new Date(repo.created_at).toISOString(),
      size: repo.size * 1024,
      commitCount: last ? Number(last[1]) : commits.data.length,
      latestCommit: latest
        ? {
            sha: latest.sha,
            message: latest.commit.message,
            date: latest.commit.committer?.date ?? latest.commit.author?.date ?? '',
          }
        : null,
    }
  }

  async setPrivate(name: string, isPrivate: boolean): Promise<void> {
    await mapped('Repository', () => this.octokit.rest.repos.update({ ...this.repo(name), private: isPrivate }))
    await records.setRepoPrivate(this.deps.db, name, isPrivate)
  }

  async listCollaborators(name: string) {
    const { data } = await mapped('Repository', () =>
      this.octokit.rest.repos.listCollaborators({ ...this.repo(name), affiliation: 'direct', per_page: 100 }),
    )
    return data.map((c) => ({ username: c.login, permission: permissionOf(c.permissions) }))
  }

  async addCollaborator(name: string, username: string, permission: CollaboratorPermission = 'push') {
    await mapped(`User ${username}`, () =>
      this.octokit.rest.repos.addCollaborator({ ...this.repo(name), username, permission }),
    )
    return records.upsertCollaboratorRow(this.deps.db, name, username, permission)
  }

  async removeCollaborator(name: string, username: string): Promise<void> {
    await mapped(`Collaborator ${username}`, () =>
      this.octokit.rest.repos.removeCollaborator({ ...this.repo(name), username }),
    )
    await records.deleteCollaboratorRow(this.deps.db, name, username).catch((e: unknown) => {
      if (!(e instanceof RepoNotFoundError)) throw e
    })
  }

  async listBranches(name: string): Promise<string[]> {
    const { data } = await mapped('Repository', () =>
      this.octokit.rest.repos.listBranches({ ...this.repo(name), per_page: 100 }),
    )
    return data.map((b) => b.name)
  }

  async createBranch(name: string, branchName: string, baseBranch = 'main') {
    const { data: base } = await mapped(`Base branch ${baseBranch}`, () =>
      this.octokit.rest.git.getRef({ ...this.repo(name), ref: `heads/${baseBranch}` }),
    )
    await mapped(`Branch ${branchName}`, () =>
      this.octokit.rest.git.createRef({ ...this.repo(name), ref: `refs/heads/${branchName}`, sha: base.object.sha }),
    )
    return { branchName, sha: base.object.sha }
  }

  /** GitHub answers the zipball with a redirect to a short-lived codeload URL: that URL is returned. */
  async archiveUrl(name: string, ref: string): Promise<string> {
    const response = await mapped(`Ref ${ref}`, () =>
      this.octokit.request('HEAD /repos/{owner}/{repo}/zipball/{ref}', {
        ...this.repo(name),
        ref,
        request: { redirect: 'manual' },
      }),
    )
    const location = response.headers.location
    if (!location) throw new Error('GitHub did not return an archive location')
    return location
  }

  async localCopyOf(name: string, sha: string): Promise<string> {
    if (!isSafeRepoName(name) || !/^[0-9a-f]{40}$/.test(sha)) throw new RepoNotFoundError(`Commit ${sha} of ${name}`)
    const gitDir = path.join(this.options.cacheDir, `${name}.git`)
    if (!fs.existsSync(path.join(gitDir, 'HEAD'))) {
      await fsp.mkdir(this.options.cacheDir, { recursive: true })
      await git(['init', '--bare', '--quiet', gitDir])
    }
    const has = await git(['--git-dir', gitDir, 'cat-file', '-e', `${sha}^{commit}`]).then(
      () => true,
      () => false,
    )
    if (!has) {
      const url = this.options.gitUrl?.(name) ?? `https://github.com/${this.org}/${name}.git`
      const basic = Buffer.from(`x-access-token:${this.options.token}`).toString('base64')
      // A ref per fetched commit keeps its objects from git's pruning of unreachable ones.
      await git(
        ['--git-dir', gitDir, 'fetch', '--quiet', '--no-tags', '--depth', '1', url, `${sha}:refs/analysed/${sha}`],
        {
          env: {
            GIT_CONFIG_COUNT: '1',
            GIT_CONFIG_KEY_0: 'http.extraHeader',
            GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}`,
          },
        },
      )
    }
    return gitDir
  }

  async delete(name: string): Promise<void> {
    try {
      await this.octokit.rest.repos.delete(this.repo(name))
    } catch (error) {
      if (statusOf(error) !== 404) throw error
    }
    if (isSafeRepoName(name))
      await fsp.rm(path.join(this.options.cacheDir, `${name}.git`), { recursive: true, force: true })
    await records.deleteRepoRow(this.deps.db, name)
  }
}

/** GitHub's permission flags → the panel's four levels. */
function permissionOf(p: { admin?: boolean; maintain?: boolean; push?: boolean } | undefined): CollaboratorPermission {
  if (p?.admin) return 'admin'
  if (p?.maintain) return 'maintain'
  if (p?.push) return 'push'
  return 'pull'
}
