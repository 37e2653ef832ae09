/** riskOf (server/domain/source-risk.ts): points per rule, caps, and the category's size band. */
import { describe, expect, it } from 'vitest'
import { riskOf } from '../../../../server/domain/source-risk'
import type { SourceReport } from '../../../../src/api/schemas/source-report'

const clean: Parameters<typeof riskOf>[0] = {
  files: {
    count: 1,
    totalBytes: 50_000,
    largest: [],
    binaries: [],
    shouldNotShip: [],
    notExamined: [],
    truncated: false,
  },
  readme: { path: 'README.md', firstHeading: 'X', bytes: 10 },
  licence: { status: 'recognised', path: 'LICENSE', spdxId: 'MIT', score: 1 },
  secrets: [],
  manifests: [],
  analyserErrors: [],
}
const secret = (line: number): SourceReport['secrets'][number] => ({ rule: 'r', path: 'a.js', line, masked: '****' })

describe('riskOf', () => {
  it('weighs a clean project 0', () => {
    expect(riskOf(clean, 'Web Development')).toEqual({ weight: 0, reasons: [] })
  })

  it('adds 10 per further secret up to 100, media binaries count nothing', () => {
    const report = {
      ...clean,
      secrets: Array.from({ length: 7 }, (_, i) => secret(i + 1)),
      files: {
        ...clean.files,
        binaries: [
          { path: 'logo.png', bytes: 9 },
          { path: 'lib/x.bin', bytes: 9 },
        ],
      },
    }
    expect(riskOf(report, 'SaaS').reasons).toEqual([
      { code: 'secrets', points: 100, detail: '7 secrets, first at a.js:1' },
      { code: 'binaries', points: 3, detail: '1 binary file' },
    ])
  })

  it('judges size against the category band and says no licence, no README', () => {
    const report = {
      ...clean,
      readme: null,
      licence: { status: 'none' as const },
      files: { ...clean.files, totalBytes: 400 * 1024 * 1024 },
    }
    expect(riskOf(report, 'Game Development').reasons.map((r) => r.code)).toEqual(['no-licence', 'no-readme'])
    expect(riskOf(report, 'Web Development')).toEqual({
      weight: 45,
      reasons: [
        { code: 'no-licence', points: 20, detail: 'no licence file' },
        { code: 'no-readme', points: 10, detail: 'no README at the root' },
        { code: 'size-out-of-band', points: 15, detail: '400 MB in all, expected 20 KB–200 MB' },
      ],
    })
  })
})
