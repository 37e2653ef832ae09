import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { projects } from '../../server/db/schema'
import { ADMIN_EMAIL, describeEachDatabase } from './harness'
import { adminSession, insertProject } from './projects-helpers'
import { generateTree, gitClone, listen, readTree, uploadTree } from './upload-helpers'

describeEachDatabase('source upload → one commit → git clone', (get) => {
  let server: Awaited<ReturnType<typeof listen>>
  beforeAll(async () => {
    server = await listen(get())
  })
  afterAll(async () => {
    await server?.close()
  })

  it('uploads 2,500 files in 25 chunks and the clone equals the filtered tree byte for byte', async () => {
    const ctx = get()
    const { token } = await adminSession(ctx)
    const project = await insertProject(ctx, { title: 'Shop App' })
    const tree = generateTree(2_490)
    const junk = [
      { path: 'node_modules/react/index.js', data: Buffer.from('x') },
      { path: 'dist/bundle.js', data: Buffer.from('x') },
      { path: 'src/.DS_Store', data: Buffer.from('x') },
      { path: 'debug.log', data: Buffer.from('x') },
      { path: 'model.onnx', data: Buffer.from('x') },
    ]
    const kept = [
      { path: 'package.json', data: Buffer.from('{"name":"shop"}\n') },
      { path: 'README.md', data: Buffer.from('# Shop\n') },
      { path: 'dir with space/ünïcödé "quoted".txt', data: Buffer.from('odd name\n') },
      { path: 'empty.txt', data: Buffer.alloc(0) },
      { path: 'index.html', data: Buffer.from('<!doctype html>') },
    ]
    const bodies = await uploadTree(ctx, token, project.id, [...kept, ...tree, ...junk])
    expect(bodies).toHaveLength(25)
    expect(bodies.slice(0, 24).every((b) => b.data.committed === false && b.data.github === null)).toBe(true)
    const last = bodies[24]
    expect(last).toMatchObject({ success: true, message: 'Upload completed successfully!', data: { committed: true } })
    const failed = bodies.flatMap((b) => b.data.failedUploads)
    expect(failed.map((f: { path: string }) => f.path).sort()).toEqual(junk.map((j) => j.path).sort())
    expect(failed.find((f: { path: string }) => f.path === 'debug.log').error).toBe('Excluded file type: .log')

    const github = last.data.github
    expect(github.repoName).toMatch(/^shop-app-[0-9a-f]{8}$/)
    expect(github.cloneUrl).toBe(`${ctx.deps.env.PUBLIC_URL}/git/${github.repoName}.git`)
    expect(github.private).toBe(true)

    const expected = new Map([...kept, ...tree].map((f) => [f.path, f.data]))
    const [row] = await ctx.deps.db.select().from(projects).where(eq(projects.id, project.id))
    expect(row.hasFiles).toBe(true)
    expect(row.totalFileSize).toBe([...expected.values()].reduce((s, b) => s + b.length, 0))
    expect(row.githubRepo).toMatchObject({ name: github.repoName, cloneUrl: github.cloneUrl, private: true })
    expect(await fs.readdir(path.join(ctx.dataDir, 'uploads', project.id))).toEqual([])

    const credential = `${encodeURIComponent(ADMIN_EMAIL)}:${token}`
    const dir = await gitClone(`${server.url.replace('http://', `http://${credential}@`)}/git/${github.repoName}.git`)
    const cloned = await readTree(dir)
    expect([...cloned.keys()].sort()).toEqual([...expected.keys()].sort())
    for (const [p, data] of expected) expect(cloned.get(p)?.equals(data), p).toBe(true)
    const log = await import('./upload-helpers').then((m) => m.run('git', ['-C', dir, 'log', '--format=%s']))
    expect(log.stdout.trim().split('\n')).toEqual(['Upload 2495 files'])
    await fs.rm(dir, { recursive: true, force: true })
  })
})
