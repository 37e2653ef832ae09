/**
 * The source report's wording: the licence line in its three states, the language bar's
 * segments (own slots, then 'Other'), risk tones at their thresholds, rule names, shares,
 * dependency counts and whether changes name anything.
 */
import { describe, expect, it } from 'vitest'
import {
  dependencyCounts,
  formatShare,
  hasChanges,
  LANGUAGE_SLOTS,
  languageSegments,
  licenceText,
  riskTone,
  ruleName,
  RISK_ELEVATED,
  RISK_HIGH,
} from '../../../../src/views/source-report/report-format'

describe('licenceText', () => {
  it('says the recognised licence with its similarity, none, or the closest of an unrecognised one', () => {
    expect(licenceText({ status: 'recognised', spdxId: 'MIT', score: 0.984, path: 'LICENSE' })).toBe('MIT (98%)')
    expect(licenceText({ status: 'none' })).toBe('No licence')
    expect(licenceText({ status: 'unrecognised', spdxId: 'Apache-2.0', score: 0.61 })).toBe(
      'Unrecognised licence — closest: Apache-2.0 (61%)',
    )
    expect(licenceText({ status: 'unrecognised' })).toBe('Unrecognised licence')
  })
})

describe('languageSegments', () => {
  const lang = (name: string, share: number) => ({ name, share, bytes: Math.round(share * 1000) })
  it('gives each language a slot while they fit', () => {
    const segments = languageSegments({
      byLanguage: [lang('TypeScript', 0.7), lang('CSS', 0.3)],
      vendored: { count: 0, bytes: 0 },
    })
    expect(segments).toEqual([
      { name: 'TypeScript', share: 0.7, bytes: 700, slot: 0 },
      { name: 'CSS', share: 0.3, bytes: 300, slot: 1 },
    ])
  })
  it("folds the languages beyond the slots into 'Other' with their summed share and bytes", () => {
    const many = Array.from({ length: LANGUAGE_SLOTS + 2 }, (_, i) => lang(`L${i}`, 0.1))
    const segments = languageSegments({ byLanguage: many, vendored: { count: 0, bytes: 0 } })
    expect(segments).toHaveLength(LANGUAGE_SLOTS)
    const other = segments[LANGUAGE_SLOTS - 1]
    expect(other.name).toBe('Other (3)')
    expect(other.share).toBeCloseTo(0.3)
    expect(other.bytes).toBe(300)
    expect(other.slot).toBe(LANGUAGE_SLOTS - 1)
  })
})

describe('risk, rules and shares', () => {
  it('tones the weight: 0 calm green, below elevated neutral, elevated amber, high red', () => {
    expect(riskTone(0)).toBe('success')
    expect(riskTone(RISK_ELEVATED - 1)).toBe('neutral')
    expect(riskTone(RISK_ELEVATED)).toBe('warning')
    expect(riskTone(RISK_HIGH)).toBe('danger')
  })
  it('shortens secretlint rule ids', () => {
    expect(ruleName('@secretlint/secretlint-rule-aws')).toBe('aws')
    expect(ruleName('custom')).toBe('custom')
  })
  it('shows small non-zero shares as <1%', () => {
    expect(formatShare(0.003)).toBe('<1%')
    expect(formatShare(0)).toBe('0%')
    expect(formatShare(1)).toBe('100%')
  })
})

describe('dependencyCounts and hasChanges', () => {
  it('counts dependencies per ecosystem, most first', () => {
    const dep = { name: 'x' }
    const counts = dependencyCounts({
      manifests: [
        { path: 'package.json', ecosystem: 'npm', status: 'parsed', dependencies: [dep, dep] },
        { path: 'requirements.txt', ecosystem: 'pypi', status: 'parsed', dependencies: [dep, dep, dep] },
        { path: 'web/package.json', ecosystem: 'npm', status: 'unparseable', error: 'bad', dependencies: [] },
      ],
    })
    expect(counts).toEqual({
      total: 5,
      byEcosystem: [
        ['pypi', 3],
        ['npm', 2],
      ],
    })
  })
  it('is true only when a change names a secret, a binary or a licence', () => {
    expect(hasChanges(null)).toBe(false)
    expect(hasChanges({ newSecrets: [], newBinaries: [], licenceChanged: null })).toBe(false)
    expect(hasChanges({ newSecrets: [], newBinaries: [{ path: 'a.bin', bytes: 1 }], licenceChanged: null })).toBe(true)
    expect(hasChanges({ newSecrets: [], newBinaries: [], licenceChanged: { from: 'MIT', to: null } })).toBe(true)
  })
})
