/**
 * Several admins on one console (decisions 043-045): triage claims, presence on a record, and the
 * server-sent event stream that keeps screens live. Record versions are in versions.ts.
 *
 * - **Claims.** `POST /api/admin/triage/projects/{id}/claim` claims a project for the calling
 *   moderator for CLAIM_TTL_MS (renewed by claiming again while it is on screen), `DELETE` on the
 *   same path releases it; `GET /api/admin/triage/claims` lists the live claims. A project claimed
 *   by someone else answers 409 `code: 'claimed'` with that claim; one no longer in the queue
 *   answers 409 `code: 'not_in_queue'`.
 * - **Presence.** `PUT /api/presence` (every PRESENCE_HEARTBEAT_MS while a record is open) says
 *   who is viewing or editing which record and section; `GET /api/presence?entityType=&entityId=`
 *   lists the others there; `DELETE /api/presence` on leaving.
 * - **Events.** `GET /api/events` (bearer access token) is a `text/event-stream` of StreamEvent:
 *   `event:` is the type, `data:` the JSON. Change events carry `id:` (the audit entry's id), and a
 *   reconnect with `Last-Event-ID` replays the changes after it; claim, presence and report events are
 *   signals without ids (the client refetches what they name).
 */
import * as v from 'valibot'
import { IsoDateSchema, textSchema } from './common'
import { LiveActorSchema } from './versions'

/** `code` of the 409 answered when a project is claimed by another moderator. */
export const CLAIMED = 'claimed'
/** `code` of the 409 answered to a claim of a project no longer waiting for a decision (decided, or a draft). */
export const NOT_IN_QUEUE = 'not_in_queue'

/** How long a claim holds without being renewed (ms). */
export const CLAIM_TTL_MS = 3 * 60_000
/** How often a moderator's console renews the claim of the project on screen (ms). */
export const CLAIM_RENEW_MS = 60_000

/** A moderator's claim on a project in triage. */
export const ClaimSchema = v.object({
  projectId: v.string(),
  moderator: LiveActorSchema,
  expiresAt: IsoDateSchema,
})
export type Claim = v.InferOutput<typeof ClaimSchema>
export const ClaimResponseSchema = v.object({ success: v.literal(true), claim: ClaimSchema })
export const ClaimsResponseSchema = v.object({ success: v.literal(true), claims: v.array(ClaimSchema) })
/** The answer of `DELETE …/claim`: whether the caller held a claim that is now released. */
export const ClaimReleaseResponseSchema = v.object({ success: v.literal(true), released: v.boolean() })
/** The 409 `claimed` body: the other moderator's claim. */
export const ClaimedBodySchema = v.object({
  success: v.literal(false),
  message: v.string(),
  code: v.literal(CLAIMED),
  claim: ClaimSchema,
})

/** How often an open record says its viewer is still there (ms). */
export const PRESENCE_HEARTBEAT_MS = 15_000
/** A viewer not heard from for this long is gone (ms). */
export const PRESENCE_TTL_MS = 45_000
/** Record kinds presence is kept for. */
export const PRESENCE_ENTITIES = ['project', 'user', 'order', 'contact', 'commission_config'] as const

export const PresenceTargetSchema = v.object({
  entityType: v.picklist(PRESENCE_ENTITIES, 'Unknown record type'),
  entityId: v.pipe(v.string(), v.uuid('Invalid id')),
})
export type PresenceTarget = v.InferOutput<typeof PresenceTargetSchema>
export type PresenceEntity = PresenceTarget['entityType']
export const PresenceUpdateSchema = v.strictObject({
  ...PresenceTargetSchema.entries,
  /** The section being edited (e.g. 'pricing'); null while only viewing. */
  section: v.nullable(textSchema('Section', 60)),
})
export const ViewerSchema = v.object({
  admin: LiveActorSchema,
  section: v.nullable(v.string()),
  since: IsoDateSchema,
})
export type Viewer = v.InferOutput<typeof ViewerSchema>
export type PresenceUpdate = v.InferOutput<typeof PresenceUpdateSchema>
export const PresenceResponseSchema = v.object({ success: v.literal(true), viewers: v.array(ViewerSchema) })
/** The query of `DELETE /api/presence`: the target, or nothing when the body names it. */
export const PresenceLeaveQuerySchema = v.partial(PresenceTargetSchema)
/** The answer of `DELETE /api/presence`. */
export const PresenceLeftResponseSchema = v.object({ success: v.literal(true) })

/** A change to a record, as the audit log recorded it; `id` is the audit entry's id (the SSE id). */
export const ChangeEventSchema = v.object({
  type: v.literal('change'),
  id: v.string(),
  at: IsoDateSchema,
  action: v.string(),
  entityType: v.string(),
  entityId: v.nullable(v.string()),
  actor: v.nullable(LiveActorSchema),
})
/** A project's claim was taken, renewed or released (`claim` null). */
export const ClaimEventSchema = v.object({
  type: v.literal('claim'),
  projectId: v.string(),
  claim: v.nullable(ClaimSchema),
})
/** The viewers of a record changed: refetch its presence. */
export const PresenceEventSchema = v.object({
  type: v.literal('presence'),
  entityType: v.string(),
  entityId: v.string(),
})
export type ChangeEvent = v.InferOutput<typeof ChangeEventSchema>
/** A source report of the project was stored (decision 046): its risk in the lists and the queue changed. */
export const ReportEventSchema = v.object({
  type: v.literal('report'),
  projectId: v.string(),
  riskWeight: v.number(),
})

/**
 * The stream cannot replay every change since the client's `Last-Event-ID` (too many, or the id is
 * unknown): refetch everything on screen. Sent once, before the live events.
 */
export const ResyncEventSchema = v.object({ type: v.literal('resync') })
/** What `GET /api/events` sends: the live events plus the stream's own resync signal. */
export const StreamEventSchema = v.variant('type', [
  ChangeEventSchema,
  ClaimEventSchema,
  PresenceEventSchema,
  ReportEventSchema,
  ResyncEventSchema,
])
export type StreamEvent = v.InferOutput<typeof StreamEventSchema>
/** At most this many changes are replayed after a `Last-Event-ID`; more is a resync. */
export const REPLAY_LIMIT = 500
/** How often the stream sends a comment line and checks that its token and session still hold (ms). */
export const EVENTS_HEARTBEAT_MS = 20_000
/** The `retry:` the stream advises: wait before reconnecting after it ends (ms). */
export const EVENTS_RETRY_MS = 2_000
/** `Last-Event-ID`: the decimal id of an audit entry (a bigint). */
export const LastEventIdSchema = v.pipe(
  v.string(),
  v.regex(/^(0|[1-9]\d{0,17})$/, 'Last-Event-ID must be the id of a change event'),
)
