/**
 * The licence file at the root (LICENSE, LICENCE, COPYING, with any extension) matched against
 * the full texts of the SPDX licence list (spdx-license-list). Both sides are normalised (lower
 * case, words only, copyright lines and template placeholders dropped) and compared as sets of
 * word pairs with the Dice coefficient; a score of LICENCE_MATCH (0.9) or more is recognised.
 */
import spdxFull from 'spdx-license-list/full'
import type { Licence } from '../../../src/api/schemas/source-report'
import type { TreeEntry } from './tree-listing'

/** Dice similarity from which a licence file counts as that SPDX licence. */
export const LICENCE_MATCH = 0.9

const LICENCE_FILE = /^(licen[cs]e|copying)([.-][^/]*)?$/i
const rank = (name: string) => (/^licen[cs]e(\.(md|txt))?$/i.test(name) ? 0 : /^licen/i.test(name) ? 1 : 2)

/** The root licence file among `entries`, or undefined. */
export function licenceEntry(entries: TreeEntry[]): TreeEntry | undefined {
  return entries
    .filter((e) => !e.path.includes('/') && LICENCE_FILE.test(e.path))
    .sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path))[0]
}

/** Word pairs of a licence text, without copyright lines and <placeholders>. */
function bigrams(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .split(/\r?\n/)
    .filter((line) => !/^\W*copyright\b/.test(line.trim()))
    .join(' ')
    .replace(/<[^>]{0,80}>/g, ' ')
    .match(/[a-z0-9]+/g)
  const pairs = new Set<string>()
  if (!words) return pairs
  for (let i = 1; i < words.length; i++) pairs.add(`${words[i - 1]} ${words[i]}`)
  return pairs
}

let references: { id: string; pairs: Set<string> }[] | undefined
function referenceTexts() {
  references ??= Object.entries(spdxFull)
    .map(([id, l]) => ({ id, pairs: bigrams(l.licenseText) }))
    .filter((r) => r.pairs.size > 0)
  return references
}

/** The closest SPDX licence to `text` and its Dice score (0..1, 3 decimals); null for an empty text. */
export function closestLicence(text: string): { spdxId: string; score: number } | null {
  const pairs = bigrams(text)
  if (!pairs.size) return null
  let best: { spdxId: string; score: number } | null = null
  for (const ref of referenceTexts()) {
    const small = Math.min(pairs.size, ref.pairs.size)
    // Dice can never exceed 2·min/(a+b): skip texts of a very different length early.
    if (best && (2 * small) / (pairs.size + ref.pairs.size) <= best.score) continue
    const [a, b] = pairs.size < ref.pairs.size ? [pairs, ref.pairs] : [ref.pairs, pairs]
    let shared = 0
    for (const p of a) if (b.has(p)) shared++
    const score = (2 * shared) / (pairs.size + ref.pairs.size)
    if (!best || score > best.score) best = { spdxId: ref.id, score }
  }
  return best && { spdxId: best.spdxId, score: Math.round(best.score * 1000) / 1000 }
}

/** The licence part: 'none' without `entry`, else recognised or unrecognised with the closest match. */
export function licenceOf(entry: TreeEntry | undefined, text: string | undefined): Licence {
  if (!entry) return { status: 'none' }
  // A licence file that could not be read is there but not recognised.
  const match = text === undefined ? null : closestLicence(text)
  if (!match) return { status: 'unrecognised', path: entry.path }
  return { status: match.score >= LICENCE_MATCH ? 'recognised' : 'unrecognised', path: entry.path, ...match }
}
