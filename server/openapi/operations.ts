/**
 * What the routes' validators cannot tell the OpenAPI document (server/openapi/document.ts):
 * the success answer of each route (the schema its `ok(c, Schema, body)` sends, with the status),
 * multipart request bodies (parsed inside the handler by `parseMultipart`), non-JSON answers
 * (files, git, HTML) and which routes need no token. Keyed `METHOD /openapi/path`.
 * tests/server/openapi.test.ts checks that every /api route of the app has an entry here.
 */
import * as v from 'valibot'
import {
  MessageResponseSchema,
  ProfileResponseSchema,
  RefreshResponseSchema,
  SessionListResponseSchema,
  SessionRevokeResponseSchema,
  SendOtpResponseSchema,
  UpdateProfileResponseSchema,
  VerifyOtpResponseSchema,
} from '../../src/api/schemas/auth'
import { HealthResponseSchema, ReadyResponseSchema } from '../../src/api/schemas/common'
import { StepUpSendResponseSchema, StepUpVerifyResponseSchema } from '../../src/api/schemas/step-up'
import { AnalyticsResponseSchema } from '../../src/api/schemas/analytics'
import { DashboardStatsResponseSchema } from '../../src/api/schemas/dashboard'
import { PaletteProjectsResponseSchema } from '../../src/api/schemas/palette'
import { PreferencesResponseSchema } from '../../src/api/schemas/preferences'
import { UndoResponseSchema } from '../../src/api/schemas/undo'
import { PresenceLeftResponseSchema, PresenceResponseSchema, PresenceTargetSchema } from '../../src/api/schemas/live'
import { AuditFacetsResponseSchema, AuditListResponseSchema } from '../../src/api/schemas/audit'
import {
  CLAIM_TTL_MS,
  ClaimReleaseResponseSchema,
  ClaimResponseSchema,
  ClaimsResponseSchema,
} from '../../src/api/schemas/live'
import {
  TriageBundleResponseSchema,
  TriageQueueResponseSchema,
  TriageStatsResponseSchema,
} from '../../src/api/schemas/triage'
import {
  BulkResponseSchema,
  CategoriesResponseSchema,
  ProjectListResponseSchema,
  ProjectMessageResponseSchema,
  ProjectResponseSchema,
  TechnologiesResponseSchema,
  VerificationEntryResponseSchema,
  VerificationHistoryResponseSchema,
} from '../../src/api/schemas/projects'
import { SourceReportQueuedResponseSchema, SourceReportResponseSchema } from '../../src/api/schemas/source-report'
import {
  ReportDownloadResponseSchema,
  ReportFieldsSchema,
  ReportMessageResponseSchema,
} from '../../src/api/schemas/reports'
import {
  ArchiveResponseSchema,
  BranchCreatedResponseSchema,
  BranchesResponseSchema,
  CollaboratorAddedResponseSchema,
  CollaboratorsResponseSchema,
  RepoFeaturesResponseSchema,
  RepoMessageResponseSchema,
  RepoResponseSchema,
} from '../../src/api/schemas/repository'
import { DeleteImageBodySchema, ImagesResponseSchema } from '../../src/api/schemas/storage'
import {
  DraftsResponseSchema,
  UploadChunkFieldsSchema,
  UploadChunkResponseSchema,
  UploadStateResponseSchema,
} from '../../src/api/schemas/upload'
import {
  BankAccountRevealResponseSchema,
  UserBulkResponseSchema,
  UserListResponseSchema,
  UserMessageResponseSchema,
  UserResponseSchema,
  UserStatsResponseSchema,
  UserUpdateGroupSchemas,
} from '../../src/api/schemas/users'
import {
  ExportLinkResponseSchema,
  OrderBulkResponseSchema,
  OrderListResponseSchema,
  OrderMessageResponseSchema,
  OrderResponseSchema,
  OrderStatsResponseSchema,
} from '../../src/api/schemas/orders'
import {
  ContactBulkResponseSchema,
  ContactCreatedResponseSchema,
  ContactListResponseSchema,
  ContactMessageResponseSchema,
  ContactResponseSchema,
  ContactStatsResponseSchema,
} from '../../src/api/schemas/contacts'
import {
  PaymentListResponseSchema,
  PaymentResponseSchema,
  PaymentStatsResponseSchema,
} from '../../src/api/schemas/payments'
import {
  CommissionConfigListResponseSchema,
  CommissionConfigMessageResponseSchema,
  CommissionConfigResponseSchema,
  CommissionDefaultResponseSchema,
  CommissionDeleteResponseSchema,
  CommissionProjectsResponseSchema,
  CommissionStatsResponseSchema,
} from '../../src/api/schemas/commission'

/** One operation's extras; every field optional. */
export type OperationExtra = {
  summary?: string
  /** The success answer: status and the JSON schema `ok()` answers with. */
  response?: { status: number; schema: v.GenericSchema }
  /** A non-JSON success answer: status and media type (files, zip, HTML). */
  rawResponse?: { status: number; media: string; description: string }
  /**
   * The JSON body as the document shows it, instead of the validator's schema: for a body whose
   * schema is a rawTransform the converter cannot describe (PUT /api/users/{id}: its groups).
   */
  jsonBody?: v.GenericSchema
  /** An optional JSON body read inside the handler (not by a validator). */
  optionalJson?: v.GenericSchema
  /** Multipart body: the text fields' schema and the file fields (name → several parts allowed). */
  multipart?: { fields?: v.GenericSchema; files: Record<string, { multiple: boolean }> }
  /** No bearer token needed (health, sign-in, signed links, the docs). */
  public?: boolean
  /**
   * The 4xx answers this route gives besides those document.ts adds to every operation of its
   * kind (401/403 of the admin guard, 400 of a validator, 404 of a looked-up path id, 413 of a
   * JSON body): status → when. An entry for one of those replaces its description.
   */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 429, string>>
  /** The success answer carries the record's version as a strong `ETag` (decision 041). */
  etag?: boolean
  /** A write of one record that takes `If-Match` and answers 409 `version_conflict` (decision 041). */
  ifMatch?: boolean
}

const json = (schema: v.GenericSchema, status = 200) => ({ status, schema })
const PUBLIC = { public: true } as const

/** The extras of every route, by `METHOD /path` with OpenAPI `{param}` segments. */
export const OPERATIONS: Record<string, OperationExtra> = {
  'GET /api/health': { ...PUBLIC, summary: 'The process answers', response: json(HealthResponseSchema) },
  'GET /api/ready': {
    ...PUBLIC,
    summary: 'The database and the storage answer (503 otherwise)',
    response: json(ReadyResponseSchema),
  },
  'GET /api/openapi.json': {
    summary: 'This document',
    rawResponse: { status: 200, media: 'application/json', description: 'The OpenAPI 3.1 document' },
  },
  'GET /api/docs': {
    ...PUBLIC,
    summary: 'The API docs (Swagger UI)',
    rawResponse: { status: 200, media: 'text/html', description: 'The docs page' },
  },
  'GET /api/docs/{file}': {
    ...PUBLIC,
    summary: 'A docs page asset',
    rawResponse: { status: 200, media: 'application/octet-stream', description: 'Script, style sheet or image' },
    errors: { 404: 'No such docs asset' },
  },

  'POST /api/auth/send-otp': {
    ...PUBLIC,
    summary: 'Mail a sign-in code',
    response: json(SendOtpResponseSchema),
    errors: { 429: 'Too many codes asked for this e-mail or from this client address (services/rate-limit.ts)' },
  },
  'POST /api/auth/verify-otp': {
    ...PUBLIC,
    summary: 'Sign in with the code',
    response: json(VerifyOtpResponseSchema),
    errors: { 400: 'Invalid body, or an invalid or expired code (also for an unknown or inactive admin)' },
  },
  'POST /api/auth/refresh': {
    ...PUBLIC,
    summary: 'Rotate the refresh token',
    response: json(RefreshResponseSchema),
    errors: { 401: 'Missing, invalid, expired or revoked refresh token' },
  },
  'POST /api/auth/logout': {
    ...PUBLIC,
    summary: 'Sign out (revoke the refresh token)',
    response: json(MessageResponseSchema),
  },
  'GET /api/auth/profile': { summary: 'The signed-in admin', response: json(ProfileResponseSchema) },
  'PUT /api/auth/profile': {
    summary: 'Update name, e-mail, phone',
    response: json(UpdateProfileResponseSchema),
    errors: { 409: 'The e-mail belongs to another account' },
  },
  'PUT /api/auth/change-password': {
    summary: 'Set a new password; signs out the other sessions',
    response: json(MessageResponseSchema),
    errors: { 400: 'Invalid body, or the current password is incorrect' },
  },
  'GET /api/auth/sessions': {
    summary: "The admin's sessions (refresh-token families), this one first",
    response: json(SessionListResponseSchema),
  },
  'DELETE /api/auth/sessions/{id}': {
    summary: 'Sign a session out',
    response: json(SessionRevokeResponseSchema),
    errors: { 404: "Session not found (unknown, or another admin's)" },
  },
  'POST /api/auth/sessions/revoke-others': {
    summary: 'Sign out everywhere else',
    response: json(SessionRevokeResponseSchema),
  },
  'POST /api/auth/step-up/send-otp': {
    summary: 'Mail a confirmation code to the signed-in admin (step-up)',
    response: json(StepUpSendResponseSchema),
    errors: { 429: 'Too many codes asked for this e-mail or from this client address (services/rate-limit.ts)' },
  },
  'POST /api/auth/step-up/verify': {
    summary: 'Confirm with the code: renews auth_time, answers a fresh access token',
    response: json(StepUpVerifyResponseSchema),
    errors: { 400: 'Invalid body, or an invalid or expired code' },
  },

  'GET /api/events': {
    summary: 'Live events of the console (server-sent events)',
    rawResponse: {
      status: 200,
      media: 'text/event-stream',
      description:
        'Server-sent events (src/api/schemas/live.ts StreamEventSchema): `event:` the type (change, claim, presence, ' +
        'resync), `data:` its JSON, `id:` the audit id of a change. Starts with `retry:`; a comment every 20 s. Ends ' +
        'when the access token expires or its session signs out: reconnect with a fresh token and `Last-Event-ID`.',
    },
    errors: { 400: 'Last-Event-ID is not the id of a change event' },
  },
  'GET /api/admin/dashboard/stats': { summary: 'Dashboard figures', response: json(DashboardStatsResponseSchema) },
  'GET /api/admin/preferences': {
    summary: "The signed-in admin's console preferences (defaults until changed)",
    response: json(PreferencesResponseSchema),
  },
  'PUT /api/admin/preferences': {
    summary: 'Change single-key shortcuts or the reason templates',
    response: json(PreferencesResponseSchema),
  },
  'POST /api/admin/preferences/recent': {
    summary: 'Remember a command run or a record opened (newest first, at most 20)',
    response: json(PreferencesResponseSchema),
  },
  'GET /api/admin/palette/projects': {
    summary: "The palette's project search: lean rows newest first and the matches counted up to 1,000",
    response: json(PaletteProjectsResponseSchema),
  },
  'GET /api/admin/analytics': {
    summary:
      'Analytics of a period (30d, 90d, 12m ending at the end of the hour in India): ' +
      'revenue, orders, users, projects and their change, 12 months of revenue, top projects, conversion, average order, retention',
    response: json(AnalyticsResponseSchema),
  },
  'POST /api/admin/undo/{id}': {
    summary: 'Undo a change of yours within 10 s (409 already undone or changed since, 410 too late)',
    response: json(UndoResponseSchema),
    errors: {
      403: "Not an active admin, another admin's change, or step_up_required (see the sensitive actions)",
      404: 'No undoable change with this id',
      409: 'Already undone, or the record changed since',
      410: 'The undo window has passed',
    },
  },
  'PUT /api/presence': {
    summary:
      'Heartbeat on an open record (every 15 s, and at once when the edited section changes): answers the other viewers there',
    response: json(PresenceResponseSchema),
  },
  'GET /api/presence': {
    summary: 'The other admins viewing or editing a record (heard from in the last 45 s), earliest first',
    response: json(PresenceResponseSchema),
  },
  'DELETE /api/presence': {
    summary: 'Leave a record: the target in the query, or as a JSON body (a keepalive request on pagehide)',
    optionalJson: PresenceTargetSchema,
    response: json(PresenceLeftResponseSchema),
  },
  'GET /api/admin/audit': {
    summary: 'The audit log, newest first (keyset-paged; filters entity, admin, action or prefix, IST days, search)',
    response: json(AuditListResponseSchema),
  },
  'GET /api/admin/audit/facets': {
    summary: 'Entity types, actions and admins that occur in the audit log',
    response: json(AuditFacetsResponseSchema),
  },
  'GET /api/admin/triage/queue': {
    summary: 'The verification queue: pending and under-review projects, oldest in the queue first',
    response: json(TriageQueueResponseSchema),
  },
  'GET /api/admin/triage/projects/{id}': {
    summary: 'Triage bundle of a project: owner, images, README, age, changes since the last decision',
    response: json(TriageBundleResponseSchema),
  },
  'POST /api/admin/triage/projects/{id}/claim': {
    summary: `Claim a project in triage for ${CLAIM_TTL_MS / 60_000} minutes, or renew one's own claim`,
    response: json(ClaimResponseSchema),
    errors: {
      404: 'Project not found',
      409: "code 'claimed': another moderator's live claim holds the project (its claim in `claim`); code 'not_in_queue': the project no longer waits for a decision",
    },
  },
  'DELETE /api/admin/triage/projects/{id}/claim': {
    summary: "Release one's own claim of a project (released: false when there was none)",
    response: json(ClaimReleaseResponseSchema),
    errors: { 403: "Another moderator's live claim holds the project", 404: 'Project not found' },
  },
  'GET /api/admin/triage/claims': {
    summary: 'The live triage claims, with the moderator of each',
    response: json(ClaimsResponseSchema),
  },
  'GET /api/admin/triage/stats': {
    summary: 'Queue figures: waiting, oldest age, decided today (IST), median time to decision (30 days)',
    response: json(TriageStatsResponseSchema),
  },

  'GET /api/projects': { summary: 'List projects', response: json(ProjectListResponseSchema) },
  'GET /api/projects/categories': { summary: 'Categories in use', response: json(CategoriesResponseSchema) },
  'GET /api/projects/technologies': { summary: 'Technologies in use', response: json(TechnologiesResponseSchema) },
  'POST /api/projects/bulk-delete': { summary: 'Delete projects', response: json(BulkResponseSchema) },
  'POST /api/projects/bulk-verify': {
    summary: 'Set the verification status of projects',
    response: json(BulkResponseSchema),
  },
  'POST /api/projects/bulk-update': { summary: 'Activate or deactivate projects', response: json(BulkResponseSchema) },
  'POST /api/projects/create': { summary: 'Create a project', response: json(ProjectResponseSchema, 201) },
  'GET /api/projects/{id}': { summary: 'One project', response: json(ProjectResponseSchema) },
  'PUT /api/projects/{id}': {
    summary: 'Update a project (any subset of fields)',
    response: json(ProjectResponseSchema),
  },
  'DELETE /api/projects/{id}': { summary: 'Delete a project', response: json(ProjectMessageResponseSchema) },
  'PUT /api/projects/{id}/verify': {
    summary: 'Change the verification status',
    response: json(ProjectMessageResponseSchema),
  },
  'GET /api/projects/{id}/verification-history': {
    summary: 'Verification history, newest first',
    response: json(VerificationHistoryResponseSchema),
  },
  'GET /api/projects/{id}/source-report': {
    summary:
      "The source report of the project's head commit (or of ?commit=): languages, files, README, licence, secrets, dependencies, risk weight; with the report history",
    response: json(SourceReportResponseSchema),
    errors: {
      400: 'Commit must be a 40-character hex commit id',
      404: 'Project not found, or no source report for this commit',
    },
  },
  'GET /api/projects/{id}/source-report/sbom': {
    summary: 'The dependencies of the source report (head or ?commit=) as a CycloneDX 1.6 JSON SBOM',
    rawResponse: { status: 200, media: 'application/vnd.cyclonedx+json', description: 'The CycloneDX document' },
    errors: { 404: 'Project not found, or no source report yet' },
  },
  'POST /api/projects/{id}/source-report': {
    summary: "Queue the analysis of the project's head commit again",
    response: json(SourceReportQueuedResponseSchema),
    errors: { 404: 'Project not found', 409: 'The project has no uploaded source to analyse' },
  },
  'PUT /api/projects/{id}/verification-history/{entryId}': {
    summary: 'Edit a history entry',
    response: json(VerificationEntryResponseSchema),
  },
  'DELETE /api/projects/{id}/verification-history/{entryId}': {
    summary: 'Delete a history entry',
    response: json(ProjectMessageResponseSchema),
  },

  'POST /api/upload/upload': {
    summary: "Upload one chunk of a project's source files",
    response: json(UploadChunkResponseSchema),
    multipart: { fields: UploadChunkFieldsSchema, files: { files: { multiple: true } } },
    errors: {
      400: 'Invalid fields, a path git refuses, colliding paths, a relativePaths count unlike the files, or no valid files to commit',
      404: 'Project not found',
      409: 'The upload was committed with another chunk count, or its repository belongs to another project',
      413: 'Too many files in the chunk, a file, the chunk body or the whole upload over its limit (UPLOAD_LIMITS)',
    },
  },
  'GET /api/upload/state/{id}': {
    summary: "A draft's upload in progress: the chunks the server holds, to resume it",
    response: json(UploadStateResponseSchema),
    errors: { 404: 'Project not found' },
  },
  'GET /api/upload/drafts': {
    summary: 'Unpublished drafts with what each holds and whether it is stale',
    response: json(DraftsResponseSchema),
  },
  'GET /api/users': { summary: 'List users', response: json(UserListResponseSchema) },
  'GET /api/users/stats': {
    summary: 'User counts (total, admins, agents, new this month in IST)',
    response: json(UserStatsResponseSchema),
  },
  'PUT /api/users/bulk-update': {
    summary: 'Activate or deactivate users (all or nothing)',
    response: json(UserBulkResponseSchema),
    errors: {
      404: 'An id names no user (nothing changes)',
      409: 'You cannot deactivate yourself, and at least one active admin must remain',
    },
  },
  'POST /api/users': {
    summary: 'Add a user',
    response: json(UserMessageResponseSchema, 201),
    errors: { 409: 'The e-mail is taken' },
  },
  'GET /api/users/{id}': { summary: 'One user (bank account masked)', response: json(UserResponseSchema) },
  'PUT /api/users/{id}': {
    summary:
      'Update one group of a user (basic, address, flags, agent, socialMedia, bankDetails, ' +
      'preferences); step-up for isAdmin changes and bank details',
    response: json(UserMessageResponseSchema),
    jsonBody: v.union(Object.values(UserUpdateGroupSchemas)),
    errors: { 409: 'The e-mail is taken, or the change would deactivate or demote yourself or the last active admin' },
  },
  'PUT /api/users/{id}/status': {
    summary: 'Activate or deactivate a user',
    response: json(UserMessageResponseSchema),
    errors: { 409: 'You cannot deactivate yourself, and at least one active admin must remain' },
  },
  'POST /api/users/{id}/bank-details/reveal': {
    summary: 'The full bank account number (audited; step-up)',
    response: json(BankAccountRevealResponseSchema),
  },

  'GET /api/orders': {
    summary: 'List orders (keyset-paged, newest first; search, status, IST date range)',
    response: json(OrderListResponseSchema),
  },
  'GET /api/orders/stats': {
    summary: 'Order counts and revenue (sum of completed payments, rupees)',
    response: json(OrderStatsResponseSchema),
  },
  'GET /api/orders/export.csv': {
    summary: 'The filtered orders as CSV (streamed)',
    rawResponse: {
      status: 200,
      media: 'text/csv',
      description:
        'Order number, record id, date, customer, e-mail, project, ' +
        'category, amount (INR), status, payment status, payment method',
    },
  },
  'GET /api/orders/export-link': {
    summary: 'A signed link (10 minutes) to the filtered orders CSV',
    response: json(ExportLinkResponseSchema),
  },
  'PUT /api/orders/bulk-update': {
    summary: 'Confirm, complete or cancel orders (legal moves made, the rest reported)',
    response: json(OrderBulkResponseSchema),
  },
  'GET /api/orders/{id}': { summary: 'One order with its notes and payments', response: json(OrderResponseSchema) },
  'PUT /api/orders/{id}/status': {
    summary: 'Move an order (legal transitions only: 409 otherwise) with a note',
    response: json(OrderMessageResponseSchema),
    errors: { 409: 'The order cannot move from its status to the one asked for' },
  },
  'GET /api/payments': {
    summary: 'List payments (keyset-paged, newest first; search, status)',
    response: json(PaymentListResponseSchema),
  },
  'GET /api/payments/stats': {
    summary: 'Payment count and amount per status',
    response: json(PaymentStatsResponseSchema),
  },
  'GET /api/payments/export.csv': {
    summary: 'The filtered payments as CSV (streamed)',
    rawResponse: {
      status: 200,
      media: 'text/csv',
      description: 'Payment id, order number, amount (INR), method, status, ' + 'transaction id, date',
    },
  },
  'GET /api/payments/export-link': {
    summary: 'A signed link (10 minutes) to the filtered payments CSV',
    response: json(ExportLinkResponseSchema),
  },
  'GET /api/payments/{id}': { summary: 'One payment with its order', response: json(PaymentResponseSchema) },
  'GET /api/commission/configs': {
    summary: 'Commission configurations (the default first, then newest; page, search, isActive)',
    response: json(CommissionConfigListResponseSchema),
  },
  'POST /api/commission/configs': {
    summary: "Create a project's commission configuration (step-up; rates total 100 %; one per project)",
    response: json(CommissionConfigMessageResponseSchema, 201),
    errors: { 409: 'The project already has a commission configuration' },
  },
  'GET /api/commission/configs/default': {
    summary: 'The default commission configuration (null until created)',
    response: json(CommissionDefaultResponseSchema),
  },
  'PUT /api/commission/configs/default': {
    summary: 'Create or update the default commission configuration (step-up)',
    response: json(CommissionConfigMessageResponseSchema),
  },
  'GET /api/commission/configs/{id}': {
    summary: 'One commission configuration (a stale save refetches it)',
    response: json(CommissionConfigResponseSchema),
  },
  'PUT /api/commission/configs/{id}': {
    summary: 'Update a commission configuration (step-up; merged, rates total 100 %)',
    response: json(CommissionConfigMessageResponseSchema),
  },
  'DELETE /api/commission/configs/{id}': {
    summary: 'Delete a commission configuration (step-up; not the default: 409)',
    response: json(CommissionDeleteResponseSchema),
    errors: { 409: 'The default configuration cannot be deleted' },
  },
  'GET /api/commission/stats': {
    summary: 'Revenue of completed orders split per party by the engine; configuration counts',
    response: json(CommissionStatsResponseSchema),
  },
  'GET /api/commission/projects': {
    summary: "The create modal's project picker: first 20 projects by title, with their configuration",
    response: json(CommissionProjectsResponseSchema),
  },

  'GET /api/contacts': {
    summary: 'List contacts (newest first, page-numbered; search over name, e-mail, subject, message; status)',
    response: json(ContactListResponseSchema),
  },
  'POST /api/contacts': {
    ...PUBLIC,
    summary: "The storefront's contact form (no token; 32 KB; 5 per 15 minutes per IP: 429)",
    response: json(ContactCreatedResponseSchema, 201),
    errors: { 429: 'Too many messages from this client address in 15 minutes' },
  },
  'OPTIONS /api/contacts': {
    ...PUBLIC,
    summary: 'CORS preflight of the contact form (served only with STOREFRONT_ORIGINS)',
    rawResponse: {
      status: 204,
      media: 'text/plain',
      description: 'Empty; Access-Control-* headers for a storefront origin',
    },
  },
  'GET /api/contacts/stats': {
    summary: 'Contact counts: total, unread (status new), this month (IST), per status',
    response: json(ContactStatsResponseSchema),
  },
  'PUT /api/contacts/bulk-update': {
    summary: 'Set the status of contacts (all or nothing: 404 naming an unknown id)',
    response: json(ContactBulkResponseSchema),
  },
  'GET /api/contacts/{id}': {
    summary: 'One contact with its message, reply, project and registered user',
    response: json(ContactResponseSchema),
  },
  'PUT /api/contacts/{id}': {
    summary:
      'Set the status; with a reply (status replied) e-mail it first (409 when replied, ' +
      "502 with the mailer's reason when the mail fails)",
    response: json(ContactMessageResponseSchema),
    errors: { 409: 'Already replied, or a reply is being sent' },
  },

  'GET /api/github/repo/{name}': { summary: 'Repository details', response: json(RepoResponseSchema) },
  'DELETE /api/github/repo/{name}': { summary: 'Delete the repository', response: json(RepoMessageResponseSchema) },
  'GET /api/github/repo/{name}/collaborators': {
    summary: 'Collaborators',
    response: json(CollaboratorsResponseSchema),
  },
  'POST /api/github/repo/{name}/collaborators': {
    summary: 'Add a collaborator',
    response: json(CollaboratorAddedResponseSchema, 201),
  },
  'DELETE /api/github/repo/{name}/collaborators/{username}': {
    summary: 'Remove a collaborator',
    response: json(RepoMessageResponseSchema),
  },
  'PUT /api/github/repo/{name}/features': {
    summary: 'Make the repository private or public',
    response: json(RepoFeaturesResponseSchema),
  },
  'GET /api/github/repo/{name}/branches': { summary: 'Branches', response: json(BranchesResponseSchema) },
  'POST /api/github/repo/{name}/branches': {
    summary: 'Create a branch',
    response: json(BranchCreatedResponseSchema, 201),
    errors: { 409: 'The branch already exists' },
  },
  'GET /api/github/repo/{name}/archive': {
    summary: 'A signed zip link of a branch',
    response: json(ArchiveResponseSchema),
  },

  'POST /api/storage/projects/{id}/images': {
    summary: 'Add images (jpeg, png, webp; up to 5 per project)',
    response: json(ImagesResponseSchema),
    multipart: { files: { images: { multiple: true } } },
    errors: { 413: 'An image over 10 MB, or the body over its limit' },
  },
  'DELETE /api/storage/projects/{id}/images': {
    summary: 'Delete one image (?index or ?url, or a JSON {index})',
    response: json(ImagesResponseSchema),
    optionalJson: DeleteImageBodySchema,
  },
  'PUT /api/storage/projects/{id}/images/order': {
    summary: 'Reorder the images',
    response: json(ImagesResponseSchema),
  },

  'POST /api/admin/projects/{id}/report': {
    summary: 'Upload the report (.doc, .docx)',
    response: json(ReportMessageResponseSchema),
    multipart: { fields: ReportFieldsSchema, files: { report: { multiple: false } } },
    errors: { 413: 'The report over 20 MB, or the body over its limit' },
  },
  'GET /api/admin/projects/{id}/report/download': {
    summary: 'A signed download link (10 minutes)',
    response: json(ReportDownloadResponseSchema),
  },
  'DELETE /api/admin/projects/{id}/report': {
    summary: 'Delete the report',
    response: json(ReportMessageResponseSchema),
  },

  'GET /files/images/{projectId}/{file}': {
    ...PUBLIC,
    summary: 'A project image',
    rawResponse: { status: 200, media: 'image/*', description: 'The image' },
    errors: { 404: 'Image not found' },
  },
  'GET /files/reports/{projectId}/{file}': {
    ...PUBLIC,
    summary: 'A report file (signed link: ?expires&sig)',
    rawResponse: { status: 200, media: 'application/octet-stream', description: 'The report' },
    errors: { 403: 'Download link is invalid or has expired', 404: 'Report not found' },
  },
  'GET /files/archives/{name}/{file}': {
    ...PUBLIC,
    summary: 'A branch as zip (signed link: ?expires&sig)',
    rawResponse: { status: 200, media: 'application/zip', description: 'The zip archive' },
    errors: { 403: 'Download link is invalid or has expired', 404: 'Archive not found (unknown repository or ref)' },
  },
  'GET /files/exports/orders/{token}': {
    ...PUBLIC,
    summary: 'The orders CSV of a signed export link (?expires&sig)',
    rawResponse: { status: 200, media: 'text/csv', description: 'The orders CSV' },
    errors: { 400: 'Invalid export filters', 403: 'Download link is invalid or has expired' },
  },
  'GET /files/exports/payments/{token}': {
    ...PUBLIC,
    summary: 'The payments CSV of a signed export link (?expires&sig)',
    rawResponse: { status: 200, media: 'text/csv', description: 'The payments CSV' },
    errors: { 400: 'Invalid export filters', 403: 'Download link is invalid or has expired' },
  },
  'GET /git/{repo}.git/info/refs': {
    ...PUBLIC,
    summary: 'git smart HTTP: ref advertisement (Basic auth for private repositories)',
    rawResponse: { status: 200, media: 'application/x-git-upload-pack-advertisement', description: 'git refs' },
    errors: {
      401: "Authentication required: a private or unknown repository without an admin's Basic credentials",
      403: 'Repositories are read-only over HTTP (git-receive-pack)',
      404: 'Repository not found',
    },
  },
  'POST /git/{repo}.git/git-upload-pack': {
    ...PUBLIC,
    summary: 'git smart HTTP: fetch (clone); pushes are refused',
    rawResponse: { status: 200, media: 'application/x-git-upload-pack-result', description: 'git pack' },
    errors: {
      401: "Authentication required: a private or unknown repository without an admin's Basic credentials",
      404: 'Repository not found',
    },
  },
}

/** Reads and writes of one record whose answer carries its version as ETag (decision 041). */
const WITH_ETAG = [
  'GET /api/projects/{id}',
  'POST /api/projects/create',
  'GET /api/admin/triage/projects/{id}',
  'GET /api/users/{id}',
  'POST /api/users',
  'GET /api/orders/{id}',
  'GET /api/contacts/{id}',
  'GET /api/commission/configs/default',
  'GET /api/commission/configs/{id}',
  'POST /api/commission/configs',
]
/** Writes of one record that take If-Match (and answer the new ETag, but for the deletes). */
const WITH_IF_MATCH = [
  'PUT /api/projects/{id}',
  'DELETE /api/projects/{id}',
  'PUT /api/projects/{id}/verify',
  'PUT /api/users/{id}',
  'PUT /api/users/{id}/status',
  'PUT /api/orders/{id}/status',
  'PUT /api/contacts/{id}',
  'PUT /api/commission/configs/default',
  'PUT /api/commission/configs/{id}',
  'DELETE /api/commission/configs/{id}',
]
for (const key of WITH_ETAG) OPERATIONS[key] = { ...OPERATIONS[key], etag: true }
for (const key of WITH_IF_MATCH)
  OPERATIONS[key] = { ...OPERATIONS[key], ifMatch: true, etag: !key.startsWith('DELETE') }
