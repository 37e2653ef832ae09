/**
 * Languages by bytes with GitHub Linguist's rules (linguist-js, its bundled data, offline).
 * Text files are fed in batches as they are read; each batch makes two linguist-js calls:
 * - which files are vendored, generated or documentation (every language ignored, so only its
 *   path rules run: linguist-js drops those files from its results);
 * - the language of the others, from name, shebang and content heuristics (vendored files kept,
 *   so its list of contents stays aligned with its list of paths).
 * Bytes are the files' real sizes from the tree, not the prefix given to linguist-js. Only
 * programming and markup languages are counted, as GitHub's language bar does.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import yaml from 'js-yaml'
import linguist from 'linguist-js'
import type { Languages } from '../../../src/api/schemas/source-report'
import type { TreeEntry } from './tree-listing'

/** linguist-js works synchronously per call: a batch bounds how long it holds the event loop. */
const BATCH = 400
/** Content heuristics and shebangs look at a file's start; more only costs time. */
const HEURISTIC_BYTES = 16 * 1024
const COUNTED = new Set(['programming', 'markup'])
const BASE = { offline: true, keepBinary: true, calculateLines: false } as const

let languageNames: string[] | undefined
/** Every language linguist-js knows, from its bundled languages.yml (read once). */
function allLanguages(): string[] {
  if (!languageNames) {
    const file = createRequire(import.meta.url).resolve('linguist-js/ext/languages.yml')
    languageNames = Object.keys(yaml.load(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)
  }
  return languageNames
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Collects text files as they are read; `result()` answers the languages part. */
export class LanguageTally {
  private batch: { entry: TreeEntry; text: string }[] = []
  private readonly bytes = new Map<string, number>()
  private vendored = { count: 0, bytes: 0 }

  /** Add one text file (`text` may be a prefix of it); runs linguist-js when a batch is full. */
  async add(entry: TreeEntry, text: string): Promise<void> {
    this.batch.push({ entry, text: text.slice(0, HEURISTIC_BYTES) })
    if (this.batch.length >= BATCH) await this.flush()
  }

  private async flush(): Promise<void> {
    const batch = this.batch
    this.batch = []
    if (!batch.length) return
    const paths = batch.map((f) => f.entry.path)
    const kept = await linguist(paths, {
      ...BASE,
      quick: true,
      fileContent: paths.map(() => ''),
      ignoredLanguages: allLanguages(),
    })
    const own = batch.filter((f) => Object.hasOwn(kept.files.results, f.entry.path))
    for (const f of batch) {
      if (Object.hasOwn(kept.files.results, f.entry.path)) continue
      this.vendored.count++
      this.vendored.bytes += f.entry.size
    }
    await nextTurn()
    if (!own.length) return
    const found = await linguist(
      own.map((f) => f.entry.path),
      { ...BASE, keepVendored: true, fileContent: own.map((f) => f.text) },
    )
    for (const f of own) {
      const language = found.files.results[f.entry.path]
      const type = language ? found.languages.results[language]?.type : undefined
      if (!language || !type || !COUNTED.has(type)) continue
      this.bytes.set(language, (this.bytes.get(language) ?? 0) + f.entry.size)
    }
    await nextTurn()
  }

  /** The languages part: most bytes first (then by name), shares of the counted bytes. */
  async result(): Promise<Languages> {
    await this.flush()
    const total = [...this.bytes.values()].reduce((a, b) => a + b, 0)
    const byLanguage = [...this.bytes]
      .map(([name, bytes]) => ({ name, bytes, share: total ? Math.round((bytes / total) * 10_000) / 10_000 : 0 }))
      .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name))
    return { byLanguage, vendored: this.vendored }
  }
}
