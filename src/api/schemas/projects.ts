/**
 * Projects and verification contract (SPEC.md 3 "Project", "Verification history entry",
 * "Projects pagination"; 5 "Add Project", "Verification"; 7 "Projects"). Money is in rupees
 * (number, 2 decimals) on the wire; the server stores paise. Request bodies are strict objects:
 * unknown fields are rejected by name. Numbers may arrive as numeric strings (form inputs).
 */
import * as v from 'valibot'
import { coerceNumber, isHttpUrl, normaliseDemoUrl, splitList } from './normalise'
import { IsoDateSchema, noControlChars, textSchema } from './common'
import { numberField, strictMessage } from './fields'
import { RowConflictSchema, RowVersionsSchema } from './versions'
import { undoEntry } from './undo'

export const VERIFICATION_STATUSES = ['pending', 'under_review', 'approved', 'needs_changes', 'rejected'] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]
/** The decisions whose owner is told by e-mail (decision 048). */
export const OWNER_MAILED_STATUSES = ['approved', 'needs_changes', 'rejected'] as const
/**
 * What a decision's mail to the project owner came to (decision 048): 'sent', not sent because
 * the owner's notifications are off ('notifications_off'), the project has no owner with an
 * address ('no_owner'), or every attempt failed ('failed').
 */
export const OWNER_NOTICE_OUTCOMES = ['sent', 'notifications_off', 'no_owner', 'failed'] as const
export type OwnerNoticeOutcome = (typeof OWNER_NOTICE_OUTCOMES)[number]
export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const
export type Difficulty = (typeof DIFFICULTIES)[number]
export const DESCRIPTION_MAX = 2000
export const BULK_MAX = 500
/** Item count and item length (characters) of the list fields; an index row must stay small. */
export const LIST_LIMITS = {
  technologies: { items: 50, itemChars: 100 },
  tags: { items: 50, itemChars: 100 },
  features: { items: 100, itemChars: 500 },
} as const
/** Length of free-text query filters (search, category). */
export const QUERY_TEXT_MAX = 200

export const VerificationStatusSchema = v.picklist(VERIFICATION_STATUSES, (issue) =>
  issue.input === undefined || issue.input === ''
    ? 'Status is required'
    : `Invalid status: must be one of ${VERIFICATION_STATUSES.join(', ')}`,
)

const NotesSchema = v.pipe(
  textSchema('Notes', DESCRIPTION_MAX, { multiline: true, typeMessage: 'Notes are required' }),
  v.nonEmpty('Notes are required'),
)

/**
 * A list field: an array of strings or one comma-separated string → trimmed items, empties
 * dropped; at most `items` items of at most `itemChars` characters, no control characters.
 */
function listSchema(label: string, { items, itemChars }: { items: number; itemChars: number }) {
  const tooMany = `${label} cannot have more than ${items} items`
  const item = v.pipe(
    v.string(`${label} must be a list of strings`),
    noControlChars(label),
    v.maxLength(itemChars, `Each of ${label} cannot exceed ${itemChars} characters`),
  )
  return v.pipe(
    v.union(
      [
        v.pipe(v.string(), noControlChars(label), v.maxLength(items * (itemChars + 2), tooMany)),
        v.pipe(v.array(item), v.maxLength(items, tooMany)),
      ],
      `${label} must be a list of strings or a comma-separated string`,
    ),
    v.transform((input: string | string[]) => splitList(input)),
    v.check((list) => list.length <= items, tooMany),
    v.check(
      (list) => list.every((s) => s.length <= itemChars),
      `Each of ${label} cannot exceed ${itemChars} characters`,
    ),
  )
}
const textField = (label: string, max: number, multiline = false) => textSchema(label, max, { multiline })

/** Every field an admin sets on a project; all optional here (the partial PUT). */
const projectFields = {
  title: v.pipe(textSchema('Title', 200, { typeMessage: 'Title is required' }), v.nonEmpty('Title is required')),
  description: v.pipe(
    textSchema('Description', DESCRIPTION_MAX, { multiline: true, typeMessage: 'Description is required' }),
    v.nonEmpty('Description is required'),
  ),
  category: v.pipe(textField('Category', 100), v.nonEmpty('Category is required')),
  price: numberField('Price', 0, 100_000_000),
  discount: numberField('Discount', 0, 100),
  technologies: listSchema('Technologies', LIST_LIMITS.technologies),
  features: listSchema('Features', LIST_LIMITS.features),
  tags: listSchema('Tags', LIST_LIMITS.tags),
  /** Blank, or an http(s) URL ('example.com' gets https://). */
  demoUrl: v.pipe(
    textField('Demo URL', 2048),
    v.transform(normaliseDemoUrl),
    v.check((url) => url === '' || isHttpUrl(url), 'Demo URL must be an http or https address'),
  ),
  difficulty: v.picklist(DIFFICULTIES, `Difficulty must be one of ${DIFFICULTIES.join(', ')}`),
  rating: numberField('Rating', 0, 5),
  isActive: v.boolean('isActive must be true or false'),
  isFeatured: v.boolean('isFeatured must be true or false'),
  isInStock: v.boolean('isInStock must be true or false'),
  /** Blank or null → null (unlimited). */
  stock: v.union(
    [
      v.pipe(
        v.union([v.null(), v.literal('')]),
        v.transform(() => null),
      ),
      numberField('Stock', 0, 1_000_000_000, true),
    ],
    'Stock must be a whole number or empty',
  ),
  /** User id, or null/blank to clear. */
  projectOwner: v.union(
    [
      v.pipe(
        v.union([v.null(), v.literal('')]),
        v.transform(() => null),
      ),
      v.pipe(v.string(), v.uuid('Project owner must be a user id')),
    ],
    'Project owner must be a user id or null',
  ),
  verificationStatus: VerificationStatusSchema,
  verificationNotes: textField('Verification notes', DESCRIPTION_MAX, true),
  submissionMessage: textField('Submission message', DESCRIPTION_MAX, true),
  allowsCustomization: v.boolean('allowsCustomization must be true or false'),
  customizationPrice: numberField('Customization price', 0, 100_000_000),
  includesInstallationSupport: v.boolean('includesInstallationSupport must be true or false'),
  /** Days. */
  supportDuration: numberField('Support duration', 0, 3650, true),
  hasReport: v.boolean('hasReport must be true or false'),
  reportPrice: numberField('Report price', 0, 100_000_000),
}
type Fields = typeof projectFields
type OptionalFields = { [K in keyof Fields]: v.OptionalSchema<Fields[K], undefined> }
const optionalFields = Object.fromEntries(
  Object.entries(projectFields).map(([key, schema]) => [key, v.optional(schema)]),
) as OptionalFields

/**
 * POST /api/projects/create: title and description required, the rest take the defaults.
 * `isDraft: true` makes the draft of Add Project's Upload Files: out of the catalogue until published.
 */
export const CreateProjectSchema = v.strictObject(
  {
    ...optionalFields,
    title: projectFields.title,
    description: projectFields.description,
    isDraft: v.optional(v.boolean('isDraft must be true or false')),
  },
  strictMessage({ title: 'Title is required', description: 'Description is required' }),
)
export type CreateProjectInput = v.InferOutput<typeof CreateProjectSchema>

/** PUT /api/projects/{id}: any subset of the fields; `isDraft: false` publishes a draft (never back). */
export const UpdateProjectSchema = v.strictObject(
  { ...optionalFields, isDraft: v.optional(v.literal(false, 'A published project cannot become a draft again')) },
  strictMessage({}),
)
export type UpdateProjectInput = v.InferOutput<typeof UpdateProjectSchema>

const queryInt = (label: string, min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\s*\d{0,9}\s*$/, `${label} must be a whole number`),
      v.transform((s) => coerceNumber(s, fallback)),
      v.check((n) => Number.isInteger(n), `${label} must be a whole number`),
      v.minValue(min, `${label} must be at least ${min}`),
      v.maxValue(max, `${label} cannot exceed ${max}`),
    ),
    String(fallback),
  )
const queryText = (label: string) => v.optional(textSchema(label, QUERY_TEXT_MAX), '')

/**
 * Risk filters of the projects list, by each project's latest source report: 'secrets' (it found
 * secrets), 'no-licence' (no licence file), 'high' (risk weight ≥ HIGH_RISK_WEIGHT), 'unreported'
 * (no report yet).
 */
export const RISK_FILTERS = ['secrets', 'no-licence', 'high', 'unreported'] as const
export type RiskFilter = (typeof RISK_FILTERS)[number]

/**
 * GET /api/projects query. `status` filters active/inactive (published) or draft; without it and
 * includeInactive only the catalogue: active, published projects.
 */
export const ProjectListQuerySchema = v.object({
  includeInactive: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'includeInactive must be true or false'),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
  page: queryInt('Page', 1, 1_000_000, 1),
  limit: queryInt('Limit', 1, 1000, 20),
  search: queryText('Search'),
  category: queryText('Category'),
  verificationStatus: v.optional(
    v.union(
      [v.literal(''), VerificationStatusSchema],
      `Invalid status: must be one of ${VERIFICATION_STATUSES.join(', ')}`,
    ),
    '',
  ),
  status: v.optional(v.picklist(['', 'active', 'inactive', 'draft'], 'Status must be active, inactive or draft'), ''),
  /** By the latest source report (decision 046); '' lists every project. */
  risk: v.optional(v.picklist(['', ...RISK_FILTERS], `Risk must be one of ${RISK_FILTERS.join(', ')}`), ''),
})
export type ProjectListQuery = v.InferOutput<typeof ProjectListQuerySchema>

/** PUT /api/projects/{id}/verify and PUT .../verification-history/{entryId}. */
export const VerifyProjectSchema = v.strictObject(
  { status: VerificationStatusSchema, notes: NotesSchema },
  strictMessage({ status: 'Status is required', notes: 'Notes are required' }),
)

const IdsSchema = v.pipe(
  v.array(v.pipe(v.string(), v.uuid('Invalid id')), 'ids must be a list of project ids'),
  v.minLength(1, 'Please select projects'),
  v.maxLength(BULK_MAX, `At most ${BULK_MAX} projects at once`),
)
const bulkRequired = {
  ids: 'Please select projects',
  status: 'Status is required',
  notes: 'Notes are required',
  isActive: 'isActive is required',
}
/**
 * Bulk requests may name the versions their rows were chosen at (`versions`, live.ts): a row
 * whose version moved is left unchanged and reported in the answer's `conflicts`. `onlyDrafts`
 * deletes only rows that are still drafts (a draft published meanwhile is kept and reported).
 */
export const BulkDeleteSchema = v.strictObject(
  {
    ids: IdsSchema,
    versions: v.optional(RowVersionsSchema),
    onlyDrafts: v.optional(v.boolean('onlyDrafts must be true or false')),
  },
  strictMessage(bulkRequired),
)
export const BulkVerifySchema = v.strictObject(
  { ids: IdsSchema, status: VerificationStatusSchema, notes: NotesSchema, versions: v.optional(RowVersionsSchema) },
  strictMessage(bulkRequired),
)
export const BulkUpdateSchema = v.strictObject(
  { ids: IdsSchema, isActive: projectFields.isActive, versions: v.optional(RowVersionsSchema) },
  strictMessage(bulkRequired),
)

export const HistoryEntryParamSchema = v.object({
  id: v.pipe(v.string(), v.uuid('Invalid id')),
  entryId: v.pipe(v.string(), v.uuid('Invalid entry id')),
})

const ImageSchema = v.object({ url: v.string(), alt: v.string(), filePath: v.string() })
const GithubRepoSchema = v.object({
  name: v.string(),
  url: v.string(),
  cloneUrl: v.string(),
  sshUrl: v.string(),
  private: v.boolean(),
  createdAt: v.string(),
})
const UserRefSchema = v.object({ _id: v.string(), name: v.string(), email: v.string() })

/** A project as the API returns it (SPEC.md 3). Money in rupees; `discountedPrice` derived. */
export const ProjectSchema = v.object({
  _id: v.string(),
  title: v.string(),
  description: v.string(),
  category: v.string(),
  price: v.number(),
  discount: v.number(),
  discountedPrice: v.number(),
  technologies: v.array(v.string()),
  features: v.array(v.string()),
  tags: v.array(v.string()),
  demoUrl: v.string(),
  difficulty: v.picklist(DIFFICULTIES),
  rating: v.number(),
  isActive: v.boolean(),
  /** Not yet published: out of the catalogue whatever isActive says (decision 038). */
  isDraft: v.boolean(),
  isFeatured: v.boolean(),
  isInStock: v.boolean(),
  stock: v.nullable(v.number()),
  images: v.array(ImageSchema),
  hasFiles: v.boolean(),
  /** Bytes. */
  totalFileSize: v.number(),
  projectOwner: v.nullable(UserRefSchema),
  githubRepo: v.nullable(GithubRepoSchema),
  verificationStatus: v.picklist(VERIFICATION_STATUSES),
  verificationNotes: v.string(),
  submissionMessage: v.string(),
  allowsCustomization: v.boolean(),
  customizationPrice: v.number(),
  includesInstallationSupport: v.boolean(),
  supportDuration: v.number(),
  hasReport: v.boolean(),
  reportPrice: v.number(),
  salesCount: v.number(),
  downloadCount: v.number(),
  viewCount: v.number(),
  reviews: v.number(),
  revenue: v.number(),
  avgRating: v.number(),
  conversionRate: v.number(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
})
export type Project = v.InferOutput<typeof ProjectSchema>

/** A project of the list: the project, and the risk weight of its latest source report (null: none yet). */
export const ProjectListRowSchema = v.object({
  ...ProjectSchema.entries,
  riskWeight: v.optional(v.nullable(v.number())),
})
export type ProjectListRow = v.InferOutput<typeof ProjectListRowSchema>

export const ProjectListResponseSchema = v.object({
  success: v.literal(true),
  projects: v.array(ProjectListRowSchema),
  pagination: v.object({ currentPage: v.number(), totalPages: v.number(), totalProjects: v.number() }),
})
export type ProjectListResponse = v.InferOutput<typeof ProjectListResponseSchema>
export const ProjectResponseSchema = v.object({ success: v.literal(true), project: ProjectSchema })
export const CategoriesResponseSchema = v.object({ success: v.literal(true), categories: v.array(v.string()) })
export const TechnologiesResponseSchema = v.object({ success: v.literal(true), technologies: v.array(v.string()) })

/** One verification history entry; `verifiedBy` null displays as 'Project Owner'. */
export const VerificationEntrySchema = v.object({
  _id: v.string(),
  status: v.picklist(VERIFICATION_STATUSES),
  previousStatus: v.nullable(v.picklist(VERIFICATION_STATUSES)),
  notes: v.string(),
  verifiedAt: IsoDateSchema,
  verifiedBy: v.nullable(v.object({ name: v.string(), email: v.string() })),
  /** Whether the owner was told of this decision by e-mail and when; absent while the mail waits or for none. */
  ownerNotice: v.optional(v.object({ outcome: v.picklist(OWNER_NOTICE_OUTCOMES), at: IsoDateSchema })),
})
export type VerificationEntry = v.InferOutput<typeof VerificationEntrySchema>
export const VerificationHistoryResponseSchema = v.object({
  success: v.literal(true),
  verificationHistory: v.array(VerificationEntrySchema),
  message: v.string(),
})
export const VerificationEntryResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  entry: VerificationEntrySchema,
})
export const ProjectMessageResponseSchema = v.object({ success: v.literal(true), message: v.string(), ...undoEntry })
export const BulkResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  count: v.number(),
  ...undoEntry,
  /** With `versions` in the request: the rows left unchanged because they changed since loaded. */
  conflicts: v.optional(v.array(RowConflictSchema)),
})
