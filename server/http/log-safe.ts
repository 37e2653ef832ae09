/**
 * Unexpected errors as log text without secrets (issue 8): a failed query's error from drizzle
 * carries the SQL parameters in its message (a password hash, a token digest, an e-mail), so it is
 * logged as the SQL text and the driver's own message only; then whatever still has the shape of
 * a secret (a JWT, a password hash, a 32-byte opaque token) is masked. The stack is kept.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors'

const SECRET_SHAPES: [RegExp, string][] = [
  [/eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]{10,}/g, '[jwt]'],
  [/scrypt\$[\w$.+/=-]+/g, '[password hash]'],
  [/\$argon2(?:id|i|d)\$[\w$.+/=,-]+/g, '[password hash]'],
  [/\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}/g, '[password hash]'],
  [/(?<![\w-])[\w-]{43}(?![\w-])/g, '[token]'],
]

/** `text` with every secret-shaped part replaced by a label. */
export function maskSecrets(text: string): string {
  return SECRET_SHAPES.reduce((out, [pattern, label]) => out.replace(pattern, label), text)
}

/**
 * One loggable text for `error`: name, message and stack, where a failed query shows its SQL and
 * the driver's message (and code) instead of its parameters; secret shapes masked.
 */
export function errorForLog(error: unknown): string {
  if (!(error instanceof Error)) return maskSecrets(String(error))
  let head = `${error.name}: ${error.message}`
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as (Error & { code?: string }) | undefined
    head = `DrizzleQueryError: Failed query: ${error.query}\ncause: ${cause?.message ?? 'unknown'}${cause?.code ? ` (${cause.code})` : ''}`
  }
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  return maskSecrets([head, ...frames].join('\n'))
}
