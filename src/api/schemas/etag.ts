/**
 * Entity tags of record versions (RFC 9110 8.8.3, 13.1.1): the version a read answers as `ETag` and
 * a write sends back as `If-Match` (versions.ts). Without schemas, so the API client carries only these.
 */

/** The strong ETag of a record whose version (updatedAt) is `version` (RFC 9110 8.8.3). */
export const etagOf = (version: string): string => `"${version}"`

/**
 * The version an `If-Match` header names: the first entity tag's value without quotes (a weak
 * `W/` tag counts as its value), null when the header is absent or `*` (match anything).
 */
export function versionOfIfMatch(header: string | null | undefined): string | null {
  const first = header?.split(',')[0]?.trim()
  if (!first || first === '*') return null
  const tag = first.startsWith('W/') ? first.slice(2) : first
  return tag.length >= 2 && tag.startsWith('"') && tag.endsWith('"') ? tag.slice(1, -1) : tag
}
