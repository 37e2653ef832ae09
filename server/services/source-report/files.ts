/**
 * The files part of a report: count, total size, the largest files, binary files (isbinaryfile on
 * a blob's first bytes) and files that should not ship, found by name (`.env*`, private keys,
 * keystores, executables and native libraries, node_modules/ and .git/ folders).
 */
import { isBinaryFileSync } from 'isbinaryfile'
import type { FilesSummary, ShouldNotShipReason } from '../../../src/api/schemas/source-report'
import { BINARY_SNIFF_BYTES } from './limits'
import type { TreeEntry } from './tree-listing'

const LARGEST = 10

/** Templates of an env file are meant to ship: `.env.example`, `.env.sample`, `.env.template`, `.env.dist`. */
const ENV_TEMPLATE = /^\.env\.(example|sample|template|dist|defaults)$/i
const NAME_RULES: [RegExp, ShouldNotShipReason][] = [
  [/^\.env(\..+)?$/i, 'env-file'],
  [/^(id_(rsa|dsa|ecdsa|ed25519)|.+\.(pem|key|ppk))$/i, 'private-key'],
  [/\.(jks|keystore|p12|pfx)$/i, 'keystore'],
  [/\.(exe|dll|so(\.\d+)*|dylib|jar)$/i, 'executable'],
]
const FOLDER_RULES: [RegExp, ShouldNotShipReason][] = [
  [/^node_modules$/, 'node-modules'],
  [/^\.git$/i, 'git-metadata'],
]

/**
 * Why `path` should not ship, or null. A file inside node_modules/ or .git/ answers its outermost
 * such folder ('web/node_modules/'), so a folder of 10,000 files is one finding.
 */
export function shouldNotShip(path: string): { path: string; reason: ShouldNotShipReason } | null {
  const parts = path.split('/')
  for (let i = 0; i < parts.length - 1; i++) {
    for (const [rule, reason] of FOLDER_RULES)
      if (rule.test(parts[i])) return { path: `${parts.slice(0, i + 1).join('/')}/`, reason }
  }
  const name = parts[parts.length - 1]
  if (ENV_TEMPLATE.test(name)) return null
  for (const [rule, reason] of NAME_RULES) if (rule.test(name)) return { path, reason }
  return null
}

/** True when the first bytes of a blob look binary (NUL bytes, invalid text encodings). */
export function looksBinary(head: Buffer): boolean {
  const sniff = head.subarray(0, BINARY_SNIFF_BYTES)
  return sniff.length > 0 && isBinaryFileSync(sniff, sniff.length)
}

/** Collects the files part while the tree is listed and read; `summary()` answers it. */
export class FilesTally {
  private readonly binaries: { path: string; bytes: number }[] = []
  private readonly notExamined: FilesSummary['notExamined'] = []
  private cut = false

  constructor(
    private readonly entries: TreeEntry[],
    private readonly listingTruncated: boolean,
    private readonly maxListed: number,
  ) {}

  /** A blob found binary by its contents. */
  binary(entry: TreeEntry) {
    this.push(this.binaries, { path: entry.path, bytes: entry.size })
  }

  /** A blob read only in part ('too-large') or not at all ('budget', or too large to stream). */
  skipped(entry: TreeEntry, reason: FilesSummary['notExamined'][number]['reason']) {
    this.push(this.notExamined, { path: entry.path, bytes: entry.size, reason })
  }

  /** A list elsewhere in the report (secrets, manifests) was cut at the listing cap. */
  markCut() {
    this.cut = true
  }

  private push<T>(list: T[], item: T) {
    if (list.length < this.maxListed) list.push(item)
    else this.cut = true
  }

  summary(): FilesSummary {
    let totalBytes = 0
    const seen = new Set<string>()
    const shouldNot: FilesSummary['shouldNotShip'] = []
    for (const entry of this.entries) {
      totalBytes += entry.size
      const finding = shouldNotShip(entry.path)
      if (!finding || seen.has(finding.path)) continue
      seen.add(finding.path)
      this.push(shouldNot, finding)
    }
    const largest = [...this.entries]
      .sort((a, b) => b.size - a.size || a.path.localeCompare(b.path))
      .slice(0, LARGEST)
      .map((e) => ({ path: e.path, bytes: e.size }))
    return {
      count: this.entries.length,
      totalBytes,
      largest,
      binaries: this.binaries,
      shouldNotShip: shouldNot,
      notExamined: this.notExamined,
      truncated: this.listingTruncated || this.cut,
    }
  }
}
