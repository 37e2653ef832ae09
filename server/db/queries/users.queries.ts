/**
 * Users in the database: the filtered list (search over name, e-mail and phone served by a
 * trigram index, role and status; DESIGN.md: fast at a million rows), lookups by id and e-mail,
 * and the signed-in admin's profile and password. Writes are audited in their transaction.
 * Bank details are read and written only through the functions at the end, which encrypt the
 * account number (services/bank-details-crypto.ts); other reads return it as stored (`v1:...`).
 */
import type { KeyObject } from 'node:crypto'
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { UserListQuery } from '../../../src/api/schemas/users'
import type { Db } from '../client'
import { tableVersions, users, type BankDetails } from '../schema'
import { maskAccountNumber, openBankDetails, sealBankDetails } from '../../services/bank-details-crypto'
import { escapeLike } from '../sql'
import { mergeNested } from '../../domain/user-rules'
import { audit, type AuditEntry } from './audit.queries'

/** A row of users. */
export type UserRow = typeof users.$inferSelect

/** The searchable text; the same expression backs users_search_trgm_idx. */
export const userSearchText = sql`lower(${users.name} || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, ''))`

/** WHERE clause for a users list query. */
export function userListWhere(query: UserListQuery): SQL | undefined {
  const conditions: SQL[] = []
  if (query.search) conditions.push(sql`${userSearchText} LIKE ${`%${escapeLike(query.search.toLowerCase())}%`}`)
  if (query.role === 'admin') conditions.push(eq(users.isAdmin, true))
  if (query.role === 'agent') conditions.push(and(eq(users.isAgent, true), eq(users.isAdmin, false))!)
  if (query.role === 'user') conditions.push(and(eq(users.isAgent, false), eq(users.isAdmin, false))!)
  if (query.status === 'active') conditions.push(eq(users.isActive, true))
  if (query.status === 'inactive') conditions.push(eq(users.isActive, false))
  return conditions.length ? and(...conditions) : undefined
}

/** The users version (migration 0007) as of the statement's snapshot. */
const usersVersion = sql<string>`(SELECT ${tableVersions.version} FROM ${tableVersions} WHERE ${tableVersions.name} = 'users')`

/**
 * One page of the filtered list, newest first, and the number of matches, with the users
 * version both statements saw (`version`, for caches keyed by it: decision 004), or undefined
 * when the two ran on different sides of a write (they run in parallel on separate snapshots).
 */
export async function listUsers(db: Db, query: UserListQuery): Promise<{ rows: UserRow[]; total: number; version?: number }> {
  const where = userListWhere(query)
  const [page, [counted]] = await Promise.all([
    db.select({ user: users, version: usersVersion }).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit).offset((query.page - 1) * query.limit),
    db.select({ total: count(), version: usersVersion }).from(users).where(where),
  ])
  const version = Number(counted.version)
  const same = page.every((r) => Number(r.version) === version)
  return { rows: page.map((r) => r.user), total: counted.total, version: same ? version : undefined }
}

/** The user with `id`, or undefined. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return user
}

/** The user whose e-mail is `email` (already lower-cased), case-insensitively, or undefined. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1)
  return user
}

/**
 * Set name, e-mail and phone ('' → null) of `id` at `now`, auditing via `auditOf(updated)`.
 * A taken e-mail raises the driver's unique_violation (23505) for the route to answer 409.
 */
export async function updateProfile(db: Db, id: string, input: { name: string; email: string; phone: string },
  now: Date, auditOf: (updated: UserRow) => AuditEntry): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users)
      .set({ name: input.name, email: input.email, phone: input.phone || null, updatedAt: now })
      .where(eq(users.id, id)).returning()
    await audit(tx, auditOf(updated))
    return updated
  })
}

/** Store a new password hash for `id` at `now`, with its audit row. */
export async function setPasswordHash(db: Db, id: string, passwordHash: string, now: Date, entry: AuditEntry) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id))
    await audit(tx, entry)
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
 * details (account number plain), or undefined for an unknown user.
 */
export async function setBankDetails(db: Db, key: KeyObject, id: string, patch: BankDetails, now: Date,
  entry: Omit<AuditEntry, 'before' | 'after'>): Promise<BankDetails | undefined> {
  const masked = (d: BankDetails) => (d.accountNumber ? { ...d, accountNumber: maskAccountNumber(d.accountNumber) } : d)
  return db.transaction(async (tx) => {
    const [old] = await tx.select({ bankDetails: users.bankDetails }).from(users).where(eq(users.id, id)).for('update')
    if (!old) return undefined
    const before = openBankDetails(key, id, old.bankDetails)
    const details = mergeNested(before, patch)
    await tx.update(users).set({ bankDetails: sealBankDetails(key, id, details), updatedAt: now }).where(eq(users.id, id))
    await audit(tx, { ...entry, before: masked(before), after: masked(details) })
    return details
  })
}

/**
 * Encrypt every account number still stored in plain text (rows written before issue 8), in
 * batches of 500, each in its own transaction. Idempotent; returns how many were encrypted.
 */
export async function encryptPlainAccountNumbers(db: Db, key: KeyObject): Promise<number> {
  const plain = sql`${users.bankDetails} ->> 'accountNumber' IS NOT NULL AND ${users.bankDetails} ->> 'accountNumber' NOT LIKE 'v1:%'`
  let total = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx.select({ id: users.id, bankDetails: users.bankDetails }).from(users)
        .where(plain).limit(500).for('update', { skipLocked: true })
      for (const row of rows) {
        const sealed = sealBankDetails(key, row.id, row.bankDetails).accountNumber!
        // Not a change by anyone: updated_at stays.
        await tx.update(users).set({ updatedAt: sql`${users.updatedAt}`,
          bankDetails: sql`jsonb_set(${users.bankDetails}, '{accountNumber}', to_jsonb(${sealed}::text))` })
          .where(eq(users.id, row.id))
      }
      return rows.length
    })
    total += done
    if (done < 500) return total
  }
}

/** One user holding an encrypted account number (id and stored details), or undefined: the start-up key check. */
export async function sampleEncryptedBankDetails(db: Db): Promise<{ id: string; bankDetails: BankDetails } | undefined> {
  const [row] = await db.select({ id: users.id, bankDetails: users.bankDetails }).from(users)
    .where(sql`${users.bankDetails} ->> 'accountNumber' LIKE 'v1:%'`).limit(1)
  return row
}
