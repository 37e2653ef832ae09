/**
 * An upload whose paths a git tree cannot hold together (the same path twice, a file and a folder
 * of one name, in one chunk or across chunks of the upload) is refused with 400 naming the paths
 * before anything is committed, instead of answering 'Upload 2 files' over a tree of one.
 */
import { eq } from 'drizzle-orm'
import { Readable } from 'node:stream'
import { expect, it } from 'vitest'
import { projects } from '../../server/db/schema'
import { commitUpload } from '../../server/services/upload/commit'
import { describeEachDatabase, type TestContext } from './harness'
import { adminSession, insertProject } from './projects-helpers'
import { postChunk, run } from './upload-helpers'

const file = (p: string) => ({ path: p, data: Buffer.from(`${p}\n`) })
const repoOf = async (ctx: TestContext, id: string) =>
  (await ctx.deps.db.select({ repo: projects.githubRepo }).from(projects).where(eq(projects.id, id)))[0].repo

describeEachDatabase('colliding upload paths', (get) => {
  it('refuses one chunk with a path twice or a file and a folder of one name, naming them; nothing is staged', async () => {
    const ctx = get()
    const { token } = await adminSession(ctx)
    const project = await insertProject(ctx, { title: 'Collide' })
    const cases: [string[], string][] = [
      [['a.txt', 'src/b.ts', 'a.txt'], 'Paths collide: a.txt (twice)'],
      [['dir', 'dir/file'], 'Paths collide: dir (a file and a folder: dir/file)'],
      [['src\\util.ts', 'src/util.ts'], 'Paths collide: src/util.ts (twice)'],
    ]
    for (const [paths, message] of cases) {
      const res = await postChunk(ctx, token, project.id, paths.map(file), 0, 1, { uploadId: 'c1' })
      expect(res, paths.join()).toEqual({ status: 400, body: { success: false, message } })
    }
    expect(await ctx.deps.staging.storage.list(`uploads/${project.id}`)).toEqual([])
    expect(await repoOf(ctx, project.id)).toBeNull()
  })

  it('refuses a chunk whose path collides with another chunk of the upload; the upload completes once it is fixed', async () => {
    const ctx = get()
    const { token } = await adminSession(ctx)
    const project = await insertProject(ctx, { title: 'Across' })
    expect(
      (await postChunk(ctx, token, project.id, [file('lib'), file('x.ts')], 0, 3, { uploadId: 'a1' })).status,
    ).toBe(200)
    expect((await postChunk(ctx, token, project.id, [file('y.ts')], 1, 3, { uploadId: 'a1' })).status).toBe(200)
    const last = await postChunk(ctx, token, project.id, [file('lib/z.ts'), file('x.ts')], 2, 3, { uploadId: 'a1' })
    expect(last).toEqual({
      status: 400,
      body: { success: false, message: 'Paths collide: lib (a file and a folder: lib/z.ts), x.ts (twice)' },
    })
    expect(await repoOf(ctx, project.id)).toBeNull()
    const fixed = await postChunk(ctx, token, project.id, [file('src/z.ts')], 2, 3, { uploadId: 'a1' })
    expect(fixed.body.data.committed).toBe(true)
    const gitDir = `${ctx.dataDir}/git/${fixed.body.data.github.repoName}.git`
    const tree = (await run('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', 'main'])).stdout
      .trim()
      .split('\n')
    expect(tree).toEqual(['lib', 'src/z.ts', 'x.ts', 'y.ts'])
  })

  it('the commit itself refuses staged chunks whose paths collide', async () => {
    const ctx = get()
    const project = await insertProject(ctx, { title: 'Commit check' })
    const staging = ctx.deps.staging
    for (const [i, path] of ['docs', 'docs/a.md'].entries()) {
      const spool = staging.openSpool()
      await spool.put(0, Readable.from([Buffer.from(path)]))
      await staging.stageChunk(project.id, 'k1', i, 2, spool, [{ index: 0, path, size: path.length }])
    }
    await expect(
      commitUpload(ctx.deps, staging, project.id, { uploadId: 'k1', uploadKey: 'k1', totalChunks: 2 }),
    ).rejects.toMatchObject({ status: 400, message: 'Paths collide: docs (a file and a folder: docs/a.md)' })
    expect(await repoOf(ctx, project.id)).toBeNull()
  })
})
