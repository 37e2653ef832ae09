/**
 * The 409 `version_conflict` of a write based on a version the record no longer has (decision 042,
 * src/api/schemas/versions.ts). Kept out of the client so the sign-in screen does not carry its
 * schema: only screens that edit records import it.
 */
import * as v from 'valibot'
import { ApiError } from './client'
import { VersionConflictBodySchema, type VersionConflictBody } from './schemas/versions'

/** The parsed body of a 409 `version_conflict` (the version now and the changes since), else null. */
export function versionConflictOf(error: unknown): VersionConflictBody | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const parsed = v.safeParse(VersionConflictBodySchema, error.body)
  return parsed.success ? parsed.output : null
}
