/**
 * Record versions over HTTP (decision 041, src/api/schemas/live.ts "Versions"): the version a
 * write's `If-Match` names, and the strong `ETag` of a record a read or write answers.
 */
import type { Context } from 'hono'
import { etagOf, versionOfIfMatch } from '../../src/api/schemas/etag'

/** The version the request's If-Match names; null without one (or `*`): the write is applied as SPEC.md says. */
export const ifMatchOf = (c: Context): string | null => versionOfIfMatch(c.req.header('if-match'))

/** Answer the record's version `updatedAt` (ISO text, as the contract serialises it) as its ETag. */
export function setEtag(c: Context, updatedAt: string): void {
  c.header('ETag', etagOf(updatedAt))
}
