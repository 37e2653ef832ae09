/**
 * A hostile tree gives a report that lists what it found and what it could not read, instead of
 * failing: binary junk named .js, a malformed package.json, a 10 MB single-line file, 40 nested
 * folders, an .env file, a private key, a keystore and an installed node_modules/ package.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyseCommit } from '../../../../server/services/source-report/analyse-commit'
import { bareRepository, commitTree, type FixtureFile } from './fixture'

const MB10 = 10 * 1024 * 1024
const DEEP = `${Array.from({ length: 40 }, (_, i) => `d${i}`).join('/')}/deep.ts`

const TREE: FixtureFile[] = [
  { path: 'README', data: 'Title\n=====\n' },
  { path: 'src/junk.js', data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 0, 0xff, 0xfe]) },
  { path: 'package.json', data: '{"name": "x", "dependencies": {' },
  { path: 'dist/app.min.js', data: `var a="${'x'.repeat(MB10 - 9)}";` },
  { path: DEEP, data: 'export const deep = true\n' },
  { path: '.env', data: 'DB_PASSWORD=hunter2\n' },
  { path: '.env.example', data: 'DB_PASSWORD=\n' },
  { path: 'keys/id_rsa', data: 'not really a key\n' },
  { path: 'certs/server.p12', data: 'not really a keystore\n' },
  { path: 'node_modules/left-pad/index.js', data: 'module.exports = 1\n' },
  { path: 'node_modules/left-pad/package.json', data: '{"dependencies": 5}' },
]

describe('analyseCommit on a hostile tree', () => {
  let repo: Awaited<ReturnType<typeof bareRepository>>
  let sha: string
  beforeAll(async () => {
    repo = await bareRepository()
    sha = await commitTree(repo.gitDir, TREE)
  })
  afterAll(() => repo.remove())

  it('lists the junk, the unparseable manifest, the huge file and what should not ship', async () => {
    const report = await analyseCommit(repo.gitDir, sha)
    expect(report.analyserErrors).toEqual([])
    expect(report.files.count).toBe(TREE.length)
    expect(report.files.binaries).toEqual([{ path: 'src/junk.js', bytes: 12 }])
    expect(report.files.notExamined).toEqual([{ path: 'dist/app.min.js', bytes: MB10, reason: 'too-large' }])
    expect(report.files.largest[0]).toEqual({ path: 'dist/app.min.js', bytes: MB10 })
    expect(report.files.shouldNotShip).toEqual([
      { path: '.env', reason: 'env-file' },
      { path: 'certs/server.p12', reason: 'keystore' },
      { path: 'keys/id_rsa', reason: 'private-key' },
      { path: 'node_modules/', reason: 'node-modules' },
    ])
    expect(report.files.truncated).toBe(false)
    // The installed package's manifest is not the project's.
    expect(report.manifests).toHaveLength(1)
    expect(report.manifests[0]).toMatchObject({
      path: 'package.json',
      ecosystem: 'npm',
      status: 'unparseable',
      dependencies: [],
    })
    expect(report.manifests[0].error).toMatch(/JSON/)
    expect(report.readme).toEqual({ path: 'README', firstHeading: 'Title', bytes: 12 })
    expect(report.licence).toEqual({ status: 'none' })
    expect(report.languages.byLanguage.map((l) => l.name)).toEqual(['TypeScript'])
    expect(report.risk.reasons.map((r) => [r.code, r.points])).toEqual([
      ['private-key', 40],
      ['keystore', 30],
      ['env-file', 25],
      ['node-modules', 10],
      ['binaries', 3],
      ['no-licence', 20],
      ['huge-files', 10],
      ['unparseable-manifests', 5],
    ])
    expect(report.risk.weight).toBe(143)
  })

  it('stops listing at maxEntries and reads no more than maxContentFiles, saying so', async () => {
    const report = await analyseCommit(repo.gitDir, sha, { limits: { maxEntries: 4, maxContentFiles: 2 } })
    expect(report.files.count).toBe(4)
    expect(report.files.truncated).toBe(true)
    // Git lists '.env', '.env.example', 'README', 'certs/server.p12' first. The README is read
    // before the others, then '.env'; the budget of two files leaves the last two unread.
    expect(report.files.notExamined.map((f) => [f.path, f.reason])).toEqual([
      ['.env.example', 'budget'],
      ['certs/server.p12', 'budget'],
    ])
    expect(report.readme?.firstHeading).toBe('Title')
    expect(report.manifests).toEqual([])
    expect(report.risk.reasons.at(-1)).toEqual({
      code: 'truncated',
      points: 10,
      detail: 'the tree exceeded the report limits',
    })
  })
})
