/**
 * analyseCommit on fixture trees committed into a bare repository: the report names the secret
 * (rule, path:line, masked value), the licence (SPDX id and score), the README, the languages and
 * the manifests' dependencies exactly, and a second commit's report says what changed.
 */
import spdx from 'spdx-license-list/full'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyseCommit } from '../../../../server/services/source-report/analyse-commit'
import { bareRepository, commitTree, type FixtureFile } from './fixture'

// Built at run time so no credential-shaped literal sits in the repository; AWS's documented
// example key is ignored by secretlint's aws rule on purpose.
const SECRET = ['Zx9Qm3Lp7R', 't2Vw8Yb4Nc', '6Hd1Jf5Kg0', 'Ls3Pq7Tu2W'].join('')
const MIT = spdx.MIT.licenseText.replace('<year> <copyright holders>', '2024 Jane Doe')
const APACHE = spdx['Apache-2.0'].licenseText.replace('[yyyy] [name of copyright owner]', '2024 Jane Doe')
const AT = new Date('2026-11-28T10:00:00.000Z')

const TREE: FixtureFile[] = [
  { path: 'README.md', data: 'Intro line\n\n# Corner Shop\n\nA shop.\n' },
  { path: 'LICENSE', data: MIT },
  { path: 'config/aws.js', data: `module.exports = {\n  secretAccessKey: '${SECRET}',\n}\n` },
  {
    path: 'package.json',
    data: JSON.stringify({ name: 'shop', dependencies: { express: '4.21.2' }, devDependencies: { vitest: '^4.1.0' } }),
  },
  { path: 'requirements.txt', data: '# web\ndjango==4.2.7\nrequests[socks]>=2.31 ; python_version > "3.8"\n' },
  { path: 'src/app.ts', data: 'export const total: number = 40\n'.repeat(4) },
  { path: 'vendor/jquery.js', data: 'var jq = 1\n' },
]

describe('analyseCommit', () => {
  let repo: Awaited<ReturnType<typeof bareRepository>>
  let first: string
  let second: string
  beforeAll(async () => {
    repo = await bareRepository()
    first = await commitTree(repo.gitDir, TREE)
    second = await commitTree(repo.gitDir, [
      ...TREE.filter((f) => f.path !== 'LICENSE'),
      { path: 'LICENSE', data: APACHE },
      { path: 'bin/tool.dat', data: Buffer.from([0, 1, 2, 0, 3, 0, 0, 4]) },
    ])
  })
  afterAll(() => repo.remove())

  it('names the secret, licence, README, languages and dependencies of the tree', async () => {
    const report = await analyseCommit(repo.gitDir, first, { now: () => AT, category: 'Web Development' })
    expect(report.commit).toBe(first)
    expect(report.generatedAt).toBe('2026-11-28T10:00:00.000Z')
    expect(report.secrets).toEqual([
      {
        rule: '@secretlint/secretlint-rule-aws',
        path: 'config/aws.js',
        line: 2,
        masked: `Zx9Q${'*'.repeat(32)}Tu2W`,
      },
    ])
    expect(JSON.stringify(report)).not.toContain(SECRET)
    expect(report.licence).toEqual({ status: 'recognised', path: 'LICENSE', spdxId: 'MIT', score: 1 })
    expect(report.readme).toEqual({ path: 'README.md', firstHeading: 'Corner Shop', bytes: 35 })
    expect(report.languages).toEqual({
      byLanguage: [
        { name: 'TypeScript', bytes: 128, share: 0.6038 },
        { name: 'JavaScript', bytes: 84, share: 0.3962 },
      ],
      // README.md and LICENSE (documentation) and vendor/jquery.js.
      vendored: { count: 3, bytes: 35 + MIT.length + 11 },
    })
    expect(report.manifests).toEqual([
      {
        path: 'package.json',
        ecosystem: 'npm',
        status: 'parsed',
        dependencies: [
          { name: 'express', version: '4.21.2' },
          { name: 'vitest', version: '^4.1.0', scope: 'dev' },
        ],
      },
      {
        path: 'requirements.txt',
        ecosystem: 'pypi',
        status: 'parsed',
        dependencies: [
          { name: 'django', version: '4.2.7' },
          { name: 'requests', version: '>=2.31' },
        ],
      },
    ])
    expect(report.files.count).toBe(7)
    expect(report.files.binaries).toEqual([])
    expect(report.files.shouldNotShip).toEqual([])
    expect(report.files.largest[0]).toEqual({ path: 'LICENSE', bytes: MIT.length })
    expect(report.analyserErrors).toEqual([])
    expect(report.risk.reasons.map((r) => [r.code, r.points])).toEqual([
      ['secrets', 50],
      ['size-out-of-band', 15],
    ])
    expect(report.risk.weight).toBe(65)
    expect(report.changes).toBeNull()
  })

  it('recognises Apache-2.0 and says what changed since the previous report', async () => {
    const previous = await analyseCommit(repo.gitDir, first)
    const report = await analyseCommit(repo.gitDir, second, { previous })
    expect(report.licence).toEqual({ status: 'recognised', path: 'LICENSE', spdxId: 'Apache-2.0', score: 1 })
    expect(report.files.binaries).toEqual([{ path: 'bin/tool.dat', bytes: 8 }])
    expect(report.changes).toEqual({
      newSecrets: [],
      licenceChanged: { from: 'MIT', to: 'Apache-2.0' },
      newBinaries: [{ path: 'bin/tool.dat', bytes: 8 }],
    })
  })

  it('rejects a commit the repository does not have', async () => {
    await expect(analyseCommit(repo.gitDir, 'f'.repeat(40))).rejects.toThrow(/not a tree object/)
  })
})
