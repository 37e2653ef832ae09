/**
 * Reading one user and the users stats (SPEC.md 2 "User detail", 3 "User stats"), and
 * the audited reveal of a bank account number (the only answer carrying it whole).
 */
import type { KeyObject } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { UserDetail, UserStats } from '../../../src/api/schemas/users'
import type { Db } from '../client'
import { users } from '../schema'
import { notFound } from '../../http/errors'
import { openBankDetails } from '../../services/bank-details-crypto'
import { monthStartIst } from '../../domain/user-rules'
import { toUserDetail } from '../../domain/users'
import type { AuditEntry } from './audit.queries'
import { write } from '../write'
import { USER_NOT_FOUND } from './users-write.queries'

/** User `id` in the API's shape, bank account masked; 404 'User not found'. Throws DataDecryptionError. */
export async function findUserDetail(db: Db, key: KeyObject, id: string): Promise<UserDetail> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!row) throw notFound(USER_NOT_FOUND)
  return toUserDetail(row, openBankDetails(key, id, row.bankDetails))
}

/**
 * The stats cards (SPEC.md 3 "User stats"): every user, admins (isAdmin), agents (the 'agent' role
 * of the list filter: isAgent and not admin) and users created since the 1st of `now`'s month,
 * 00:00 India time. One scan of users.
 */
export async function userStats(db: Db, now: Date): Promise<UserStats> {
  const since = monthStartIst(now).toISOString()
  const [row] = await db
    .select({
      totalUsers: sql<number>`count(*)::int`,
      totalAdmins: sql<number>`(count(*) FILTER (WHERE ${users.isAdmin}))::int`,
      totalAgents: sql<number>`(count(*) FILTER (WHERE ${users.isAgent} AND NOT ${users.isAdmin}))::int`,
      newUsersThisMonth: sql<number>`(count(*) FILTER (WHERE ${users.createdAt} >= ${since}::timestamptz))::int`,
    })
    .from(users)
  return {
    overview: {
      totalUsers: Number(row.totalUsers),
      totalAdmins: Number(row.totalAdmins),
      totalAgents: Number(row.totalAgents),
      newUsersThisMonth: Number(row.newUsersThisMonth),
    },
  }
}

/**
 * User `id`'s full bank account number ('' when none), with an audit row 'user.bank_account.reveal'
 * (`entry`: actor, ip) that records the reveal but not the number. 404 'User not found'.
 */
export async function revealAccountNumber(
  db: Db,
  key: KeyObject,
  id: string,
  entry: Pick<AuditEntry, 'actorId' | 'ip'>,
): Promise<string> {
  const { result } = await write(db, {
    transaction: async (tx) => {
      const [row] = await tx.select({ bankDetails: users.bankDetails }).from(users).where(eq(users.id, id)).limit(1)
      if (!row) throw notFound(USER_NOT_FOUND)
      const accountNumber = openBankDetails(key, id, row.bankDetails).accountNumber ?? ''
      return {
        result: accountNumber,
        audit: [
          {
            ...entry,
            action: 'user.bank_account.reveal',
            entityType: 'user',
            entityId: id,
            after: { field: 'bankDetails.accountNumber', present: accountNumber !== '' },
          },
        ],
      }
    },
  })
  return result
}
