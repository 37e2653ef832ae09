/**
 * Triage of the verification queue, behind requireAdmin:
 *
 * - `GET /api/admin/triage/queue?limit=&category=` → `{ success, total, queue }`: the projects
 *   waiting for a decision (status pending or under_review), oldest first by the time they entered
 *   the queue (their latest move into pending/under_review from another status, else their
 *   creation), at most `limit` (default 50, 1-200), of one category when `category` is given
 *   (exact name). `sort=risk` orders by the risk weight of each project's latest source report
 *   instead, lowest first (fast approvals), projects without a report last, ties oldest first.
 *   Each row carries `risk` from that report (null before one exists). `total` counts the whole queue (of that category). Projects under another
 *   moderator's live triage claim (decision 043) are left out of `queue` and counted in
 *   `claimedByOthers` (they stay in `total`), so two moderators are never shown the same project.
 * - `GET /api/admin/triage/projects/{id}` → `{ success, bundle }`: what a moderator needs to decide
 *   on one project: its fields, owner, images, age in the queue, submission message, the README of
 *   its repository's default branch (capped at README_MAX_CHARS) and what changed since the last
 *   decision (files from the repository history, fields from the audit log). 404 for an unknown
 *   project; a project outside the queue is answered too (`inQueue: false`).
 * - `GET /api/admin/triage/stats` → `{ success, stats }`: the dashboard's queue figures.
 *
 * Decisions themselves go through `PUT /api/projects/{id}/verify` (with its undo ticket).
 * Times are ISO 8601 strings, durations in milliseconds.
 */
import * as v from 'valibot'
import { IsoDateSchema, textSchema } from './common'
import { VERIFICATION_STATUSES, type VerificationStatus } from './projects'
import { LICENCE_STATUSES } from './source-report'

/** The statuses of a project waiting for a decision. */
export const QUEUE_STATUSES = ['pending', 'under_review'] as const satisfies readonly VerificationStatus[]
/** Statuses that take a project out of the queue: the decisions counted by the queue figures. */
export const DECISION_STATUSES = [
  'approved',
  'needs_changes',
  'rejected',
] as const satisfies readonly VerificationStatus[]

export const QUEUE_LIMIT_DEFAULT = 50
export const QUEUE_LIMIT_MAX = 200
/** The README text is cut to this many characters (`truncated: true`). */
export const README_MAX_CHARS = 20_000
/** At most this many changed files are listed (`truncated: true`). */
export const CHANGED_FILES_MAX = 500

/** Orders of the queue: oldest in the queue first, or lowest risk weight first (no report last). */
export const QUEUE_SORTS = ['oldest', 'risk'] as const
export type QueueSort = (typeof QUEUE_SORTS)[number]

export const TriageQueueQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'limit must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'limit must be at least 1'),
      v.maxValue(QUEUE_LIMIT_MAX, `limit must be at most ${QUEUE_LIMIT_MAX}`),
    ),
    String(QUEUE_LIMIT_DEFAULT),
  ),
  /** Only this category (exact name); '' or absent: every category. */
  category: v.optional(textSchema('Category', 100), ''),
  sort: v.optional(v.picklist(QUEUE_SORTS, `sort must be one of ${QUEUE_SORTS.join(', ')}`), 'oldest'),
})

const StatusSchema = v.picklist(VERIFICATION_STATUSES)
const PersonSchema = v.object({ _id: v.string(), name: v.string(), email: v.string() })

/**
 * The risk of a queued project from its latest source report (decision 046): the weight, whether
 * it is high (weight ≥ HIGH_RISK_WEIGHT), how many secrets were found and the licence status.
 */
export const QueueRiskSchema = v.object({
  weight: v.number(),
  high: v.boolean(),
  secrets: v.number(),
  licence: v.picklist(LICENCE_STATUSES),
})

/** One project of the queue. */
export const QueueItemSchema = v.object({
  _id: v.string(),
  title: v.string(),
  category: v.string(),
  verificationStatus: StatusSchema,
  ownerName: v.nullable(v.string()),
  /** When it entered the queue. */
  enteredQueueAt: IsoDateSchema,
  /** Milliseconds since then (at the server's clock). */
  ageMs: v.number(),
  /** From the latest source report; null while the project has none. */
  risk: v.nullable(QueueRiskSchema),
})
export type QueueItem = v.InferOutput<typeof QueueItemSchema>

export const TriageQueueResponseSchema = v.object({
  success: v.literal(true),
  total: v.number(),
  /** Projects of the queue (of that category) that other moderators are reviewing: not in `queue`. */
  claimedByOthers: v.number(),
  queue: v.array(QueueItemSchema),
})
export type TriageQueueResponse = v.InferOutput<typeof TriageQueueResponseSchema>

export const FILE_CHANGES = ['added', 'modified', 'deleted'] as const
export type FileChange = (typeof FILE_CHANGES)[number]

/** A field of the project changed since the last decision (an audit_log project.update row). */
export const FieldChangeSchema = v.object({
  field: v.string(),
  before: v.unknown(),
  after: v.unknown(),
  /** The admin who changed it (null: unknown or removed). */
  by: v.nullable(v.object({ _id: v.string(), name: v.string() })),
  at: IsoDateSchema,
})
export type FieldChange = v.InferOutput<typeof FieldChangeSchema>

export const TriageBundleSchema = v.object({
  project: v.object({
    _id: v.string(),
    title: v.string(),
    description: v.string(),
    category: v.string(),
    /** Rupees. */
    price: v.number(),
    technologies: v.array(v.string()),
    demoUrl: v.string(),
    verificationStatus: StatusSchema,
    verificationNotes: v.string(),
    submissionMessage: v.string(),
    createdAt: IsoDateSchema,
    updatedAt: IsoDateSchema,
  }),
  owner: v.nullable(PersonSchema),
  images: v.array(v.object({ url: v.string(), alt: v.string() })),
  inQueue: v.boolean(),
  enteredQueueAt: IsoDateSchema,
  ageMs: v.number(),
  /** The README of the default branch, or null (no repository, no README, or a GitHub-hosted one). */
  readme: v.nullable(v.object({ path: v.string(), text: v.string(), truncated: v.boolean() })),
  /**
   * The last review: the latest entry by an admin with any status but pending (a move back to
   * pending is a resubmission), or null when it was never reviewed. "Changes" are since this.
   */
  lastDecision: v.nullable(
    v.object({
      status: StatusSchema,
      notes: v.string(),
      at: IsoDateSchema,
      by: v.nullable(v.string()),
    }),
  ),
  changes: v.object({
    /**
     * Files changed in the repository between the commit at the last decision and the head of the
     * default branch; null when that cannot be told (never decided, no repository, GitHub-hosted).
     */
    files: v.nullable(
      v.object({
        from: v.string(),
        to: v.string(),
        items: v.array(v.object({ path: v.string(), change: v.picklist(FILE_CHANGES) })),
        truncated: v.boolean(),
      }),
    ),
    /** Field changes recorded in the audit log after the last decision, oldest first ([] when never decided). */
    fields: v.array(FieldChangeSchema),
  }),
})
export type TriageBundle = v.InferOutput<typeof TriageBundleSchema>

export const TriageBundleResponseSchema = v.object({ success: v.literal(true), bundle: TriageBundleSchema })

/** The queue figures of the dashboard. */
export const TriageStatsSchema = v.object({
  /** Projects waiting (pending or under review). */
  waiting: v.number(),
  /** Age in the queue of the oldest waiting project, ms; null when the queue is empty. */
  oldestAgeMs: v.nullable(v.number()),
  /** Decisions (approve, needs changes, reject of a waiting project) since midnight in India. */
  decidedToday: v.number(),
  /** Median time from entering the queue to the decision over the last 30 days' decisions, ms; null without any. */
  medianDecisionMs: v.nullable(v.number()),
})
export type TriageStats = v.InferOutput<typeof TriageStatsSchema>

export const TriageStatsResponseSchema = v.object({ success: v.literal(true), stats: TriageStatsSchema })
