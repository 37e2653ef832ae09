/**
 * The bounds of one source analysis (decision 046): how much of a tree is listed and read, so a
 * hostile tree (100,000 files, a 200 MB file, a 10 MB minified line) costs bounded memory and time.
 * Sizes are bytes.
 */
export type ReportLimits = {
  /** Tree entries listed; past this the listing stops and `files.truncated` is set. */
  maxEntries: number
  /** Files whose contents are read (binary check and text analysers). */
  maxContentFiles: number
  /** Bytes streamed from git for contents over the whole report. */
  maxContentBytes: number
  /** A file larger than this is not streamed at all (listed as 'too-large'). */
  maxStreamedFileBytes: number
  /** Bytes of one file given to the text analysers (secrets, languages' heuristics, README, licence). */
  maxTextBytes: number
  /** Bytes of one dependency manifest parsed (lock files are larger than source files). */
  maxManifestBytes: number
  /** Entries kept in each list of the report (binaries, should-not-ship, secrets, not examined, manifests). */
  maxListed: number
}

const MiB = 1024 * 1024

export const DEFAULT_LIMITS: ReportLimits = {
  maxEntries: 100_000,
  maxContentFiles: 20_000,
  maxContentBytes: 512 * MiB,
  maxStreamedFileBytes: 32 * MiB,
  maxTextBytes: 1 * MiB,
  maxManifestBytes: 8 * MiB,
  maxListed: 200,
}

/** Bytes of a blob's start that decide whether it is binary (as git and isbinaryfile look). */
export const BINARY_SNIFF_BYTES = 8000
