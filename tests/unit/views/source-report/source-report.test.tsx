/**
 * The source report's pieces rendered to static HTML: the compact report names the secret at
 * path:line with its masked value (in the red list), the licence line and the risk with its
 * reasons; the full report adds files, should-not-ship, manifests with dependency counts,
 * analyser errors and the changes; each state without a report says where the analysis stands.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { SourceReport } from '../../../../src/api/schemas/source-report'
import { FullReport } from '../../../../src/views/source-report/full-report'
import { CompactReport, ReportStateNote } from '../../../../src/views/source-report/source-report'

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

const secret = { rule: '@secretlint/secretlint-rule-aws', path: 'config/aws.js', line: 2, masked: 'Zx9Q****Tu2W' }
const report: SourceReport = {
  commit: 'c'.repeat(40),
  generatedAt: '2026-11-28T10:00:00.000Z',
  durationMs: 1234,
  languages: {
    byLanguage: [
      { name: 'TypeScript', bytes: 800, share: 0.8 },
      { name: 'CSS', bytes: 200, share: 0.2 },
    ],
    vendored: { count: 0, bytes: 0 },
  },
  files: {
    count: 7,
    totalBytes: 2048,
    largest: [{ path: 'src/index.ts', bytes: 800 }],
    binaries: [{ path: 'bin/tool.exe', bytes: 100 }],
    shouldNotShip: [{ path: '.env', reason: 'env-file' }],
    notExamined: [],
    truncated: false,
  },
  readme: { path: 'README.md', firstHeading: 'Shop', bytes: 40 },
  licence: { status: 'recognised', spdxId: 'MIT', score: 0.98, path: 'LICENSE' },
  secrets: [secret],
  manifests: [
    {
      path: 'package.json',
      ecosystem: 'npm',
      status: 'parsed',
      dependencies: [{ name: 'react', version: '19.1.0' }, { name: 'hono' }],
    },
    { path: 'requirements.txt', ecosystem: 'pypi', status: 'unparseable', error: 'line 3', dependencies: [] },
  ],
  risk: {
    weight: 85,
    reasons: [
      { code: 'env-file', points: 25, detail: '.env ships' },
      { code: 'secrets', points: 50, detail: '1 secret, first at config/aws.js:2' },
    ],
  },
  analyserErrors: [{ analyser: 'languages', message: 'linguist failed' }],
  changes: { newSecrets: [secret], newBinaries: [], licenceChanged: { from: null, to: 'MIT' } },
}

describe('source report views', () => {
  it('the compact report: languages, licence, the secret at path:line masked, risk with reasons largest first', () => {
    const html = renderToStaticMarkup(<CompactReport report={report} />)
    const shown = text(html)
    expect(shown).toContain('TypeScript 80%')
    expect(shown).toContain('MIT (98%)')
    expect(shown).toContain('config/aws.js:2 aws Zx9Q****Tu2W')
    expect(html).toContain('class="sr-secret"')
    expect(shown).toMatch(/Risk 85 \+50 1 secret, first at config\/aws.js:2 \+25 \.env ships/)
  })

  it('the full report: files, should-not-ship, manifests, analyser errors and the changes', () => {
    const shown = text(renderToStaticMarkup(<FullReport report={report} />))
    expect(shown).toContain('Commit ccccccc')
    expect(shown).toContain('7 files · 2.00 KB')
    expect(shown).toContain('.env environment file')
    expect(shown).toContain('Binaries (1) bin/tool.exe')
    expect(shown).toContain('Dependencies (2)')
    expect(shown).toContain('package.json npm 2 dependencies')
    expect(shown).toContain('requirements.txt pypi unparseable: line 3')
    expect(shown).toContain('languages linguist failed')
    expect(shown).toContain('Licence: none → MIT')
    expect(shown).toContain('New secrets config/aws.js:2')
  })

  it('says where the analysis stands without a report', () => {
    expect(text(renderToStaticMarkup(<ReportStateNote state="queued" />))).toContain('Analysing…')
    expect(text(renderToStaticMarkup(<ReportStateNote state="failed" />))).toContain('failed')
    expect(text(renderToStaticMarkup(<ReportStateNote state="none" />))).toContain('no uploaded source')
  })
})
