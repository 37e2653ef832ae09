/**
 * One commit of a bare repository turned into a source report (contract
 * src/api/schemas/source-report.ts, decision 046). The tree is listed with `git ls-tree` and its
 * contents streamed with one `git cat-file --batch`, both within ReportLimits; a failing analyser
 * is recorded in `analyserErrors` and the others still answer their parts.
 */
import type { SourceReport } from '../../../src/api/schemas/source-report'
import { riskOf } from '../../domain/source-risk'
import { readBlobs } from './blob-stream'
import { changesSince } from './changes'
import { ContentAnalysers } from './contents'
import { FilesTally } from './files'
import { licenceEntry, licenceOf } from './licence'
import { DEFAULT_LIMITS, type ReportLimits } from './limits'
import { manifestKind } from './manifests'
import { readmeEntry, readmeOf } from './readme'
import { listTree, type TreeEntry } from './tree-listing'

export type AnalyseOptions = {
  /** Overrides of DEFAULT_LIMITS (bytes and counts). */
  limits?: Partial<ReportLimits>
  /** The project's category, for the size band of the risk weight. */
  category?: string
  /** The report of an earlier commit (the last reviewed one) to compare with: fills `changes`. */
  previous?: Pick<SourceReport, 'secrets' | 'licence' | 'files'> | null
  /** The clock of `generatedAt`. */
  now?: () => Date
}

/**
 * The files whose contents are read, README, licence and manifests first so that a spent budget
 * never hides them; the others are recorded in `files` as not examined.
 */
function readingPlan(entries: TreeEntry[], first: Set<TreeEntry>, limits: ReportLimits, files: FilesTally) {
  const plan: TreeEntry[] = []
  let bytes = 0
  for (const entry of [...first, ...entries.filter((e) => !first.has(e))]) {
    if (entry.size > limits.maxStreamedFileBytes) files.skipped(entry, 'too-large')
    else if (plan.length >= limits.maxContentFiles || bytes + entry.size > limits.maxContentBytes)
      files.skipped(entry, 'budget')
    else {
      plan.push(entry)
      bytes += entry.size
    }
  }
  return plan
}

/**
 * Analyse `commit` (40 hex) of the bare repository `gitDir` and answer its SourceReport
 * (bytes, milliseconds, ISO times). Never throws for what the tree holds: limits and failing
 * analysers are recorded in the report. Rejects with GitError when the commit cannot be listed
 * (unknown commit, not a repository).
 */
export async function analyseCommit(
  gitDir: string,
  commit: string,
  options: AnalyseOptions = {},
): Promise<SourceReport> {
  const started = performance.now()
  const generatedAt = (options.now ?? (() => new Date()))().toISOString()
  const limits: ReportLimits = { ...DEFAULT_LIMITS, ...options.limits }
  const { entries, truncated } = await listTree(gitDir, commit, limits.maxEntries)
  const files = new FilesTally(entries, truncated, limits.maxListed)
  const readmeAt = readmeEntry(entries)
  const licenceAt = licenceEntry(entries)
  const first = new Set(entries.filter((e) => e === readmeAt || e === licenceAt || manifestKind(e.path)))
  const plan = readingPlan(entries, first, limits, files)
  const contents = new ContentAnalysers(files, limits, readmeAt, licenceAt)
  const keep = (e: TreeEntry) => (manifestKind(e.path) ? limits.maxManifestBytes : limits.maxTextBytes)
  await contents.guard('contents', async () => {
    for await (const blob of readBlobs(gitDir, plan, keep)) await contents.take(blob)
  })

  let languages: SourceReport['languages'] = { byLanguage: [], vendored: { count: 0, bytes: 0 } }
  await contents.guard('languages', async () => {
    languages = await contents.languages.result()
  })
  let readme: SourceReport['readme'] = null
  await contents.guard('readme', () => {
    if (readmeAt && contents.readmeText !== undefined) readme = readmeOf(readmeAt, contents.readmeText)
  })
  let licence: SourceReport['licence'] = licenceAt
    ? { status: 'unrecognised', path: licenceAt.path }
    : { status: 'none' }
  await contents.guard('licence', () => {
    licence = licenceOf(licenceAt, contents.licenceText)
  })
  const parts = {
    commit,
    generatedAt,
    languages,
    files: files.summary(),
    readme,
    licence,
    secrets: contents.secrets,
    manifests: contents.manifests,
    analyserErrors: contents.errors,
  }
  return {
    ...parts,
    durationMs: Math.round(performance.now() - started),
    risk: riskOf(parts, options.category),
    changes: options.previous ? changesSince(options.previous, parts) : null,
  }
}
