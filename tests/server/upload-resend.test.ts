/**
 * A completed upload is idempotent. A chunk of a committed uploadId is answered
 * with the same committed result and no second commit; a crash during the commit (injected in the
 * repository host, in-process) leaves a state the resend of the whole upload completes; staging
 * is cleaned down to the upload's receipt.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projects } from '../../server/db/schema'
import type { RepoHost } from '../../server/services/repo-host/repo-host'
import type { TestContext } from './harness'
import { adminContext, insertProject } from './projects-helpers'
import { postChunk, run } from './upload-helpers'

const chunks = [[{ path: 'a.txt', data: Buffer.from('a\n') }], [{ path: 'src/b.txt', data: Buffer.from('b\n') }]]

describe('resending an upload (uploadId) after it was committed or crashed', () => {
  let ctx: TestContext
  let token: string
  beforeAll(async () => ({ ctx, token } = await adminContext()))
  afterAll(async () => ctx?.close())

  const sendAll = (projectId: string, uploadId: string) =>
    Promise.all(chunks.map((files, i) => postChunk(ctx, token, projectId, files, i, 2, { uploadId })))
  const git = async (name: string, ...args: string[]) =>
    (await run('git', ['--git-dir', path.join(ctx.dataDir, 'git', `${name}.git`), ...args])).stdout.trim()
  const stagingOf = (projectId: string, uploadId: string) =>
    fs.readdir(path.join(ctx.dataDir, 'uploads', projectId, uploadId))
  /** Replace the host's commitTree for one call: `mode` says whether the crash comes before or after the branch moves. */
  function crashCommit(mode: 'before' | 'after') {
    const host: RepoHost = ctx.deps.repoHost
    const real = host.commitTree
    host.commitTree = async (...args) => {
      host.commitTree = real
      if (mode === 'after') await real.apply(host, args)
      throw new Error(`injected crash ${mode} the commit`)
    }
  }
  async function expectOneCleanCommit(projectId: string, uploadId: string, bodies: { status: number; body: any }[]) {
    for (const res of bodies)
      expect(res).toMatchObject({
        status: 200,
        body: { message: 'Upload completed successfully!', data: { committed: true } },
      })
    const name = bodies[0].body.data.github.repoName
    expect(bodies.every((b) => b.body.data.github.repoName === name)).toBe(true)
    expect(await git(name, 'rev-list', '--count', 'main')).toBe('1')
    expect((await git(name, 'ls-tree', '-r', '--name-only', 'main')).split('\n')).toEqual(['a.txt', 'src/b.txt'])
    await git(name, 'fsck', '--strict')
    const [row] = await ctx.deps.db.select().from(projects).where(eq(projects.id, projectId))
    expect(row).toMatchObject({ hasFiles: true, totalFileSize: 4 })
    expect(await stagingOf(projectId, uploadId)).toEqual(['committed.json'])
  }

  it('answers every chunk of a committed upload with the same result and commits once', async () => {
    const project = await insertProject(ctx, { title: 'Resend done' })
    const first = [
      await postChunk(ctx, token, project.id, chunks[0], 0, 2, { uploadId: 'r1' }),
      await postChunk(ctx, token, project.id, chunks[1], 1, 2, { uploadId: 'r1' }),
    ]
    expect(first[0].body.data.committed).toBe(false)
    const again = await sendAll(project.id, 'r1')
    for (const res of again) expect(res.body.data.github).toEqual(first[1].body.data.github)
    await expectOneCleanCommit(project.id, 'r1', [first[1], ...again])
    const other = await postChunk(ctx, token, project.id, chunks[0], 0, 3, { uploadId: 'r1' })
    expect(other).toMatchObject({ status: 409, body: { message: 'Upload r1 was committed with 2 chunks' } })
  })

  it.each(['before', 'after'] as const)(
    'a crash %s the branch moves: the resent upload completes with one commit',
    async (mode) => {
      const project = await insertProject(ctx, { title: `Crash ${mode}` })
      await postChunk(ctx, token, project.id, chunks[0], 0, 2, { uploadId: 'c1' })
      crashCommit(mode)
      const crashed = await postChunk(ctx, token, project.id, chunks[1], 1, 2, { uploadId: 'c1' })
      expect(crashed.status).toBe(500)
      const resent = []
      for (const [i, files] of chunks.entries())
        resent.push(await postChunk(ctx, token, project.id, files, i, 2, { uploadId: 'c1' }))
      await expectOneCleanCommit(project.id, 'c1', resent)
    },
  )

  it('a crash while the chunks are deleted after the receipt: the next resent chunk drops the leftovers', async () => {
    const project = await insertProject(ctx, { title: 'Crash cleanup' })
    const done = await sendAll(project.id, 'd1')
    const spool = ctx.deps.staging.openSpool()
    await spool.put(0, Readable.from([Buffer.from('x')]))
    await ctx.deps.staging.stageChunk(project.id, 'd1', 1, 2, spool, [{ index: 0, path: 'left.txt', size: 1 }])
    expect((await stagingOf(project.id, 'd1')).length).toBeGreaterThan(1)
    const resent = await postChunk(ctx, token, project.id, chunks[1], 1, 2, { uploadId: 'd1' })
    await expectOneCleanCommit(project.id, 'd1', [...done.filter((d) => d.body.data.committed), resent])
  })
})
