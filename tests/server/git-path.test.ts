/**
 * src/api/schemas/git-path.ts against git itself: each path (and content) is written the way the
 * server writes uploads (fast-import, server/services/repo-host/fast-import.ts) into a fresh bare
 * repository that must pass `git fsck --strict`, and added with `git update-index --add` under
 * core.protectNTFS and core.protectHFS. The table states git's verdict (so a git upgrade that
 * changes it is noticed) and ours; ours may be stricter (`stricter`), never more lenient.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gitFileError, gitPathError, GITATTRIBUTES_MAX_LINE } from '../../src/api/schemas/git-path'
import { fastImportCommit } from '../../server/services/repo-host/fast-import'
import { run } from './upload-helpers'

type Case = { path: string; data?: string; gitRefuses: boolean; stricter?: boolean }

const refused = (...paths: string[]): Case[] => paths.map((p) => ({ path: p, gitRefuses: true }))
const accepted = (...paths: string[]): Case[] => paths.map((p) => ({ path: p, gitRefuses: false }))
const long = (n: number) => 'a'.repeat(n)

const CASES: Case[] = [
  ...accepted(
    'a.txt',
    'src/index.ts',
    '.gitignore',
    '.github/workflows/ci.yml',
    '.gitkeep',
    '.git.x/y',
    '..a',
    'a..',
    '.git~1',
    'git~2/x',
    'GI~1/x',
    'aux.c',
    'nul',
    'a:b',
    'C:/a',
    '.gi\u0307t',
    'dir with space/ünïcödé "q".txt',
    '.gitmodules.bak',
    'a\\b',
    '.gitignore.',
    'x/.gitattributes',
  ),
  // verify_path / verify_dotfile: empty components, '.', '..', '.git' in any case, anywhere.
  ...refused(
    '.',
    '..',
    'a/../b',
    './a',
    'a/./b',
    'a//b',
    '/a',
    'a/',
    '.git',
    'sub/.git',
    '.git/config',
    '.GIT/x',
    '.Git',
  ),
  // is_ntfs_dotgit: trailing periods and spaces, alternate data streams, the 8.3 short name, backslashes.
  ...refused(
    '.git./config',
    '.git /config',
    'x/.git ./y',
    '.git..  .',
    '.git:x',
    '.git::$INDEX_ALLOCATION/x',
    'GIT~1/config',
    'git~1',
    'git~1.',
    'GIT~1:x',
    'a\\.git\\x',
  ),
  // is_hfs_dotgit: code points HFS+ ignores inside '.git'.
  ...refused('.g\u200cit/x', '\u200c.git', '\ufeff.git', '.git\u200d', '.g\u202eit/x', 'a/.\u206agit'),
  // fsck: a .gitmodules / .gitattributes (or alias) must be a blob.
  ...refused(
    '.gitmodules/x',
    'GITMOD~1/x',
    'gi7d29~3/y',
    '.gitattributes/x',
    'sub/.gitattributes /x',
    '.gitmodules:x/y',
  ),
  // Stricter than git: '..' and empty components split by backslashes; any .gitmodules.
  { path: 'a\\..\\b', gitRefuses: false, stricter: true },
  { path: '\\a', gitRefuses: false, stricter: true },
  { path: '.gitmodules', gitRefuses: false, stricter: true },
  { path: 'gi7eba~1', gitRefuses: false, stricter: true },
  { path: 'sub/.GitModules ', gitRefuses: false, stricter: true },
  // fsck parses these blobs: a bad .gitmodules, and .gitattributes lines of 2048 bytes or more.
  { path: '.gitmodules', data: '[submodule "../../x"]\n\tpath = x\n\turl = -oProxyCommand=evil\n', gitRefuses: true },
  { path: 'GITMOD~1', data: '[submodule "../x"]\n\tpath = x\n', gitRefuses: true },
  { path: '.gitattributes', data: `${long(GITATTRIBUTES_MAX_LINE - 1)}\n* text\n`, gitRefuses: false },
  { path: '.gitattributes', data: `* text\n${long(GITATTRIBUTES_MAX_LINE)} binary\n`, gitRefuses: true },
  { path: 'sub/GITATT~1', data: long(GITATTRIBUTES_MAX_LINE), gitRefuses: true },
  { path: '.gitattributes.', data: long(GITATTRIBUTES_MAX_LINE + 5), gitRefuses: true },
  { path: '.gitattributes', data: `* text\0${long(GITATTRIBUTES_MAX_LINE)}`, gitRefuses: false },
]

let root: string
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'git-path-'))
})
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true })
})

/** True when git refuses the case: fast-import or `fsck --strict` fails, or update-index refuses the path. */
async function gitRefuses(c: Case, i: number): Promise<boolean> {
  const dir = path.join(root, String(i))
  await fs.mkdir(dir)
  const blob = path.join(dir, 'blob')
  const data = Buffer.from(c.data ?? 'x\n')
  await fs.writeFile(blob, data)
  const bare = path.join(dir, 'repo.git')
  await run('git', ['init', '--bare', '--quiet', bare])
  let fsckFails: boolean
  try {
    await fastImportCommit(bare, {
      branch: 'main',
      parent: null,
      message: 'case',
      when: new Date(0),
      files: [{ path: c.path, sourcePath: blob, size: data.length }],
    })
    fsckFails = await run('git', ['--git-dir', bare, 'fsck', '--strict']).then(
      () => false,
      () => true,
    )
  } catch {
    fsckFails = true
  }
  const work = path.join(dir, 'work')
  await run('git', ['init', '--quiet', work])
  const sha = (await run('git', ['-C', work, 'hash-object', '-w', blob])).stdout.trim()
  const indexRefuses = await run('git', [
    '-C',
    work,
    '-c',
    'core.protectNTFS=true',
    '-c',
    'core.protectHFS=true',
    'update-index',
    '--add',
    '--cacheinfo',
    `100644,${sha},${c.path}`,
  ]).then(
    () => false,
    () => true,
  )
  return fsckFails || indexRefuses
}

describe('git-path: our rule agrees with git (fast-import + fsck --strict, update-index)', () => {
  it(`${CASES.length} paths`, async () => {
    const verdicts: { path: string; git: boolean; ours: boolean }[] = []
    // Four at a time: each case spawns five short git processes.
    for (let start = 0; start < CASES.length; start += 4) {
      const batch = CASES.slice(start, start + 4)
      verdicts.push(
        ...(await Promise.all(
          batch.map(async (c, j) => {
            const ours =
              (c.data === undefined ? gitPathError(c.path) : gitFileError(c.path, Buffer.from(c.data))) !== null
            return { path: JSON.stringify(c.path), git: await gitRefuses(c, start + j), ours }
          }),
        )),
      )
    }
    expect(verdicts).toEqual(
      CASES.map((c) => ({ path: JSON.stringify(c.path), git: c.gitRefuses, ours: c.gitRefuses || !!c.stricter })),
    )
  })

  it('names the path component and the rule', () => {
    expect(gitPathError('sub/.git')).toBe("'.git' is reserved by git (.git)")
    expect(gitPathError('GIT~1/config')).toBe("'GIT~1' is reserved by git (.git)")
    expect(gitPathError('a//b')).toBe('Empty path component')
    expect(gitPathError('src/a.ts')).toBeNull()
  })
})
