/**
 * What the app's error handler logs for an unexpected error: the error's class,
 * code and a short first line, for it and its causes, never a failed query's SQL text or
 * parameters (drizzle's DrizzleQueryError carries both in its message) nor a driver's `detail`
 * (which quotes row values), and with whatever still has the shape of a secret (a JWT, a password
 * hash, a 32-byte opaque token) masked. One line, at most a few hundred characters, no stack.
 */

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

const MESSAGE_MAX = 160
const CAUSES_MAX = 3

/** Printable first line of `text`, at most MESSAGE_MAX characters. */
function shortLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are replaced on purpose
  const line = (text.split('\n')[0] ?? '').replace(/[\u0000-\u001F\u007F]/g, '?')
  return line.length > MESSAGE_MAX ? `${line.slice(0, MESSAGE_MAX)}…` : line
}

/**
 * True for an error whose message may quote a query, its parameters or a row's values: it carries
 * the query (drizzle, PGlite) or it is a database error (a SQLSTATE code: '22P02' messages quote
 * the refused input). Its class and code are logged, its message not.
 */
function mayQuoteData(error: object): boolean {
  const code = (error as { code?: unknown }).code
  return 'query' in error || 'params' in error || (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
}

/**
 * `TypeError: x is not a function` or `DrizzleQueryError (query failed) <- error 22021: invalid
 * byte sequence…`: class, code and short message of `error` and up to 3 causes.
 */
export function describeError(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; depth <= CAUSES_MAX && current != null; depth += 1) {
    if (typeof current !== 'object') {
      parts.push(shortLine(String(current)))
      break
    }
    const name = current.constructor?.name || 'Error'
    const code = (current as { code?: unknown }).code
    const codeText = typeof code === 'string' || typeof code === 'number' ? ` ${String(code).slice(0, 20)}` : ''
    const message = mayQuoteData(current)
      ? '(query failed)'
      : shortLine(String((current as { message?: unknown }).message ?? ''))
    parts.push(`${name}${codeText}: ${message}`)
    current = (current as { cause?: unknown }).cause
  }
  return maskSecrets(parts.join(' <- '))
}
