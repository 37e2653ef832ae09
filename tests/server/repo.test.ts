import JSZip from 'jszip'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { projects } from '../../server/db/schema'
import { ADMIN_EMAIL, call, createTestContext, type TestContext } from './harness'
import { adminSession, insertProject } from './projects-helpers'
import { sessionToken } from './session-token'
import { gitClone, listen, postChunk, readTree, run } from './upload-helpers'

describe('repository panel /api/github/repo/:name and git smart HTTP', () => {
  let ctx: TestContext
  let token: string
  let server: Awaited<ReturnType<typeof listen>>
  /** The repository of this test: each test gets its own project with a fresh two-file upload. */
  let name: string
  let projectId: string
  beforeAll(async () => {
    ctx = await createTestContext()
    // A fresh OTP proof: opening a repository to others (collaborators, public) is a step-up action.
    token = await sessionToken(ctx, (await adminSession(ctx)).adminId)
    server = await listen(ctx)
  })
  beforeEach(async () => {
    const project = await insertProject(ctx, { title: 'Panel Repo' })
    projectId = project.id
    const res = await postChunk(
      ctx,
      token,
      project.id,
      [
        { path: 'README.md', data: Buffer.from('# hi\n') },
        { path: 'src/a.ts', data: Buffer.from('export {}\n') },
      ],
      0,
      1,
    )
    name = res.body.data.github.repoName
  })
  afterAll(async () => {
    await server?.close()
    await ctx?.close()
  })
  const api = (method: string, path: string, body?: unknown) =>
    call(ctx, method, `/api/github/repo/${name}${path}`, body, token)

  it('shows repository info', async () => {
    const res = await api('GET', '')
    expect(res.status).toBe(200)
    expect(res.body.repo).toMatchObject({
      name,
      private: true,
      defaultBranch: 'main',
      commitCount: 1,
      cloneUrl: `${ctx.deps.env.PUBLIC_URL}/git/${name}.git`,
      latestCommit: { message: 'Upload 2 files' },
    })
    expect(res.body.repo.size).toBeGreaterThan(0)
    expect((await call(ctx, 'GET', '/api/github/repo/nope-123', undefined, token)).status).toBe(404)
    expect((await call(ctx, 'GET', `/api/github/repo/${name}`)).status).toBe(401)
  })

  it('private repositories need an admin credential to clone; public ones clone anonymously', async () => {
    const anonymous = `${server.url}/git/${name}.git`
    await expect(gitClone(anonymous)).rejects.toThrow(/Authentication failed|could not read Username|401/)
    const wrong = `${server.url.replace('http://', `http://${encodeURIComponent(ADMIN_EMAIL)}:not-a-token@`)}/git/${name}.git`
    await expect(gitClone(wrong)).rejects.toThrow()
    expect((await api('PUT', '/features', { private: false })).body).toMatchObject({ success: true, private: false })
    const [row] = await ctx.deps.db.select().from(projects).where(eq(projects.id, projectId))
    expect(row.githubRepo?.private).toBe(false)
    const dir = await gitClone(anonymous)
    expect([...(await readTree(dir)).keys()].sort()).toEqual(['README.md', 'src/a.ts'])
    const push = await run('git', ['-C', dir, 'push', 'origin', 'HEAD:refs/heads/evil']).catch((e: Error) => e)
    expect(push).toBeInstanceOf(Error)
    const receive = await fetch(`${server.url}/git/${name}.git/info/refs?service=git-receive-pack`)
    expect(receive.status).toBe(403)
    expect((await api('PUT', '/features', { private: 'no' })).status).toBe(400)
    expect((await api('PUT', '/features', { private: true, extra: 1 })).body.message).toBe('Unknown field: extra')
  })

  it('adds, lists and removes collaborators (default push)', async () => {
    expect((await api('POST', '/collaborators', { permission: 'admin' })).body.message).toBe('Username is required')
    expect((await api('POST', '/collaborators', { username: 'alice' })).body.collaborator).toEqual({
      username: 'alice',
      permission: 'push',
    })
    await api('POST', '/collaborators', { username: 'bob', permission: 'maintain' })
    expect((await api('POST', '/collaborators', { username: 'bob', permission: 'owner' })).status).toBe(400)
    expect((await api('GET', '/collaborators')).body.collaborators).toEqual([
      { username: 'alice', permission: 'push' },
      { username: 'bob', permission: 'maintain' },
    ])
    expect((await api('DELETE', '/collaborators/alice')).status).toBe(200)
    expect((await api('DELETE', '/collaborators/alice')).status).toBe(404)
    expect((await api('GET', '/collaborators')).body.collaborators).toEqual([
      { username: 'bob', permission: 'maintain' },
    ])
  })

  it('creates real branches from main and refuses duplicates and bad names', async () => {
    expect((await api('POST', '/branches', {})).body.message).toBe('Branch name is required')
    const created = await api('POST', '/branches', { branchName: 'feature/x' })
    expect(created).toMatchObject({ status: 201, body: { branch: { branchName: 'feature/x', baseBranch: 'main' } } })
    expect((await api('POST', '/branches', { branchName: 'feature/x' })).status).toBe(409)
    expect((await api('POST', '/branches', { branchName: 'y', baseBranch: 'missing' })).status).toBe(404)
    expect((await api('POST', '/branches', { branchName: '../evil' })).status).toBe(400)
    expect((await api('GET', '/branches')).body.branches).toEqual(['feature/x', 'main'])
    // The repository is private: list its heads as the admin (e-mail + access token).
    const admin = server.url.replace('http://', `http://${encodeURIComponent(ADMIN_EMAIL)}:${token}@`)
    const ls = await run('git', ['ls-remote', '--heads', `${admin}/git/${name}.git`])
    expect(ls.stdout).toContain('refs/heads/feature/x')
  })

  it('answers a signed archive URL serving a real zip of the ref', async () => {
    const res = await api('GET', '/archive?ref=main')
    expect(res.body.url).toMatch(new RegExp(`/files/archives/${name}/main.zip\\?expires=\\d+&sig=`))
    const url = new URL(res.body.url)
    const zipRes = await fetch(`${server.url}${url.pathname}${url.search}`)
    expect(zipRes.headers.get('content-type')).toBe('application/zip')
    const zip = await JSZip.loadAsync(await zipRes.arrayBuffer())
    expect(await zip.file(`${name}/README.md`)?.async('string')).toBe('# hi\n')
    expect(
      (await fetch(`${server.url}${url.pathname}?expires=${url.searchParams.get('expires')}&sig=forged`)).status,
    ).toBe(403)
    expect((await api('GET', '/archive?ref=nope')).status).toBe(404)
  })

  it('deletes the repository and clears the project repository details', async () => {
    const res = await api('DELETE', '')
    expect(res.body).toEqual({ success: true, message: 'Repository deleted.' })
    const [row] = await ctx.deps.db.select().from(projects).where(eq(projects.id, projectId))
    expect(row).toMatchObject({ githubRepo: null, hasFiles: false })
    expect((await fetch(`${server.url}/git/${name}.git/info/refs?service=git-upload-pack`)).status).toBe(404)
    expect((await api('DELETE', '')).status).toBe(404)
  })
})
