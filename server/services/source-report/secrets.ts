/**
 * Credentials in text files, found by secretlint's recommended preset run in-process
 * (@secretlint/core `lintSource`). Values are masked before they leave this module.
 */
import { lintSource } from '@secretlint/core'
import { secretLintProfiler } from '@secretlint/profiler'
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend'
import type { SecretFinding } from '../../../src/api/schemas/source-report'

// secretlint 11 puts a performance mark on the global timeline for every rule of every file, keeps
// them all and scans them all on each new one, so the cost per file grows with the files linted
// (secretlint issues #1633 and #1653: 86 s instead of 1 s for 2,868 files). 13.1 profiles only
// with --profile (pull request #1673) but needs Node 22. Nothing reads the profile here.
secretLintProfiler.mark = () => {}

const CONFIG = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] }
/**
 * Rules that read the file from disk by its path (the PKCS#12 check opens `filePath` itself):
 * a tree path must never reach the server's own files, so these extensions are not linted.
 * Such files are keystores and listed as should-not-ship anyway.
 */
const READS_DISK = /\.(p12|pfx)$/i
const SHOWN = 4
const STARS_MAX = 32

/** `value` with all but its first and last 4 characters as '*' (at most 32); all '*' when short. */
export function mask(value: string): string {
  const flat = value.replace(/\s+/g, ' ')
  if (flat.length < 3 * SHOWN) return '*'.repeat(Math.max(flat.length, 8))
  const hidden = Math.min(flat.length - 2 * SHOWN, STARS_MAX)
  return `${flat.slice(0, SHOWN)}${'*'.repeat(hidden)}${flat.slice(-SHOWN)}`
}

/**
 * The value a message is about: the longest string among its data (rules put the secret there,
 * e.g. { KEY }), else the text of its range.
 */
function valueOf(message: { data?: object; range: readonly [number, number] }, text: string): string {
  const strings = Object.values(message.data ?? {}).filter((v): v is string => typeof v === 'string')
  const longest = strings.sort((a, b) => b.length - a.length)[0]
  return longest ?? text.slice(message.range[0], message.range[1])
}

/** Secrets in one text file (`text` may be a prefix of it), in the order secretlint reports them. */
export async function secretsIn(path: string, text: string): Promise<SecretFinding[]> {
  if (READS_DISK.test(path)) return []
  const result = await lintSource({
    source: { content: text, filePath: path, contentType: 'text' },
    options: { config: CONFIG, maskSecrets: false, noPhysicFilePath: true },
  })
  return result.messages.map((m) => ({
    rule: m.ruleId,
    path,
    line: m.loc.start.line,
    masked: mask(valueOf(m, text)),
  }))
}
