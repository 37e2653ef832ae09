/**
 * Contacts contract (SPEC.md 2 "Contacts list", "Contact detail"; 3 "Contact"; 4 "Contact
 * status"; 5 "Users, orders, contacts"; 7 "Contacts"; 8).
 *
 * Status and read state never disagree: 'new' (SPEC.md's "unread") is the only status whose
 * `isRead` is false, so "unread" everywhere (list, stats, dashboard) means status 'new'. Any status
 * may be set from the list (SPEC.md 4); a reply is sent only with status 'replied', goes to the
 * customer by e-mail first, and is refused with 409 when the contact is already replied.
 *
 * The list is page-numbered (SPEC.md 2 shows pagination controls; the old client's did nothing),
 * newest first, filtered on the server. POST /api/contacts is the storefront's public contact
 * form: no token, strict, bounded, rate limited per client IP.
 */
import * as v from 'valibot'
import { EmailSchema, IsoDateSchema, textSchema } from './common'
import { strictMessage } from './fields'
import { RowConflictSchema, RowVersionsSchema } from './versions'
import { undoEntry } from './undo'

/** SPEC.md 4 "Contact status": 'new' is the unread status and the default. */
export const CONTACT_STATUSES = ['new', 'read', 'replied', 'archived'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]
/** How each status reads to a person (SPEC.md 4 calls 'new' "unread"). */
export const CONTACT_STATUS_LABELS: Readonly<Record<ContactStatus, string>> = {
  new: 'Unread',
  read: 'Read',
  replied: 'Replied',
  archived: 'Archived',
}
/** True for the one unread status: `isRead` is `!isUnreadStatus(status)`. */
export function isUnreadStatus(status: ContactStatus): boolean {
  return status === 'new'
}
/** The bulk actions of the list and the status each sets. */
export const CONTACT_BULK_ACTIONS = {
  mark_read: 'read',
  mark_unread: 'new',
  mark_replied: 'replied',
  archive: 'archived',
} as const satisfies Record<string, ContactStatus>
export type ContactBulkAction = keyof typeof CONTACT_BULK_ACTIONS
const BULK_ACTION_NAMES = Object.keys(CONTACT_BULK_ACTIONS) as ContactBulkAction[]

/** Bounds of the public form and the reply (characters). */
export const CONTACT_LIMITS = { name: 100, phone: 32, subject: 200, message: 5000, reply: 10_000 } as const
/** At most this many contacts in one bulk update. */
export const CONTACT_BULK_MAX = 500
/** Characters of the message the list carries (`excerpt`); the detail has the whole message. */
export const CONTACT_EXCERPT_LENGTH = 200
/** The list's default page size, as on the users list (SPEC.md 9 lists 10, 20, 50 and 100). */
export const CONTACT_PAGE_SIZE_DEFAULT = 20
/** SPEC.md 5: a reply cannot be empty or whitespace only. */
export const REPLY_REQUIRED_MESSAGE = 'Please enter a reply message'

const pageNumber = (label: string, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, `${label} must be a whole number`),
      v.transform(Number),
      v.minValue(1, `${label} must be at least 1`),
      v.maxValue(max, `${label} cannot exceed ${max}`),
    ),
    String(fallback),
  )

/** GET /api/contacts: search over name, e-mail, subject and message (case-insensitive substring), status, page/limit. */
export const ContactListQuerySchema = v.object({
  search: v.optional(textSchema('Search', 200), ''),
  status: v.optional(
    v.picklist(['', 'all', ...CONTACT_STATUSES], `Status must be one of ${CONTACT_STATUSES.join(', ')}`),
    '',
  ),
  page: pageNumber('Page', 1_000_000, 1),
  limit: pageNumber('Limit', 100, CONTACT_PAGE_SIZE_DEFAULT),
})
export type ContactListQuery = v.InferOutput<typeof ContactListQuerySchema>

/** The related project as the list and detail show it; null when none or deleted. */
const ContactProjectSchema = v.object({ _id: v.string(), title: v.string() })

/** One row of the contacts list (SPEC.md 3 "Contact"); absent phone/subject are ''. */
export const ContactSummarySchema = v.object({
  _id: v.string(),
  /** The row's version as listed (live.ts "Versions"): a bulk write sends it back in `versions`. */
  updatedAt: IsoDateSchema,
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  subject: v.string(),
  /** The first CONTACT_EXCERPT_LENGTH characters of the message. */
  excerpt: v.string(),
  status: v.picklist(CONTACT_STATUSES),
  /** Always `status !== 'new'`. */
  isRead: v.boolean(),
  project: v.nullable(ContactProjectSchema),
  repliedAt: v.nullable(IsoDateSchema),
  createdAt: IsoDateSchema,
})
export type ContactSummary = v.InferOutput<typeof ContactSummarySchema>

export const ContactListResponseSchema = v.object({
  success: v.literal(true),
  contacts: v.array(ContactSummarySchema),
  pagination: v.object({ currentPage: v.number(), totalPages: v.number(), totalContacts: v.number() }),
})
export type ContactListResponse = v.InferOutput<typeof ContactListResponseSchema>

/**
 * GET /api/contacts/stats (SPEC.md 3 "Contact stats"): total, unread (= byStatus.new), this month
 * (received since the 1st, 00:00 IST) and the count of every status.
 */
export const ContactStatsResponseSchema = v.object({
  success: v.literal(true),
  stats: v.object({
    total: v.number(),
    unread: v.number(),
    thisMonth: v.number(),
    byStatus: v.object({ new: v.number(), read: v.number(), replied: v.number(), archived: v.number() }),
  }),
})
export type ContactStats = v.InferOutput<typeof ContactStatsResponseSchema>['stats']

/**
 * GET /api/contacts/{id}: the whole message, the reply and when it was sent, the related project,
 * and the registered user with the contact's e-mail (null when none), so the detail links to them.
 */
export const ContactDetailSchema = v.object({
  ...ContactSummarySchema.entries,
  message: v.string(),
  reply: v.nullable(v.string()),
  user: v.nullable(v.object({ _id: v.string(), name: v.string() })),
})
export type ContactDetail = v.InferOutput<typeof ContactDetailSchema>
export const ContactResponseSchema = v.object({ success: v.literal(true), contact: ContactDetailSchema })
export const ContactMessageResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  contact: ContactDetailSchema,
})

const ReplySchema = v.pipe(
  textSchema('Reply', CONTACT_LIMITS.reply, { multiline: true, typeMessage: REPLY_REQUIRED_MESSAGE }),
  v.nonEmpty(REPLY_REQUIRED_MESSAGE),
)

/**
 * PUT /api/contacts/{id} {status, reply?} (SPEC.md 7): sets any status; with `reply` (status
 * 'replied' only) the reply is e-mailed to the customer first ('Re: {subject}', the original
 * quoted) and stored with repliedAt only once the mail is sent. Answers 409 when the contact is
 * already replied, 502 with the mailer's reason when the mail cannot be sent (nothing changes).
 */
export const ContactUpdateSchema = v.pipe(
  v.strictObject(
    {
      status: v.picklist(CONTACT_STATUSES, `Status must be one of ${CONTACT_STATUSES.join(', ')}`),
      reply: v.optional(ReplySchema),
    },
    strictMessage({ status: 'Status is required' }),
  ),
  v.forward(
    v.check(
      (body) => body.reply === undefined || body.status === 'replied',
      'A reply can only be sent with status replied',
    ),
    ['reply'],
  ),
)

/** PUT /api/contacts/bulk-update {contactIds, action}: one transaction, all or nothing. */
export const ContactBulkUpdateSchema = v.strictObject(
  {
    contactIds: v.pipe(
      v.array(v.pipe(v.string(), v.uuid('Invalid id')), 'contactIds must be a list of contact ids'),
      v.minLength(1, 'Please select contacts to update'),
      v.maxLength(CONTACT_BULK_MAX, `At most ${CONTACT_BULK_MAX} contacts at once`),
    ),
    action: v.picklist(BULK_ACTION_NAMES, `Action must be one of ${BULK_ACTION_NAMES.join(', ')}`),
    versions: v.optional(RowVersionsSchema),
  },
  strictMessage({ contactIds: 'Please select contacts to update', action: 'Action is required' }),
)
/** The answer of a bulk update: how many contacts now have the action's status. */
export const ContactBulkResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  updated: v.number(),
  ...undoEntry,
  /** With `versions` in the request: the contacts left unchanged because they changed since loaded. */
  conflicts: v.optional(v.array(RowConflictSchema)),
})

const required = (label: string, max: number, multiline = false) =>
  v.pipe(textSchema(label, max, { multiline, typeMessage: `${label} is required` }), v.nonEmpty(`${label} is required`))

/**
 * POST /api/contacts: the storefront's contact form (public, no token). Strict and bounded; an
 * optional projectId must name an existing project (else 400 'Project not found'). Rate limited per
 * client IP (429 'Too many messages. Please try again in N minutes.'). Stored with status 'new'.
 */
export const ContactCreateSchema = v.strictObject(
  {
    name: required('Name', CONTACT_LIMITS.name),
    email: EmailSchema,
    phone: v.optional(
      v.pipe(
        textSchema('Phone', CONTACT_LIMITS.phone),
        v.regex(/^[0-9+()\-.\s]*$/, 'Phone may contain only digits, spaces and + ( ) - .'),
      ),
      '',
    ),
    subject: v.optional(textSchema('Subject', CONTACT_LIMITS.subject), ''),
    message: required('Message', CONTACT_LIMITS.message, true),
    projectId: v.optional(
      v.union([v.literal(''), v.pipe(v.string(), v.uuid('Project not found'))], 'Project not found'),
      '',
    ),
  },
  strictMessage({ name: 'Name is required', email: 'Email is required', message: 'Message is required' }),
)
export type ContactCreateInput = v.InferOutput<typeof ContactCreateSchema>
/** 201 answer of the public form: a thank-you text and the new contact's id (nothing else is disclosed). */
export const ContactCreatedResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  contactId: v.string(),
})
