/**
 * Audit log contract (docs/decisions/009-audit-log-and-data-at-rest.md).
 * GET /api/admin/audit lists every audited change, newest first, keyset-paged over (created_at,
 * id): `cursor` is the opaque `nextCursor` of the previous page, and a page never skips or repeats
 * a row while new entries arrive. Dates of the range filter are calendar days in India
 * (Asia/Kolkata), both ends inclusive. GET /api/admin/audit/facets lists the entity types, actions
 * and admins that occur, for the filter menus.
 */
import * as v from 'valibot'
import { IsoDateSchema, textSchema } from './common'
import { cursorQueryEntries } from './orders'

const day = (label: string) =>
  v.optional(
    v.union(
      [v.literal(''), v.pipe(v.string(), v.isoDate(`${label} must be a date (YYYY-MM-DD)`))],
      `${label} must be a date (YYYY-MM-DD)`,
    ),
    '',
  )

/** '' or one to five entity types separated by commas. */
const ENTITY_TYPES = /^(?:[a-z_]{1,40}(?:,[a-z_]{1,40}){0,4})?$/

/** The entity types an `entityType` filter names ('' → none). */
export function entityTypesOf(entityType: string): string[] {
  return entityType ? entityType.split(',') : []
}

/**
 * GET /api/admin/audit query. `action` is exact (`project.verify`) or, ending with a dot, a prefix
 * (`project.` matches `project.verify` and `project.report.upload`). `search` is a
 * case-insensitive substring of the action, the entity id, the actor's name or e-mail, or the
 * entity's title/name (project title, user name or e-mail, order number, contact subject).
 */
export const AuditListQuerySchema = v.pipe(
  v.object({
    search: v.optional(textSchema('Search', 200), ''),
    /** One entity type, or up to five separated by commas (`user,order`); `user` also matches rows stored as `users` (server/domain/audit.ts). */
    entityType: v.optional(
      v.pipe(
        v.string(),
        v.regex(ENTITY_TYPES, 'Entity type must be lower-case letters or _ (at most 5, comma-separated)'),
      ),
      '',
    ),
    entityId: v.optional(textSchema('Entity id', 200), ''),
    actorId: v.optional(
      v.union([v.literal(''), v.pipe(v.string(), v.uuid('Actor must be a user id'))], 'Actor must be a user id'),
      '',
    ),
    action: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^(?:[a-z_]+\.)*[a-z_]*$/, 'Action must be dotted lower-case words (a trailing dot is a prefix)'),
        v.maxLength(100, 'Action cannot exceed 100 characters'),
      ),
      '',
    ),
    from: day('From'),
    to: day('To'),
    /** Page size: default 50, at most 200 (CURSOR_PAGE). */
    ...cursorQueryEntries,
  }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'From must be on or before To'),
)
export type AuditListQuery = v.InferOutput<typeof AuditListQuerySchema>
/** The filters of the list as the client keeps them (no cursor, no limit). */
export type AuditFilters = Pick<
  AuditListQuery,
  'search' | 'entityType' | 'entityId' | 'actorId' | 'action' | 'from' | 'to'
>

/** An admin as the log names them; null when the change was not made through the API (a trigger without an actor). */
export const AuditActorSchema = v.object({ id: v.string(), name: v.string(), email: v.string() })
export type AuditActor = v.InferOutput<typeof AuditActorSchema>

/** One audited change. `before`/`after` are the JSON the writer stored (objects of changed fields, or null). */
export const AuditEntrySchema = v.object({
  /** The row id (bigint, as decimal text). */
  id: v.string(),
  at: IsoDateSchema,
  /** The admin; null for a change without an actor or when the user row is gone (then `actorId` still names them). */
  actor: v.nullable(AuditActorSchema),
  actorId: v.nullable(v.string()),
  action: v.string(),
  entityType: v.string(),
  entityId: v.nullable(v.string()),
  /** The record's title/name/number/subject while it still exists, else null. */
  entityLabel: v.nullable(v.string()),
  before: v.unknown(),
  after: v.unknown(),
  ip: v.nullable(v.string()),
})
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>

export const AuditListResponseSchema = v.object({
  success: v.literal(true),
  entries: v.array(AuditEntrySchema),
  /** `nextCursor`: null on the last page. No total: counting a million rows per page is not worth it. */
  pagination: v.object({ nextCursor: v.nullable(v.string()) }),
})
export type AuditListResponse = v.InferOutput<typeof AuditListResponseSchema>

/** GET /api/admin/audit/facets: what occurs in the log, sorted; admins by name. */
export const AuditFacetsResponseSchema = v.object({
  success: v.literal(true),
  entityTypes: v.array(v.string()),
  actions: v.array(v.string()),
  actors: v.array(AuditActorSchema),
})
export type AuditFacets = Omit<v.InferOutput<typeof AuditFacetsResponseSchema>, 'success'>
