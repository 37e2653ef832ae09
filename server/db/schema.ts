/**
 * Database schema (drizzle-orm, PostgreSQL 15+ / PGlite): every entity of SPEC.md section 3 plus
 * OTP challenges, refresh tokens and the admin audit log.
 *
 * Conventions: ids are UUIDv7 (time-ordered, so b-tree inserts stay local); money is integer
 * paise (`*_paise`, bigint read as number); commission rates are basis points (1% = 100 bps);
 * timestamps are `timestamptz`. Nested objects the screens only read whole (address, social
 * media, bank details, preferences, GitHub repo) are jsonb.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { v7 as uuidv7 } from 'uuid'
import type { ReasonTemplate, RecentRecord } from '../../src/api/schemas/preferences'
import type { SourceReport } from '../../src/api/schemas/source-report'
import { OWNER_NOTICE_OUTCOMES } from '../../src/api/schemas/projects'

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7())
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
const paise = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0)

export const verificationStatus = pgEnum('verification_status', [
  'pending',
  'under_review',
  'approved',
  'needs_changes',
  'rejected',
])
export const difficulty = pgEnum('difficulty', ['Beginner', 'Intermediate', 'Advanced'])
export const agentStatus = pgEnum('agent_status', ['pending', 'active', 'inactive', 'suspended'])
export const orderStatus = pgEnum('order_status', ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'])
export const paymentStatus = pgEnum('payment_status', ['pending', 'completed', 'failed', 'refunded'])
/** SPEC.md 4: 'unread' is also called 'new'; 'new' is stored. */
export const contactStatus = pgEnum('contact_status', ['new', 'read', 'replied', 'archived'])
export const collaboratorPermission = pgEnum('collaborator_permission', ['pull', 'push', 'maintain', 'admin'])
export const noReferralDistribution = pgEnum('no_referral_distribution', [
  'equal_split',
  'project_owner',
  'platform_owner',
])

export type Address = { street?: string; city?: string; state?: string; country?: string; pincode?: string }
export type SocialMedia = Partial<Record<'instagram' | 'facebook' | 'twitter' | 'linkedin' | 'youtube', string>>
export type BankDetails = Partial<
  Record<'accountHolderName' | 'accountNumber' | 'bankName' | 'branchName' | 'ifscCode' | 'upiId', string>
>
export type Preferences = { newsletter: boolean; notifications: boolean; marketingEmails: boolean }
export type GithubRepo = {
  name: string
  url: string
  cloneUrl: string
  sshUrl: string
  private: boolean
  createdAt: string
}

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    college: text('college'),
    course: text('course'),
    year: text('year'),
    address: jsonb('address').$type<Address>().notNull().default({ country: 'India' }),
    isActive: boolean('is_active').notNull().default(true),
    isAdmin: boolean('is_admin').notNull().default(false),
    isAgent: boolean('is_agent').notNull().default(false),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    agentStatus: agentStatus('agent_status'),
    businessName: text('business_name'),
    websiteUrl: text('website_url'),
    /** Basis points, 0-5000 (0-50%, SPEC.md 5); the API speaks percent (`defaultDiscountPercent`). */
    defaultDiscountBps: integer('default_discount_bps').notNull().default(500),
    /** Basis points, 0-10000 (0-100%, SPEC.md 5); the API speaks percent (`commissionRate`). */
    commissionRateBps: integer('commission_rate_bps').notNull().default(500),
    socialMedia: jsonb('social_media').$type<SocialMedia>().notNull().default({}),
    bankDetails: jsonb('bank_details').$type<BankDetails>().notNull().default({}),
    preferences: jsonb('preferences')
      .$type<Preferences>()
      .notNull()
      .default({ newsletter: false, notifications: true, marketingEmails: false }),
    referralCode: text('referral_code'),
    agentCode: text('agent_code'),
    /** scrypt hash `scrypt$N$r$p$salt$hash` (base64url); null until a password is set. */
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_uq').on(t.referralCode),
    uniqueIndex('users_agent_code_uq').on(t.agentCode),
    // The users list (db/queries/users.queries.ts), newest first with the id as tie-break: the ids
    // of a page come from an index-only scan of one of these three, whatever the role and status
    // filters (migration 0015, BENCHMARKS.md "Users list"). Role filters fix is_admin and is_agent
    // (admin: is_admin only, a few rows); is_active rides along for the status filter.
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_list_role_idx').on(t.isAdmin, t.isAgent, t.createdAt, t.id, t.isActive),
    index('users_list_status_idx').on(t.isActive, t.createdAt, t.id),
    // Users search (db/queries/users.queries.ts userSearchText): substring match over name, e-mail,
    // phone as stored and the phone's digits alone ('9042809280' finds '+91 90428 09280').
    index('users_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.name} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '') || ' ' || regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g'))) gin_trgm_ops`,
    ),
  ],
)

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: id(),
    email: text('email').notNull(),
    /** Null when the e-mail is unknown or not an admin: the challenge exists but no code was sent. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionTokenHash: text('session_token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('otp_session_token_uq').on(t.sessionTokenHash),
    index('otp_email_created_idx').on(t.email, t.createdAt),
    index('otp_ip_created_idx').on(t.ip, t.createdAt),
  ],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens descended from one sign-in share a family; reuse of a rotated token revokes it. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the session's admin last proved an OTP (OpenID Connect `auth_time`); null = unknown, treated as old. */
    authTime: timestamp('auth_time', { withTimezone: true }),
    /**
     * The successor issued when this token was rotated, encrypted with a key derived from this token
     * (never stored itself), so a second identical refresh within the grace gets the same answer.
     */
    successorSealed: text('successor_sealed'),
    /** The browser that started the family (User-Agent at verify-otp, cut to 512), copied on rotation. */
    userAgent: text('user_agent').notNull().default(''),
    /** The client IP that started the family, copied on rotation ('' when unknown). */
    ip: text('ip').notNull().default(''),
    /** When this token was issued: the family's sign-in or the rotation that made it (its last use). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_token_hash_uq').on(t.tokenHash),
    // The sessions list: a user's live tokens (neither rotated nor revoked).
    index('refresh_user_live_idx')
      .on(t.userId)
      .where(sql`rotated_at IS NULL AND revoked_at IS NULL`),
    index('refresh_family_idx').on(t.familyId),
  ],
)

export const projects = pgTable(
  'projects',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull().default('Web Development'),
    pricePaise: paise('price_paise'),
    /** Percent 0-100; discountedPrice is derived. */
    discount: real('discount').notNull().default(0),
    technologies: text('technologies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    demoUrl: text('demo_url').notNull().default(''),
    difficulty: difficulty('difficulty').notNull().default('Intermediate'),
    rating: real('rating').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Created by Upload Files and not yet published: kept out of the catalogue (decision 038). */
    isDraft: boolean('is_draft').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    isInStock: boolean('is_in_stock').notNull().default(true),
    stock: integer('stock'),
    hasFiles: boolean('has_files').notNull().default(false),
    /** Bytes. */
    totalFileSize: bigint('total_file_size', { mode: 'number' }).notNull().default(0),
    projectOwnerId: uuid('project_owner_id').references(() => users.id, { onDelete: 'set null' }),
    githubRepo: jsonb('github_repo').$type<GithubRepo | null>(),
    verificationStatus: verificationStatus('verification_status').notNull().default('pending'),
    verificationNotes: text('verification_notes').notNull().default(''),
    submissionMessage: text('submission_message').notNull().default(''),
    allowsCustomization: boolean('allows_customization').notNull().default(false),
    customizationPricePaise: paise('customization_price_paise'),
    includesInstallationSupport: boolean('includes_installation_support').notNull().default(false),
    /** Days. */
    supportDuration: integer('support_duration').notNull().default(5),
    hasReport: boolean('has_report').notNull().default(false),
    reportPricePaise: paise('report_price_paise'),
    salesCount: integer('sales_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    reviews: integer('reviews').notNull().default(0),
    revenuePaise: paise('revenue_paise'),
    avgRating: real('avg_rating').notNull().default(0),
    /** Percent. */
    conversionRate: real('conversion_rate').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_created_at_idx').on(t.createdAt),
    index('projects_status_created_idx').on(t.verificationStatus, t.createdAt),
    index('projects_category_created_idx').on(t.category, t.createdAt),
    index('projects_category_status_created_idx').on(t.category, t.verificationStatus, t.createdAt),
    index('projects_active_created_idx').on(t.isActive, t.createdAt),
    index('projects_owner_idx').on(t.projectOwnerId),
    // The few drafts, by last change: Add Project's unfinished drafts and the stale ones (decision 038).
    index('projects_drafts_idx')
      .on(t.updatedAt)
      .where(sql`${t.isDraft}`),
    // The commission project picker (first 20 by title, commission.queries.ts).
    index('projects_title_idx').on(t.title, t.id),
    // Covers the dashboard's per-category aggregate (index-only scan; domain/dashboard-stats.ts).
    index('projects_dashboard_idx').on(t.category, t.isActive, t.pricePaise, t.createdAt),
  ],
)

/**
 * A counter per table, bumped by a statement trigger on every write (migration
 * 0004_projects_version_trigger): exact list counts are cached per version (routes/projects).
 */
export const tableVersions = pgTable('table_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

/**
 * What a search of projects reads (migrations 0029, 0030): per project its searchable text
 * (`project_search_text(title, description, technologies, tags)`: lower-cased, joined by spaces;
 * trigram-indexed) with copies of the list's filter columns and created_at, kept equal by triggers
 * on projects in the writing transaction. A search's page ids and exact
 * count come from here alone: status, active and price updates of projects touch no trigram
 * index, and their copies here are HOT updates (none of the copied filter columns is indexed;
 * fillfactor 80 leaves room on each page), so under write load this table stays small and clean
 * while projects churns (BENCHMARKS.md "Load").
 */
export const projectSearch = pgTable(
  'project_search',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull(),
    isDraft: boolean('is_draft').notNull().default(false),
    category: text('category').notNull(),
    verificationStatus: verificationStatus('verification_status').notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    // No pending list (fastupdate off): the text changes only with text edits, so entries go
    // straight into the index and a search never scans a list of unsorted recent entries (which
    // only VACUUM flushes, and PGlite has no autovacuum).
    index('project_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Newest first for short terms (no trigram): the first matches are found early in this order.
    index('project_search_created_idx').on(t.createdAt, t.projectId),
  ],
)

/**
 * How many projects each (is_active, category, verification_status) group holds, kept exact by
 * statement triggers on projects in the writing transaction (migration 0013): the projects list
 * counts its filters without a search from these few rows instead of rescanning projects
 * and the dashboard its per-category counts and prices (BENCHMARKS.md "Load"). A group
 * whose projects are all gone stays with n = 0.
 */
export const projectListCounts = pgTable(
  'project_list_counts',
  {
    isActive: boolean('is_active').notNull(),
    isDraft: boolean('is_draft').notNull().default(false),
    category: text('category').notNull(),
    verificationStatus: verificationStatus('verification_status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Sum of the group's price_paise (the dashboard's average prices). */
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.isActive, t.isDraft, t.category, t.verificationStatus] })],
)

/**
 * How many users each (is_admin, is_agent, is_active) group holds, kept exact by statement
 * triggers on users in the writing transaction (migration 0015, like project_list_counts): the
 * users list counts its role and status filters without a search from these few rows instead of
 * counting up to 200,000 users (BENCHMARKS.md "Users list"). A group whose users are all gone
 * stays with n = 0.
 */
export const userListCounts = pgTable(
  'user_list_counts',
  {
    isAdmin: boolean('is_admin').notNull(),
    isAgent: boolean('is_agent').notNull(),
    isActive: boolean('is_active').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.isAdmin, t.isAgent, t.isActive] })],
)

export const projectImages = pgTable(
  'project_images',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Path under DATA_DIR/files (or the object key in S3). */
    filePath: text('file_path').notNull(),
    url: text('url').notNull(),
    alt: text('alt').notNull().default(''),
    contentType: text('content_type').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_images_project_idx').on(t.projectId, t.position)],
)

export const projectReports = pgTable('project_reports', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  filePath: text('file_path').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  uploadedAt: createdAt(),
})

export const verificationHistory = pgTable(
  'verification_history',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: verificationStatus('status').notNull(),
    previousStatus: verificationStatus('previous_status'),
    notes: text('notes').notNull().default(''),
    /** Null: made by the project owner (shown as 'Project Owner'). */
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The head commit of the project's repository (default branch) when the decision was made, or
     * null (no repository, a GitHub-hosted one, or an entry from before migration 0028): triage's
     * "files changed since the last review" diffs from it.
     */
    reviewCommit: text('review_commit'),
    /**
     * What the decision's mail to the project owner came to (decision 048), written by the
     * 'decision-mail' job: 'sent' (the mail left), 'notifications_off' (the owner's
     * preferences.notifications was off at send time), 'no_owner' (no owner or no address),
     * 'failed' (every attempt failed); null while the mail waits, or for a decision that mails
     * nobody (pending, under review) or made before migration 0040.
     */
    ownerNotice: text('owner_notice', { enum: OWNER_NOTICE_OUTCOMES }),
    /** When `ownerNotice` was recorded (for 'sent': when the mail left). */
    ownerNoticeAt: timestamp('owner_notice_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_history_project_idx').on(t.projectId, t.verifiedAt),
    // Triage's queue figures: decisions of today and of the last 30 days (triage.queries.ts).
    index('verification_history_verified_at_idx').on(t.verifiedAt),
    // Triage: when a project last entered the queue (a move into pending/under_review from outside it).
    index('verification_history_queue_entry_idx').on(t.projectId, t.verifiedAt)
      .where(sql`${t.status} in ('pending', 'under_review')
    and (${t.previousStatus} is null or ${t.previousStatus} not in ('pending', 'under_review'))`),
  ],
)

export const repositories = pgTable(
  'repositories',
  {
    id: id(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    provider: text('provider').notNull().default('local'),
    private: boolean('private').notNull().default(true),
    defaultBranch: text('default_branch').notNull().default('main'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('repositories_name_uq').on(t.name), index('repositories_project_idx').on(t.projectId)],
)

export const repositoryCollaborators = pgTable(
  'repository_collaborators',
  {
    repositoryId: uuid('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    permission: collaboratorPermission('permission').notNull().default('push'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.repositoryId, t.username] })],
)

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Human order number, e.g. ORD-2026-000123. */
    orderId: text('order_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** Agent whose referral code was used, for the referral commission. */
    referrerId: uuid('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    totalAmountPaise: paise('total_amount_paise'),
    withCustomization: boolean('with_customization').notNull().default(false),
    withInstallation: boolean('with_installation').notNull().default(false),
    withReport: boolean('with_report').notNull().default(false),
    status: orderStatus('status').notNull().default('pending'),
    /**
     * The searchable text of the orders list, kept by triggers (migration 0017): lower(order number,
     * record id, customer name, customer e-mail, project title), separated by chr(31). Never written
     * by the app.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_id_uq').on(t.orderId),
    // Orders search (db/queries/orders.queries.ts): substring match over search_text.
    index('orders_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Keyset pages of the orders list (created_at desc, id desc), with and without a status filter.
    index('orders_created_at_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_user_idx').on(t.userId),
    index('orders_project_idx').on(t.projectId),
    // Analytics (db/queries/analytics.queries.ts, migration 0025): completed orders of a period per
    // project, and per customer for the retention, each from the index alone.
    index('orders_completed_created_idx')
      .on(t.createdAt, t.projectId, t.totalAmountPaise)
      .where(sql`${t.status} = 'completed'`),
    index('orders_completed_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} = 'completed'`),
  ],
)

export const orderNotes = pgTable(
  'order_notes',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
)

export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** Gateway payment id, e.g. pay_Nx3k... */
    paymentId: text('payment_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amountPaise: paise('amount_paise'),
    /** UPI, Card, Netbanking, Wallet, Phone Payment. */
    method: text('method').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    transactionId: text('transaction_id'),
    /**
     * The searchable text of the payments list, kept by triggers (migration 0018): lower(payment id,
     * order number, transaction id), separated by chr(31). Never written by the app.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_payment_id_uq').on(t.paymentId),
    // Payments search (db/queries/payments.queries.ts): substring match over search_text.
    index('payments_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('payments_order_idx').on(t.orderId),
    // Keyset pages of the payments list (created_at desc, id desc), with and without a status filter.
    index('payments_status_created_idx').on(t.status, t.createdAt, t.id),
    index('payments_created_at_idx').on(t.createdAt, t.id),
    // Dashboard revenue: sum of completed payments from the index alone.
    index('payments_completed_amount_idx')
      .on(t.amountPaise)
      .where(sql`${t.status} = 'completed'`),
    // Analytics revenue of a period and per month: completed payments by created_at, from the index alone.
    index('payments_completed_created_idx')
      .on(t.createdAt, t.amountPaise)
      .where(sql`${t.status} = 'completed'`),
  ],
)

/**
 * How many orders each status holds, kept exact by statement triggers (migration 0020, as 0013/0015
 * do for projects and users): the orders stats and the total of a list filtered by status alone.
 */
export const orderStatusCounts = pgTable('order_status_counts', {
  status: orderStatus('status').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
})

/** Count and amount (paise) of the payments of each status, kept exact by statement triggers (migration 0020). */
export const paymentStatusTotals = pgTable('payment_status_totals', {
  status: paymentStatus('status').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
})

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    status: contactStatus('status').notNull().default('new'),
    /**
     * Derived from the status (migration 0021), so the two can never disagree: 'new' (SPEC.md's
     * "unread") is the only status that is not read. Never written by the app.
     */
    isRead: boolean('is_read')
      .notNull()
      .generatedAlwaysAs(sql`status <> 'new'`),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /**
     * When a reply started being mailed (PUT /api/contacts/{id} with a reply; db/queries/contacts-write.queries.ts):
     * a second reply meanwhile is refused; a claim older than 2 minutes is stale (a crashed server). Null otherwise.
     */
    replyClaimedAt: timestamp('reply_claimed_at', { withTimezone: true }),
    /** The sender's IP for rows from the public form (POST /api/contacts, its per-IP rate limit); null otherwise. */
    clientIp: text('client_ip'),
    /**
     * The searchable text of the contacts list, kept by a BEFORE trigger (migration 0021): lower(name,
     * e-mail, subject, message) separated by chr(31). Never written by the app.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Pages of the contacts list, newest first with the id as tie-break, with and without a status filter.
    index('contacts_created_at_idx').on(t.createdAt, t.id),
    index('contacts_status_created_idx').on(t.status, t.createdAt, t.id),
    // Dashboard per-status monthly counts (index-only scan).
    index('contacts_dashboard_idx').on(t.status, t.isRead, t.createdAt),
    // Contacts search (db/queries/contacts.queries.ts): substring match over search_text.
    index('contacts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The public form's rate limit: rows of one IP in the last 15 minutes.
    index('contacts_client_ip_idx').on(t.clientIp, t.createdAt),
  ],
)

/**
 * How many contacts each status holds, kept exact by statement triggers (migration 0021, as 0020
 * does for orders): the contacts stats, the dashboard and the total of a list filtered by status alone.
 */
export const contactStatusCounts = pgTable('contact_status_counts', {
  status: contactStatus('status').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
})

export const commissionConfigs = pgTable(
  'commission_configs',
  {
    id: id(),
    /** Null for the default configuration. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    projectOwnerRateBps: integer('project_owner_rate_bps').notNull().default(5000),
    platformOwnerRateBps: integer('platform_owner_rate_bps').notNull().default(3000),
    customizerRateBps: integer('customizer_rate_bps').notNull().default(1000),
    installationSupportRateBps: integer('installation_support_rate_bps').notNull().default(500),
    referralCommissionRateBps: integer('referral_commission_rate_bps').notNull().default(500),
    agentDiscountBps: integer('agent_discount_bps').notNull().default(500),
    studentCommissionBps: integer('student_commission_bps').notNull().default(0),
    noReferralDistribution: noReferralDistribution('no_referral_distribution').notNull().default('equal_split'),
    notes: text('notes').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commission_project_uq').on(t.projectId),
    uniqueIndex('commission_single_default_uq')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    index('commission_active_idx').on(t.isActive, t.createdAt),
    // The rules of SPEC.md 5 held by the database too (migration 0021), so the split engine never
    // meets a configuration it refuses: rates 0-100 %, the five summing to exactly 10,000 bps,
    // agent discount 0-50 %, student commission 0-20 %; the default is always active and has no project.
    check(
      'commission_rates_range_chk',
      sql`least(${t.projectOwnerRateBps}, ${t.platformOwnerRateBps}, ${t.customizerRateBps},
    ${t.installationSupportRateBps}, ${t.referralCommissionRateBps}) >= 0`,
    ),
    check(
      'commission_rates_total_chk',
      sql`${t.projectOwnerRateBps} + ${t.platformOwnerRateBps} + ${t.customizerRateBps}
    + ${t.installationSupportRateBps} + ${t.referralCommissionRateBps} = 10000`,
    ),
    check('commission_agent_discount_chk', sql`${t.agentDiscountBps} BETWEEN 0 AND 5000`),
    check('commission_student_commission_chk', sql`${t.studentCommissionBps} BETWEEN 0 AND 2000`),
    check('commission_default_chk', sql`NOT ${t.isDefault} OR (${t.isActive} AND ${t.projectId} IS NULL)`),
  ],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * No foreign key: the log is append-only (migration 0010 refuses UPDATE and DELETE), so a row
     * keeps naming its actor even after that user is gone; ON DELETE SET NULL would be an UPDATE.
     */
    actorId: uuid('actor_id'),
    /** Dotted action name, e.g. `project.verify`, `auth.sign_in`. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    // The filters of GET /api/admin/audit (migration 0027), each ending in (created_at, id) so a
    // filtered newest-first page is one backward index scan (db/queries/audit.queries.ts).
    index('audit_entity_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
    index('audit_created_at_idx').on(t.createdAt, t.id),
    index('audit_entity_type_idx').on(t.entityType, t.createdAt, t.id),
    index('audit_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_action_family_idx').on(sql`split_part(${t.action}, '.', 1)`, t.createdAt, t.id),
    // The search's substring match of the record id.
    index('audit_entity_id_trgm_idx').using('gin', sql`lower(${t.entityId}) gin_trgm_ops`),
  ],
)

/**
 * Console preferences of an admin (src/api/schemas/preferences.ts): null columns mean
 * "the default" (DEFAULT_PREFERENCES), so a changed default reaches every admin who kept it.
 * Recent lists are jsonb arrays, newest first, at most RECENT_LIMIT long (domain/preferences.ts).
 */
export const adminPreferences = pgTable('admin_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  singleKeyShortcuts: boolean('single_key_shortcuts'),
  reasonTemplates: jsonb('reason_templates').$type<ReasonTemplate[]>(),
  recentCommands: jsonb('recent_commands').$type<string[]>().notNull().default([]),
  recentRecords: jsonb('recent_records').$type<RecentRecord[]>().notNull().default([]),
  updatedAt: updatedAt(),
})

/**
 * Undoable changes (docs/decisions/014-undo.md): written in the transaction of the
 * change, holding per record the state before, the state after and the version (updated_at) the
 * change left, so POST /api/admin/undo/{id} can put it back or refuse when someone edited it
 * since. One use: `undone_at` is set by the undo. Rows an hour past `expires_at` are purged by the hourly
 * background job 'purge-undo' (services/background-jobs.ts).
 */
export const undoActions = pgTable(
  'undo_actions',
  {
    id: id(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** src/api/schemas/undo.ts UNDO_KINDS. */
    kind: text('kind').notNull(),
    /** Per record: id, before, after, version and what the change created (server/domain/undo.ts). */
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('undo_actions_expires_idx').on(t.expiresAt)],
)

/**
 * Who has which record open (decision 045; contract src/api/schemas/live.ts "Presence"): one row
 * per admin and record, upserted by each heartbeat (PUT /api/presence) with the section being
 * edited (null while only viewing). `since` is when the admin arrived, `seen_at` their last
 * heartbeat (the app's clock). Rows older than PRESENCE_TTL_MS are ignored by reads and deleted by
 * the background job 'sweep-presence' (services/background-jobs.ts). In the database, not in a
 * server's memory, so every server behind the load balancer sees the same viewers.
 */
export const presence = pgTable(
  'presence',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** src/api/schemas/live.ts PRESENCE_ENTITIES. */
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    section: text('section'),
    since: timestamp('since', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.entityType, t.entityId] }),
    index('presence_entity_idx').on(t.entityType, t.entityId),
  ],
)

/**
 * Triage claims (decision 043): the moderator reviewing a project in triage, until `expires_at`
 * (CLAIM_TTL_MS after the last claim or renewal, src/api/schemas/live.ts). One row per project,
 * won by one INSERT … ON CONFLICT statement (db/queries/triage-claims.queries.ts); a row past its
 * expiry is no claim for any read and is swept by the background job 'sweep-triage-claims'. A
 * change of the project's verification status deletes its row (trigger of migration 0035).
 */
export const triageClaims = pgTable(
  'triage_claims',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    moderatorId: uuid('moderator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('triage_claims_expires_idx').on(t.expiresAt)],
)

/**
 * The durable job queue (decision 047, services/job-queue.ts): work done after a request, outside
 * its path, by whichever server takes it first. `(kind, key)` is unique, so the same work (one
 * commit's report, one decision's mail) is queued once however many servers see it. A worker takes
 * a due row with FOR UPDATE SKIP LOCKED and holds it until `locked_until` (a lease: a worker that
 * died gives it back when the lease runs out); a failure puts it back with `run_after` later, up to
 * `max_attempts`. `status`: queued, running, done, failed (attempts used up) or cancelled.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_kind_key_idx').on(t.kind, t.key),
    index('jobs_due_idx')
      .on(t.runAfter)
      .where(sql`status IN ('queued', 'running')`),
  ],
)

/**
 * Source reports (decision 046): one per analysed commit of a project's repository, written by the
 * 'source-report' job (services/source-report/job.ts) and upserted, so a job run twice leaves one
 * row. `risk_weight` is the report's weight, kept beside it for sorting and filtering.
 */
export const sourceReports = pgTable(
  'source_reports',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    commitSha: text('commit_sha').notNull(),
    report: jsonb('report').$type<SourceReport>().notNull(),
    riskWeight: integer('risk_weight').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.commitSha] }),
    index('source_reports_project_created_idx').on(t.projectId, t.createdAt),
  ],
)
