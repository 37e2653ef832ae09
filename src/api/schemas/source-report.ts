/**
 * Source report of one commit of a project's bare repository (decision 046): languages, files,
 * README, licence, secrets, dependency manifests, a risk weight with its reasons, and what changed
 * since an earlier report. Sizes are bytes, durations milliseconds, times ISO 8601 strings, paths
 * relative to the repository root with '/' separators. Lists that could grow with a hostile tree
 * are capped; `files.truncated` says a cap was hit and `files.notExamined` names what was not read.
 */
import * as v from 'valibot'
import { IsoDateSchema } from './common'

const count = v.pipe(v.number(), v.integer(), v.minValue(0))
const PathBytesSchema = v.object({ path: v.string(), bytes: count })

export const LanguageShareSchema = v.object({
  name: v.string(),
  bytes: count,
  /** bytes / the bytes of all listed languages, 0..1. */
  share: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
})

export const SHOULD_NOT_SHIP_REASONS = [
  'env-file',
  'private-key',
  'keystore',
  'executable',
  'node-modules',
  'git-metadata',
] as const

export const NOT_EXAMINED_REASONS = ['too-large', 'budget'] as const

export const FilesSummarySchema = v.object({
  count,
  totalBytes: count,
  /** The 10 largest files, largest first. */
  largest: v.array(PathBytesSchema),
  binaries: v.array(PathBytesSchema),
  /** A folder (node_modules, .git) is listed once, as 'its/path/'. */
  shouldNotShip: v.array(v.object({ path: v.string(), reason: v.picklist(SHOULD_NOT_SHIP_REASONS) })),
  /**
   * Files whose contents were not fully examined: 'too-large' (larger than a per-file cap: at most
   * its start was analysed), 'budget' (the report's content budget was spent: name rules only).
   */
  notExamined: v.array(v.object({ path: v.string(), bytes: count, reason: v.picklist(NOT_EXAMINED_REASONS) })),
  /** True when the tree had more entries than the listing limit or a list above was cut. */
  truncated: v.boolean(),
})

export const LanguagesSchema = v.object({
  /** Programming and markup languages (GitHub Linguist's rules), most bytes first. */
  byLanguage: v.array(LanguageShareSchema),
  /** Vendored, generated and documentation files, set apart from the languages. */
  vendored: v.object({ count, bytes: count }),
})

export const ReadmeSchema = v.object({ path: v.string(), firstHeading: v.nullable(v.string()), bytes: count })

export const LICENCE_STATUSES = ['recognised', 'unrecognised', 'none'] as const
export type LicenceStatus = (typeof LICENCE_STATUSES)[number]
export const LicenceSchema = v.object({
  status: v.picklist(LICENCE_STATUSES),
  path: v.optional(v.string()),
  /** The closest SPDX licence text; given for 'unrecognised' too, as a hint. */
  spdxId: v.optional(v.string()),
  /** Similarity to that text, 0..1 (recognised from 0.9). */
  score: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
})

export const SecretFindingSchema = v.object({
  /** The secretlint rule id, e.g. '@secretlint/secretlint-rule-aws'. */
  rule: v.string(),
  path: v.string(),
  /** 1-based. */
  line: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The value with all but its first and last 4 characters replaced by '*'. */
  masked: v.string(),
})

export const ECOSYSTEMS = ['npm', 'pypi', 'maven', 'golang', 'composer', 'gem', 'nuget'] as const
export const DependencySchema = v.object({
  name: v.string(),
  version: v.optional(v.string()),
  /** As the manifest says it: 'dev', 'optional', 'peer', 'test', … */
  scope: v.optional(v.string()),
})
export const ManifestSchema = v.object({
  path: v.string(),
  ecosystem: v.picklist(ECOSYSTEMS),
  status: v.picklist(['parsed', 'unparseable']),
  error: v.optional(v.string()),
  dependencies: v.array(DependencySchema),
})

export const RiskReasonSchema = v.object({ code: v.string(), points: count, detail: v.string() })

/**
 * From this weight a project is high risk (decision 046 "Risk in the lists"): any secret alone
 * (50 points) reaches it, as do a private key with a missing licence; the queue flags such
 * projects and the projects list filters them.
 */
export const HIGH_RISK_WEIGHT = 50
/** Whether a report of risk weight `weight` makes its project high risk (weight ≥ HIGH_RISK_WEIGHT). */
export const isHighRisk = (weight: number) => weight >= HIGH_RISK_WEIGHT
export const RiskSchema = v.object({ weight: count, reasons: v.array(RiskReasonSchema) })

/** 'contents' is reading the blobs from git: when it fails, the other analysers report on the blobs read up to then. */
export const ANALYSERS = ['contents', 'languages', 'readme', 'licence', 'secrets', 'manifests'] as const
export const AnalyserErrorSchema = v.object({ analyser: v.picklist(ANALYSERS), message: v.string() })

export const ReportChangesSchema = v.object({
  newSecrets: v.array(SecretFindingSchema),
  licenceChanged: v.nullable(v.object({ from: v.nullable(v.string()), to: v.nullable(v.string()) })),
  newBinaries: v.array(PathBytesSchema),
})

export const SourceReportSchema = v.object({
  commit: v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/)),
  generatedAt: IsoDateSchema,
  durationMs: count,
  languages: LanguagesSchema,
  files: FilesSummarySchema,
  readme: v.nullable(ReadmeSchema),
  licence: LicenceSchema,
  secrets: v.array(SecretFindingSchema),
  manifests: v.array(ManifestSchema),
  risk: RiskSchema,
  analyserErrors: v.array(AnalyserErrorSchema),
  /** Against the previous report given to the analysis; null without one. */
  changes: v.nullable(ReportChangesSchema),
})

export type SourceReport = v.InferOutput<typeof SourceReportSchema>
export type FilesSummary = v.InferOutput<typeof FilesSummarySchema>
export type Languages = v.InferOutput<typeof LanguagesSchema>
export type Readme = v.InferOutput<typeof ReadmeSchema>
export type Licence = v.InferOutput<typeof LicenceSchema>
export type SecretFinding = v.InferOutput<typeof SecretFindingSchema>
export type Manifest = v.InferOutput<typeof ManifestSchema>
export type Ecosystem = (typeof ECOSYSTEMS)[number]
export type Dependency = v.InferOutput<typeof DependencySchema>
export type RiskReason = v.InferOutput<typeof RiskReasonSchema>
export type AnalyserError = v.InferOutput<typeof AnalyserErrorSchema>
export type Analyser = (typeof ANALYSERS)[number]
export type ReportChanges = v.InferOutput<typeof ReportChangesSchema>
export type ShouldNotShipReason = (typeof SHOULD_NOT_SHIP_REASONS)[number]

/** One stored report of a project: its commit, when it was stored and its risk weight. */
export const SourceReportEntrySchema = v.object({
  commit: v.string(),
  createdAt: IsoDateSchema,
  riskWeight: count,
})

/**
 * Where a project's report stands: 'ready' (a report answers), 'queued' (the analysis of its
 * newest commit waits or runs), 'failed' (that analysis failed for good) or 'none' (no commit).
 */
export const SOURCE_REPORT_STATES = ['ready', 'queued', 'failed', 'none'] as const

/** GET /api/projects/{id}/source-report(?commit=): the report (latest or of `commit`) and the project's report history. */
export const SourceReportResponseSchema = v.object({
  success: v.literal(true),
  state: v.picklist(SOURCE_REPORT_STATES),
  report: v.nullable(SourceReportSchema),
  history: v.array(SourceReportEntrySchema),
})
export type SourceReportResponse = v.InferOutput<typeof SourceReportResponseSchema>

/** `?commit=` of the report routes: a full 40-hex commit id. */
export const SourceReportQuerySchema = v.object({
  commit: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/, 'Commit must be a 40-character hex commit id'))),
})

/** POST /api/projects/{id}/source-report: the analysis of the newest commit is queued again. */
export const SourceReportQueuedResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  commit: v.string(),
})
