/**
 * Record versions (decisions 041, 042). A record's version is its `updatedAt` (ISO 8601,
 * milliseconds). Reads of one record answer it as a strong `ETag` (`"2026-11-27T10:00:00.123Z"`);
 * a write of that record sends it back as `If-Match`. A write whose `If-Match` names another
 * version changes nothing and answers 409 with `code: 'version_conflict'`, the current version and
 * the audited changes made since the named one (who, when, which fields, before and after). A
 * write without `If-Match` is applied as SPEC.md describes (last write wins). Bulk writes take the
 * versions of their rows in `versions` ({ id: updatedAt }); a row whose version moved is left
 * unchanged and reported in `conflicts`.
 */
import * as v from 'valibot'
import { IsoDateSchema } from './common'

/** `code` of the 409 answered to a write based on a version that is no longer the record's. */
export const VERSION_CONFLICT = 'version_conflict'

/** An admin as a live screen names them. */
export const LiveActorSchema = v.object({ id: v.string(), name: v.string() })

/** One audited change made since the version a stale write named. */
export const VersionChangeSchema = v.object({
  /** The admin who made it; null when the change had no actor. */
  actor: v.nullable(LiveActorSchema),
  at: IsoDateSchema,
  /** The audit action, e.g. `project.update`. */
  action: v.string(),
  /** Names of the record's fields the change touched (the contract's names, e.g. `title`). */
  fields: v.array(v.string()),
  before: v.unknown(),
  after: v.unknown(),
})
export type VersionChange = v.InferOutput<typeof VersionChangeSchema>

/** The body of a 409 `version_conflict`: an error body plus the current version and the changes since. */
export const VersionConflictBodySchema = v.object({
  success: v.literal(false),
  message: v.string(),
  code: v.literal(VERSION_CONFLICT),
  /** The record's version now: send it as If-Match to write over the other admin's change. */
  version: v.string(),
  /** Oldest first. */
  changes: v.array(VersionChangeSchema),
})
export type VersionConflictBody = v.InferOutput<typeof VersionConflictBodySchema>

/** Versions of the rows a bulk write was chosen from: `{ [id]: updatedAt }`. */
export const RowVersionsSchema = v.record(v.pipe(v.string(), v.uuid('Invalid id')), v.string())
export type RowVersions = v.InferOutput<typeof RowVersionsSchema>

/** A row a bulk write left unchanged because it changed since it was loaded. */
export const RowConflictSchema = v.object({
  id: v.string(),
  version: v.string(),
  /** Who changed it last; null when the change had no actor. */
  changedBy: v.nullable(LiveActorSchema),
})
export type RowConflict = v.InferOutput<typeof RowConflictSchema>
