import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GithubHost } from '../../server/services/repo-host/github'
import { RepoConflictError, RepoNotFoundError } from '../../server/services/repo-host/repo-host'
import { deleteRepoRow, ensureRepoRow, findRepoRow } from '../../server/db/queries/repositories.queries'
import fixtures from '../fixtures/github/api.json'
import { call, createTestContext, type TestContext } from './harness'
import { adminSession } from './projects-helpers'

type Recorded = { status: number; headers?: Record<string, string>; body?: unknown }
type Sent = { method: string; path: string; query: string; body: any; auth: string | null }

/** A fetch that answers from tests/fixtures/github/api.json (in order; the last repeats) and records requests. */
function replayFetch(sent: Sent[]): typeof fetch {
  const cursor = new Map<string, number>()
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const method = (init?.method ?? 'GET').toUpperCase()
    const key = `${method} ${decodeURIComponent(url.pathname)}`
    const headers = new Headers(init?.headers)
    sent.push({
      method,
      path: decodeURIComponent(url.pathname),
      query: url.search,
      auth: headers.get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    })
    const list = (fixtures as Record<string, Recorded[]>)[key]
    if (!list) return new Response(JSON.stringify({ message: `no fixture for ${key}` }), { status: 599 })
    const i = cursor.get(key) ?? 0
    cursor.set(key, i + 1)
    const r = list[Math.min(i, list.length - 1)]
    const body = r.body === undefined || method === 'HEAD' ? null : JSON.stringify(r.body)
    return new Response(body, {
      status: r.status,
      headers: { ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}), ...r.headers },
    })
  }
}

describe('GitHub repository host against recorded responses', () => {
  let ctx: TestContext
  let host: GithubHost
  const sent: Sent[] = []
  const name = 'shop-app-1a2b3c4d'
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  // Each test replays the recording from its start and finds the repository's row in place.
  beforeEach(async () => {
    sent.length = 0
    host = new GithubHost(ctx.deps, {
      token: 'ghp_test',
      org: 'acme',
      cacheDir: path.join(ctx.dataDir, 'github-cache'),
      fetch: replayFetch(sent),
      blobConcurrency: 1,
    })
    await ensureRepoRow(ctx.deps.db, { name, provider: 'github', private: true, projectId: null })
  })
  afterAll(async () => ctx?.close())
  const requests = (method: string, suffix: string) =>
    sent.filter((r) => r.method === method && r.path.endsWith(suffix))

  it('creates the repository in the org (auto_init, private) and mirrors it in the database', async () => {
    await deleteRepoRow(ctx.deps.db, name)
    const info = await host.create(name, { private: true, projectId: null })
    expect(requests('POST', '/orgs/acme/repos')[0].body).toEqual({ name, private: true, auto_init: true })
    expect(sent[0].auth).toBe('token ghp_test')
    expect(info).toMatchObject({
      name,
      private: true,
      defaultBranch: 'main',
      cloneUrl: `https://github.com/acme/${name}.git`,
      sshUrl: `git@github.com:acme/${name}.git`,
      size: 108 * 1024,
      commitCount: 2,
      latestCommit: { message: 'Upload 2 files', sha: 'c0ffee0000000000000000000000000000000002' },
    })
    expect(await findRepoRow(ctx.deps.db, name)).toMatchObject({ provider: 'github', private: true })
  })

  it('commits a whole tree as one commit through the Git Data API', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gh-'))
    await fs.writeFile(path.join(dir, '0'), 'hello')
    await fs.writeFile(path.join(dir, '1'), Buffer.from([0, 255]))
    const result = await host.commitTree(
      name,
      [
        { path: 'README.md', sourcePath: path.join(dir, '0'), size: 5 },
        { path: 'bin/x.dat', sourcePath: path.join(dir, '1'), size: 2 },
      ],
      'Upload 2 files',
    )
    expect(result.sha).toBe('c0ffee0000000000000000000000000000000002')
    expect(requests('POST', '/git/blobs').map((r) => r.body)).toEqual([
      { content: Buffer.from('hello').toString('base64'), encoding: 'base64' },
      { content: Buffer.from([0, 255]).toString('base64'), encoding: 'base64' },
    ])
    expect(requests('POST', '/git/trees')[0].body.tree).toEqual([
      { path: 'README.md', mode: '100644', type: 'blob', sha: 'b10b000000000000000000000000000000000001' },
      { path: 'bin/x.dat', mode: '100644', type: 'blob', sha: 'b10b000000000000000000000000000000000002' },
    ])
    expect(requests('POST', '/git/trees')[0].body.base_tree).toBeUndefined()
    expect(requests('POST', '/git/commits')[0].body).toEqual({
      message: 'Upload 2 files',
      tree: '7ree000000000000000000000000000000000001',
      parents: ['c0ffee0000000000000000000000000000000001'],
    })
    expect(requests('PATCH', '/git/refs/heads/main')[0].body).toEqual({ sha: result.sha })
    await fs.rm(dir, { recursive: true })
  })

  it('sets privacy, manages collaborators and branches, answers the archive location, deletes', async () => {
    await host.setPrivate(name, false)
    expect(requests('PATCH', `/repos/acme/${name}`)[0].body).toEqual({ private: false })
    expect((await findRepoRow(ctx.deps.db, name))?.private).toBe(false)
    expect(await host.listCollaborators(name)).toEqual([
      { username: 'octocat', permission: 'push' },
      { username: 'hubot', permission: 'admin' },
    ])
    expect(await host.addCollaborator(name, 'alice', 'maintain')).toEqual({ username: 'alice', permission: 'maintain' })
    expect(requests('PUT', '/collaborators/alice')[0].body).toEqual({ permission: 'maintain' })
    await expect(host.addCollaborator(name, 'no-such-user-x')).rejects.toBeInstanceOf(RepoNotFoundError)
    await host.removeCollaborator(name, 'alice')
    expect(await host.listBranches(name)).toEqual(['feature-x', 'main'])
    expect(await host.createBranch(name, 'feature-x')).toEqual({
      branchName: 'feature-x',
      sha: 'c0ffee0000000000000000000000000000000001',
    })
    expect(requests('POST', '/git/refs')[0].body).toEqual({
      ref: 'refs/heads/feature-x',
      sha: 'c0ffee0000000000000000000000000000000001',
    })
    await expect(host.createBranch(name, 'feature-x')).rejects.toBeInstanceOf(RepoConflictError)
    await expect(host.createBranch(name, 'y', 'missing')).rejects.toBeInstanceOf(RepoNotFoundError)
    expect(await host.archiveUrl(name, 'main')).toMatch(/^https:\/\/codeload\.github\.com\/acme\/.+legacy\.zip/)
  })

  it('serves the /api/github routes over the GitHub host', async () => {
    ctx.deps.repoHost = host
    const { token } = await adminSession(ctx)
    const created = await call(ctx, 'POST', `/api/github/repo/${name}/branches`, { branchName: 'feature-x' }, token)
    expect(created.status).toBe(201)
    const dup = await call(ctx, 'POST', `/api/github/repo/${name}/branches`, { branchName: 'feature-x' }, token)
    expect(dup.status).toBe(409)
    const archive = await call(ctx, 'GET', `/api/github/repo/${name}/archive?ref=main`, undefined, token)
    expect(archive.body.url).toContain('codeload.github.com')
    const deleted = await call(ctx, 'DELETE', `/api/github/repo/${name}`, undefined, token)
    expect(deleted.body).toEqual({ success: true, message: 'Repository deleted.' })
    expect(requests('DELETE', `/repos/acme/${name}`)).toHaveLength(1)
    expect(await findRepoRow(ctx.deps.db, name)).toBeNull()
  })
})
