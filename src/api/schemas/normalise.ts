/**
 * Input normalisers of the Add Project / edit forms (SPEC.md 5 "Add Project"). Pure and
 * dependency-free: the valibot contract (projects.ts beside this file) runs them on both sides,
 * and the client forms use them directly.
 */

/**
 * A list field given as an array or a comma-separated string → trimmed items, empties dropped.
 * `splitList('a, b,,c ')` → `['a', 'b', 'c']`; `splitList([' a ', ''])` → `['a']`.
 */
export function splitList(input: string | readonly string[]): string[] {
  const items = typeof input === 'string' ? input.split(',') : input
  return items.map((item) => item.trim()).filter((item) => item.length > 0)
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i

/** Demo URL: trimmed; `https://` prepended when it has no scheme; empty stays empty. */
export function normaliseDemoUrl(input: string): string {
  const url = input.trim()
  if (url === '') return ''
  return HAS_SCHEME.test(url) ? url : `https://${url}`
}

/**
 * True when `url` parses as an absolute http: or https: URL (WHATWG URL); anything else
 * (`javascript:`, `data:`, `file:`, no host) is refused so a stored link can never run script.
 */
export function isHttpUrl(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url)
    return (protocol === 'http:' || protocol === 'https:') && hostname !== ''
  } catch {
    return false
  }
}

/** A plain decimal number: optional sign, digits, optional fraction. No hex, binary, exponent or Infinity. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/**
 * A number field that may arrive as a numeric string (form inputs). Blank → `fallback`
 * (SPEC.md 5: "Numbers are coerced, with 0 as the fallback"); a string that is not a plain
 * decimal number ('abc', '0x10', '1e3', 'Infinity') → NaN, which the schema then rejects with a
 * clear message.
 */
export function coerceNumber(input: number | string, fallback = 0): number {
  if (typeof input === 'number') return input
  const text = input.trim()
  if (text === '') return fallback
  return DECIMAL.test(text) ? Number(text) : Number.NaN
}
