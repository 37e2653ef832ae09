/**
 * The analysers that read contents, fed one blob at a time as git streams them: binary check,
 * secrets, languages, README, licence and manifests. Each runs behind its own guard: the first
 * error of an analyser is recorded and that analyser is left out from then on, while the others
 * go on.
 */
import type { Analyser, AnalyserError, Manifest, SecretFinding } from '../../../src/api/schemas/source-report'
import type { Blob } from './blob-stream'
import { looksBinary, type FilesTally } from './files'
import { LanguageTally } from './languages'
import type { ReportLimits } from './limits'
import { manifestKind, parseManifest } from './manifests'
import { secretsIn } from './secrets'
import type { TreeEntry } from './tree-listing'

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

export class ContentAnalysers {
  readonly languages = new LanguageTally()
  readonly secrets: SecretFinding[] = []
  readonly manifests: Manifest[] = []
  readmeText: string | undefined
  licenceText: string | undefined
  readonly errors: AnalyserError[] = []
  private readonly failed = new Set<Analyser>()

  constructor(
    private readonly files: FilesTally,
    private readonly limits: ReportLimits,
    private readonly readme: TreeEntry | undefined,
    private readonly licence: TreeEntry | undefined,
  ) {}

  /** Run `work` as `analyser` unless it failed before; a failure is recorded, never thrown. */
  async guard(analyser: Analyser, work: () => unknown): Promise<void> {
    if (this.failed.has(analyser)) return
    try {
      await work()
    } catch (error) {
      this.failed.add(analyser)
      this.errors.push({ analyser, message: message(error) })
    }
  }

  /** Analyse one blob (its kept prefix). */
  async take({ entry, kept, cut }: Blob): Promise<void> {
    const { maxTextBytes, maxListed } = this.limits
    if (cut) this.files.skipped(entry, 'too-large')
    const kind = manifestKind(entry.path)
    // A manifest is parsed even when its bytes look binary: it is then listed as unparseable.
    const text = kept.toString('utf8').replace(/^\uFEFF/, '')
    if (kind) {
      await this.guard('manifests', () => {
        if (this.manifests.length < maxListed) this.manifests.push(parseManifest(entry.path, kind, text, cut))
        else this.files.markCut()
      })
    }
    if (entry === this.readme) this.readmeText = text.slice(0, maxTextBytes)
    if (entry === this.licence) this.licenceText = text.slice(0, maxTextBytes)
    if (looksBinary(kept)) {
      this.files.binary(entry)
      return
    }
    const head = text.length > maxTextBytes ? text.slice(0, maxTextBytes) : text
    await this.guard('secrets', async () => {
      for (const finding of await secretsIn(entry.path, head)) {
        if (this.secrets.length < maxListed) this.secrets.push(finding)
        else this.files.markCut()
      }
    })
    await this.guard('languages', () => this.languages.add(entry, head))
  }
}
