/**
 * An upload chunk with a path git refuses is answered 400 naming the path, nothing
 * is staged or committed, and the project's bare repository stays `git fsck --strict` clean.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestContext } from './harness'
import { adminContext, insertProject } from './projects-helpers'
import { postChunk, run } from './upload-helpers'

const file = (p: string, text = 'x\n') => ({ path: p, data: Buffer.from(text) })

const HOSTILE = [
  '.git',
  'sub/.git',
  '.git./config',
  '.git /config',
  'GIT~1/config',
  'git~1',
  '.GIT.',
  '.g\u200cit/config',
  '\ufeff.git',
  'a/.git::$INDEX_ALLOCATION/x',
  '.gitmodules',
  'GITMOD~1/x',
  '.gitattributes/x',
]

describe('upload paths git refuses', () => {
  let ctx: TestContext
  let token: string
  beforeAll(async () => ({ ctx, token } = await adminContext()))
  afterAll(async () => ctx?.close())

  it('refuses each hostile path with 400 naming it; the repository stays fsck-clean and unchanged', async () => {
    const project = await insertProject(ctx, { title: 'Hostile' })
    const first = await postChunk(ctx, token, project.id, [file('ok.txt')], 0, 1)
    expect(first.body.data.committed).toBe(true)
    const gitDir = path.join(ctx.dataDir, 'git', `${first.body.data.github.repoName}.git`)
    const head = (await run('git', ['--git-dir', gitDir, 'rev-parse', 'main'])).stdout
    for (const hostile of HOSTILE) {
      const res = await postChunk(ctx, token, project.id, [file('src/a.ts'), file(hostile)], 0, 1, { uploadId: 'h1' })
      expect(res.status, hostile).toBe(400)
      expect(res.body.message, hostile).toContain(`Path refused by git: ${hostile}: `)
    }
    const long = await postChunk(ctx, token, project.id, [file('.gitattributes', `${'a'.repeat(2048)}\n`)], 0, 1)
    expect(long).toMatchObject({
      status: 400,
      body: { message: "Path refused by git: .gitattributes: '.gitattributes' has a line of 2048 bytes or more" },
    })
    expect((await run('git', ['--git-dir', gitDir, 'rev-parse', 'main'])).stdout).toBe(head)
    await run('git', ['--git-dir', gitDir, 'fsck', '--strict'])
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', project.id, 'h1'))).toBe(false)
  })

  it('still commits the ordinary git files (.gitignore, .gitattributes, .github/) and fsck passes', async () => {
    const project = await insertProject(ctx, { title: 'Ordinary' })
    const files = [
      file('.gitignore', 'node_modules\n'),
      file('.gitattributes', '* text=auto\n'),
      file('.github/workflows/ci.yml', 'on: push\n'),
      file('.git.txt'),
      file('src/.gitkeep', ''),
    ]
    const res = await postChunk(ctx, token, project.id, files, 0, 1)
    expect(res.status).toBe(200)
    const gitDir = path.join(ctx.dataDir, 'git', `${res.body.data.github.repoName}.git`)
    const tree = (await run('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', 'main'])).stdout
      .trim()
      .split('\n')
    expect(tree.sort()).toEqual(files.map((f) => f.path).sort())
    await run('git', ['--git-dir', gitDir, 'fsck', '--strict'])
  })
})
