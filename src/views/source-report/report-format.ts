/**
 * Pure wording of a source report (decision 046) for its views: the licence line, the language
 * bar's segments, risk tones, secret rule names, short commits and reason wording.
 */
import type { Licence, Languages, ShouldNotShipReason, SourceReport } from '../../api/schemas/source-report'
import type { BadgeTone } from '../../components/badge'

const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 0 })

/** A share 0..1 as a whole percent, '<1%' for a small non-zero one: 0.984 → '98%', 0.003 → '<1%'. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.005) return '<1%'
  return percent.format(share)
}

/**
 * The licence in one line: 'MIT (98%)' (recognised, with its similarity), 'No licence', or
 * 'Unrecognised licence — closest: Apache-2.0 (61%)' (the hint is left out when there is none).
 */
export function licenceText(licence: Licence): string {
  const score = licence.score === undefined ? '' : ` (${formatShare(licence.score)})`
  if (licence.status === 'none') return 'No licence'
  if (licence.status === 'recognised') return `${licence.spdxId ?? 'Recognised licence'}${score}`
  return licence.spdxId ? `Unrecognised licence — closest: ${licence.spdxId}${score}` : 'Unrecognised licence'
}

/** The badge tone of a licence: recognised is fine, unrecognised a warning, none a warning too (the risk says more). */
export function licenceTone(licence: Licence): BadgeTone {
  return licence.status === 'recognised' ? 'success' : 'warning'
}

/** One segment of the language bar: a language (or 'Other' for the rest) with its share 0..1 and colour slot 0..LANGUAGE_SLOTS-1. */
export interface LanguageSegment {
  name: string
  share: number
  bytes: number
  slot: number
}

/** How many languages get a segment of their own; the rest are one 'Other' segment. */
export const LANGUAGE_SLOTS = 6

/**
 * The bar's segments: the first LANGUAGE_SLOTS - 1 languages (most bytes first, as the report
 * lists them) and 'Other' for the rest when more than LANGUAGE_SLOTS; all of them when at most.
 */
export function languageSegments(languages: Languages): LanguageSegment[] {
  const all = languages.byLanguage
  const own = all.length <= LANGUAGE_SLOTS ? all : all.slice(0, LANGUAGE_SLOTS - 1)
  const segments = own.map((l, slot) => ({ name: l.name, share: l.share, bytes: l.bytes, slot }))
  const rest = all.slice(own.length)
  if (rest.length) {
    segments.push({
      name: `Other (${rest.length})`,
      share: rest.reduce((sum, l) => sum + l.share, 0),
      bytes: rest.reduce((sum, l) => sum + l.bytes, 0),
      slot: LANGUAGE_SLOTS - 1,
    })
  }
  return segments
}

/** Weights from which the risk reads as high (red) and as worth a look (amber); below, calm. */
export const RISK_HIGH = 50
export const RISK_ELEVATED = 20

/** The tone of a risk weight: ≥ RISK_HIGH danger, ≥ RISK_ELEVATED warning, 0 success, else neutral. */
export function riskTone(weight: number): BadgeTone {
  if (weight >= RISK_HIGH) return 'danger'
  if (weight >= RISK_ELEVATED) return 'warning'
  return weight === 0 ? 'success' : 'neutral'
}

/** A secretlint rule id as a short name: '@secretlint/secretlint-rule-aws' → 'aws', 'private-key' as is. */
export function ruleName(rule: string): string {
  return rule.replace(/^@secretlint\/secretlint-rule-/, '').replace(/^secretlint-rule-/, '')
}

/** The first 7 characters of a commit id, as git shows it. */
export const shortCommit = (commit: string) => commit.slice(0, 7)

const SHOULD_NOT_SHIP: Record<ShouldNotShipReason, string> = {
  'env-file': 'environment file',
  'private-key': 'private key',
  keystore: 'keystore',
  executable: 'executable',
  'node-modules': 'node_modules',
  'git-metadata': 'git metadata',
}

/** Why a path should not ship, in words: 'env-file' → 'environment file'. */
export const shouldNotShipText = (reason: ShouldNotShipReason) => SHOULD_NOT_SHIP[reason]

/** Dependencies of the parsed manifests, counted: `{ total, byEcosystem: [['npm', 12], …] }` (most first). */
export function dependencyCounts(report: Pick<SourceReport, 'manifests'>): {
  total: number
  byEcosystem: Array<[string, number]>
} {
  const counts = new Map<string, number>()
  for (const m of report.manifests) counts.set(m.ecosystem, (counts.get(m.ecosystem) ?? 0) + m.dependencies.length)
  const byEcosystem = [...counts].sort((a, b) => b[1] - a[1])
  return { total: byEcosystem.reduce((sum, [, n]) => sum + n, 0), byEcosystem }
}

/** Whether a report's changes name anything (new secrets, new binaries or a licence change). */
export function hasChanges(changes: SourceReport['changes']): boolean {
  return !!changes && (changes.newSecrets.length > 0 || changes.newBinaries.length > 0 || !!changes.licenceChanged)
}

/** A licence as the changes name it: an SPDX id, 'unrecognised', or null → 'none'. */
export const licenceName = (id: string | null) => id ?? 'none'
