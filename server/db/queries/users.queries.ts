/**
 * Users in the database: the filtered list (search over name, e-mail and phone served by a
 * trigram index, role and status; DESIGN.md: fast at a million rows), lookups by id and e-mail,
 * and the signed-in admin's profile and password. Writes go through db/write.ts with their audit rows.
 * Bank details are read and written only through the functions at the end, which encrypt the
 * account number (services/bank-details-crypto.ts); other reads return it as stored (`v1:...`).
 */
import type { KeyObject } from 'node:crypto'
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { UserListQuery } from '../../../src/api/schemas/users'
import type { Db } from '../client'
import { tableVersions, userListCounts, users, type BankDetails } from '../schema'
import { maskAccountNumber } from '../../domain/users'
import { openBankDetails, sealBankDetails } from '../../services/bank-details-crypto'
import { escapeLike } from '../sql'
import { mergeNested } from '../../domain/user-rules'
import type { AuditEntry } from './audit.queries'
import { write } from '../write'
import { assertVersion, nextVersion } from '../../domain/versions'

/** A row of users. */
export type UserRow = typeof users.$inferSelect

/**
 * The searchable text: name, e-mail, phone as stored and the phone's digits alone (a number typed
 * without its spaces or +91 still matches). The same expression backs users_search_trgm_idx.
 */
export const userSearchText = sql`lower(${users.name} || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, '') || ' ' || regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g'))`

/** The columns the role and status filters test: on users, or on the per-group counts of migration 0015. */
type FlagColumns = {
  isAdmin: typeof users.isAdmin | typeof userListCounts.isAdmin
  isAgent: typeof users.isAgent | typeof userListCounts.isAgent
  isActive: typeof users.isActive | typeof userListCounts.isActive
}

/** The conditions of the role and status filters over `columns` (SPEC.md 6: admin wins over agent). */
function flagConditions(query: Pick<UserListQuery, 'role' | 'status'>, columns: FlagColumns): SQL[] {
  const conditions: SQL[] = []
  if (query.role === 'admin') conditions.push(eq(columns.isAdmin, true))
  if (query.role === 'agent') conditions.push(eq(columns.isAdmin, false), eq(columns.isAgent, true))
  if (query.role === 'user') conditions.push(eq(columns.isAdmin, false), eq(columns.isAgent, false))
  if (query.status === 'active') conditions.push(eq(columns.isActive, true))
  if (query.status === 'inactive') conditions.push(eq(columns.isActive, false))
  return conditions
}

/**
 * WHERE clause for a users list query: `search` a case-insensitive literal substring of name,
 * e-mail or phone (users_search_trgm_idx), `role` and `status` on the flags.
 */
export function userListWhere(query: Pick<UserListQuery, 'search' | 'role' | 'status'>): SQL | undefined {
  const conditions = flagConditions(query, users)
  if (query.search) conditions.push(sql`${userSearchText} LIKE ${`%${escapeLike(query.search.toLowerCase())}%`}`)
  return conditions.length ? and(...conditions) : undefined
}

/** Newest first; the id (UUIDv7) breaks ties so pages never overlap. */
const userListOrder = [desc(users.createdAt), desc(users.id)] as const

/** The users version (migration 0007) as of the statement's snapshot. */
const usersVersion = sql<string>`(SELECT ${tableVersions.version} FROM ${tableVersions} WHERE ${tableVersions.name} = 'users')`

/**
 * The statement of one page of the list, each row with the users version it saw: the ids of the
 * page first, then the full rows of just those. By default the ids come from walking an index
 * in list order (users_created_at_idx, users_list_role_idx or users_list_status_idx: index-only
 * without a search, however deep the page), testing the search on each row. With `fewMatches`
 * (a search matching few rows: the caller knows its count) the matches are collected first by
 * the trigram index and sorted (the `OFFSET 0` keeps the planner from walking the order index,
 * which for a rare term reads tens of thousands of rows to find 20: its estimate of a
 * substring's matches is often 10× too high).
 */
export function userListPageQuery(db: Db, query: UserListQuery, fewMatches = false) {
  const where = userListWhere(query)
  const offset = (query.page - 1) * query.limit
  const pageIds = fewMatches
    ? sql`(SELECT m.id FROM (SELECT ${users.id} AS id, ${users.createdAt} AS created_at FROM ${users}
        WHERE ${where} OFFSET 0) AS m ORDER BY m.created_at DESC, m.id DESC LIMIT ${query.limit} OFFSET ${offset})`
    : db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(...userListOrder)
        .limit(query.limit)
        .offset(offset)
  return db
    .select({ user: users, version: usersVersion })
    .from(users)
    .where(inArray(users.id, pageIds))
    .orderBy(...userListOrder)
}

/**
 * The statement counting the matches of `query` with the users version it saw. Without a search
 * the total is the sum of the matching groups of `user_list_counts` (migration 0015: at most 8
 * rows kept exact by triggers); with one, an exact count(*) over users.
 */
export function userListCountQuery(db: Db, query: Pick<UserListQuery, 'search' | 'role' | 'status'>) {
  if (!query.search) {
    const conditions = flagConditions(query, userListCounts)
    return db
      .select({ total: sql<number>`coalesce(sum(${userListCounts.n}), 0)::int`, version: usersVersion })
      .from(userListCounts)
      .where(conditions.length ? and(...conditions) : undefined)
  }
  return db.select({ total: count(), version: usersVersion }).from(users).where(userListWhere(query))
}

/**
 * Whether a search with `matches` rows among the `group` rows of its role and status is better
 * served by collecting the matches (trigram index, ~2.5 µs a match) than by walking the list
 * order (~1.2 µs a row read, (offset + limit) × group / matches rows to reach the page): measured
 * at 200,000 users, BENCHMARKS.md "Users list".
 */
export function fewMatches(matches: number, group: number, offset: number, limit: number): boolean {
  return 2 * matches * matches <= (offset + limit) * group
}

/**
 * One page of the filtered list, newest first, and the exact number of matches, with the users
 * version both saw (`version`, for caches keyed by it: decision 004), or undefined when they ran
 * on different sides of a write. `knownTotal` (the total cached for the same filters at the
 * users version the caller read) skips the count. The count runs first (without a search a
 * lookup in user_list_counts; with one an exact count(*) through the trigram index, whose cost
 * grows with the matches), then the page, planned by it (fewMatches); a page past the end is not
 * queried.
 */
export async function listUsers(
  db: Db,
  query: UserListQuery,
  knownTotal?: { total: number; version: number },
): Promise<{ rows: UserRow[]; total: number; version?: number }> {
  const offset = (query.page - 1) * query.limit
  const [counted, group] = await Promise.all([
    knownTotal ?? userListCountQuery(db, query).then(([c]) => ({ total: c.total, version: Number(c.version) })),
    query.search
      ? userListCountQuery(db, { search: '', role: query.role, status: query.status }).then(([g]) => g.total)
      : 0,
  ])
  if (counted.total <= offset) return { rows: [], total: counted.total, version: counted.version }
  const page = await userListPageQuery(
    db,
    query,
    !!query.search && fewMatches(counted.total, group, offset, query.limit),
  )
  // One statement, one snapshot: every row carries the same version.
  const same = page.length > 0 && Number(page[0].version) === counted.version
  return { rows: page.map((r) => r.user), total: counted.total, version: same ? counted.version : undefined }
}

/** The user with `id`, or undefined. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return user
}

/** The user whose e-mail is `email` (already lower-cased), case-insensitively, or undefined. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1)
  return user
}

/**
 * Set name, e-mail and phone ('' → null) of `id` at `now`, auditing via `auditOf(updated)`.
 * A taken e-mail raises the driver's unique_violation (23505) for the route to answer 409.
 */
export async function updateProfile(
  db: Db,
  id: string,
  input: { name: string; email: string; phone: string },
  now: Date,
  auditOf: (updated: UserRow) => AuditEntry,
): Promise<UserRow> {
  const { result } = await write(db, {
    transaction: async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ name: input.name, email: input.email, phone: input.phone || null, updatedAt: now })
        .where(eq(users.id, id))
        .returning()
      return { result: updated, audit: [auditOf(updated)] }
    },
  })
  return result
}

/** Store a new password hash for `id` at `now`, with its audit row. */
export async function setPasswordHash(db: Db, id: string, passwordHash: string, now: Date, entry: AuditEntry) {
  await write(db, {
    transaction: async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id))
      return { result: undefined, audit: [entry] }
    },
  })
}

/** User `id`'s bank details with the account number decrypted; undefined for an unknown user. Throws DataDecryptionError. */
export async function findBankDetails(db: Db, key: KeyObject, id: string): Promise<BankDetails | undefined> {
  const [row] = await db.select({ bankDetails: users.bankDetails }).from(users).where(eq(users.id, id)).limit(1)
  return row && openBankDetails(key, id, row.bankDetails)
}

/**
 * Merge `patch` into user `id`'s bank details at `now` (mergeNested: an omitted key keeps its
 * stored value, '' clears it), the account number encrypted with `key`; the audit row (`entry`
 * plus before/after) shows account numbers masked to their last 4 digits. Returns the merged
 * details (account number plain), or undefined for an unknown user. With `version` (If-Match,
 * decision 041): 409 version_conflict unless the user is that version.
 */
export async function setBankDetails(
  db: Db,
  key: KeyObject,
  id: string,
  patch: BankDetails,
  now: Date,
  entry: Omit<AuditEntry, 'before' | 'after'>,
  version: string | null = null,
): Promise<BankDetails | undefined> {
  const masked = (d: BankDetails) => (d.accountNumber ? { ...d, accountNumber: maskAccountNumber(d.accountNumber) } : d)
  const { result } = await write(db, {
    transaction: async (tx) => {
      const [old] = await tx
        .select({ id: users.id, bankDetails: users.bankDetails, updatedAt: users.updatedAt })
        .from(users)
        .where(eq(users.id, id))
        .for('update')
      if (!old) return { result: undefined }
      assertVersion('user', old, version)
      const before = openBankDetails(key, id, old.bankDetails)
      const details = mergeNested(before, patch)
      const at = nextVersion(old.updatedAt, now)
      await tx
        .update(users)
        .set({ bankDetails: sealBankDetails(key, id, details), updatedAt: at })
        .where(eq(users.id, id))
      return { result: details, audit: [{ ...entry, before: masked(before), after: masked(details), at }] }
    },
  })
  return result
}

/**
 * Encrypt every account number still stored in plain text (rows written before encryption at rest), in
 * batches of 500, each in its own transaction. Idempotent; returns how many were encrypted.
 */
export async function encryptPlainAccountNumbers(db: Db, key: KeyObject): Promise<number> {
  const plain = sql`${users.bankDetails} ->> 'accountNumber' IS NOT NULL AND ${users.bankDetails} ->> 'accountNumber' NOT LIKE 'v1:%'`
  let total = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: users.id, bankDetails: users.bankDetails })
        .from(users)
        .where(plain)
        .limit(500)
        .for('update', { skipLocked: true })
      for (const row of rows) {
        const sealed = sealBankDetails(key, row.id, row.bankDetails).accountNumber!
        // Not a change by anyone: updated_at stays.
        await tx
          .update(users)
          .set({
            updatedAt: sql`${users.updatedAt}`,
            bankDetails: sql`jsonb_set(${users.bankDetails}, '{accountNumber}', to_jsonb(${sealed}::text))`,
          })
          .where(eq(users.id, row.id))
      }
      return rows.length
    })
    total += done
    if (done < 500) return total
  }
}

/** One user holding an encrypted account number (id and stored details), or undefined: the start-up key check. */
export async function sampleEncryptedBankDetails(
  db: Db,
): Promise<{ id: string; bankDetails: BankDetails } | undefined> {
  const [row] = await db
    .select({ id: users.id, bankDetails: users.bankDetails })
    .from(users)
    .where(sql`${users.bankDetails} ->> 'accountNumber' LIKE 'v1:%'`)
    .limit(1)
  return row
}
