/**
 * Writing users (SPEC.md 7 "Users"): one group of the detail screen, status, bulk
 * activate/deactivate, Add User. Each is one locked write (db/write.ts) that names its actor for the audit
 * triggers of migration 0010 (which record is_admin, is_active, is_agent and agent_status with
 * before/after as 'user.role_change'); the other changed fields get an app audit row here, so
 * nothing is logged twice. Changes of isAdmin/isActive lock every active admin row first (FOR
 * UPDATE, ordered by id) so two admins cannot demote each other past the last one. Bank details
 * are written only by users.queries.ts setBankDetails (encrypted account number).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { RowConflict } from '../../../src/api/schemas/versions'
import type { CreateUserInput, UserUpdate } from '../../../src/api/schemas/users'
import type { UndoTicket } from '../../../src/api/schemas/undo'
import type { Db } from '../client'
import { users } from '../schema'
import { conflict, notFound } from '../../http/errors'
import { userWriteActions, type StepUpCheck } from '../../domain/sensitive-actions'
import { adminGuardError, agentOnboarding, diffFields, mergeAddress, mergeNested } from '../../domain/user-rules'
import { percentToBps } from '../../domain/money'
import { setAuditActor } from './audit.queries'
import type { Tx } from './projects.queries'
import { assertUnchanged, type UndoActor } from './undo.queries'
import { write } from '../write'
import { groupByBefore, undoRecord, type UndoRecord } from '../../domain/undo'
import { assertVersion, nextVersion, splitByVersion } from '../../domain/versions'
import { nextVersionSql, rowConflicts } from './versions.queries'
import { assignAgentCodes, secureRandomInt, uniqueViolationOf, type RandomInt } from './user-codes.queries'

/**
 * Who writes and when; `randomInt` draws agent codes (tests inject a fixed one); `stepUp` throws
 * when the request may not perform a sensitive action (domain/sensitive-actions.ts), called inside
 * the transaction for each one the locked rows show the write to be.
 */
export type UserWriteContext = {
  actorId: string
  ip?: string | null
  now: Date
  randomInt?: RandomInt
  stepUp: StepUpCheck
  /** The If-Match of a one-user write (decision 041): 409 version_conflict unless the user is that version. */
  version?: string | null
}
type UserRow = typeof users.$inferSelect
type Columns = Partial<typeof users.$inferInsert>

export const USER_NOT_FOUND = 'User not found'
export const EMAIL_TAKEN = 'A user with this email already exists'
/** Columns the 0010 trigger audits itself. */
const TRIGGER_AUDITED = ['isAdmin', 'isActive', 'isAgent', 'agentStatus']

/** Ids of every active admin, locked FOR UPDATE in `tx` (the last-admin guard). */
async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update')
  return rows.map((r) => r.id)
}

/** The rows of `ids` locked FOR UPDATE; 404 'User not found' (naming the id in a bulk) when one is unknown. */
async function lockUsers(tx: Tx, ids: readonly string[]): Promise<UserRow[]> {
  const unique = [...new Set(ids)]
  const rows = await tx.select().from(users).where(inArray(users.id, unique)).orderBy(asc(users.id)).for('update')
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id))
    throw notFound(unique.length === 1 ? USER_NOT_FOUND : `${USER_NOT_FOUND}: ${unique.find((id) => !found.has(id))}`)
  }
  return rows
}

/** The stored columns of a (non-bank) group's input; '' → null for optional text. */
function columnsOf(update: Exclude<UserUpdate, { group: 'bankDetails' }>, row: UserRow): Columns {
  const nullable = (s: string | undefined) => (s === undefined ? undefined : s || null)
  switch (update.group) {
    case 'basic': {
      const d = update.data
      return {
        name: d.name,
        email: d.email,
        phone: nullable(d.phone),
        college: nullable(d.college),
        course: nullable(d.course),
        year: nullable(d.year),
      }
    }
    case 'flags':
      return { ...update.data }
    case 'agent': {
      const d = update.data
      return {
        isAgent: d.isAgent,
        agentStatus: d.agentStatus,
        businessName: nullable(d.businessName),
        websiteUrl: nullable(d.websiteUrl),
        defaultDiscountBps: d.defaultDiscountPercent === undefined ? undefined : percentToBps(d.defaultDiscountPercent),
        commissionRateBps: d.commissionRate === undefined ? undefined : percentToBps(d.commissionRate),
      }
    }
    case 'address':
      return { address: mergeAddress(row.address, update.data.address) }
    case 'socialMedia':
      return { socialMedia: mergeNested(row.socialMedia, update.data.socialMedia) }
    case 'preferences':
      return { preferences: mergeNested(row.preferences, update.data.preferences) }
  }
}

const defined = (columns: Columns) =>
  Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Columns

/**
 * Apply one group (not bankDetails) to user `id`: 404 unknown user, 409 taken e-mail or a
 * refused self/last-admin change; a user becoming an agent gets codes and agentStatus 'active'.
 */
export async function updateUserGroup(
  db: Db,
  id: string,
  update: Exclude<UserUpdate, { group: 'bankDetails' }>,
  ctx: UserWriteContext,
): Promise<void> {
  await withEmailConflict(() =>
    write(db, {
      actor: ctx,
      transaction: async (tx) => {
        const adminIds = update.group === 'flags' ? await lockActiveAdmins(tx) : []
        const [row] = await lockUsers(tx, [id])
        assertVersion('user', row, ctx.version)
        const columns = defined(columnsOf(update, row))
        for (const action of userWriteActions(row, columns)) ctx.stepUp(action)
        if (update.group === 'flags') {
          const refused = adminGuardError(
            ctx.actorId,
            [row],
            (r) => ({ isAdmin: columns.isAdmin ?? r.isAdmin, isActive: columns.isActive ?? r.isActive }),
            adminIds,
          )
          if (refused) throw conflict(refused)
        }
        if (columns.email !== undefined && columns.email !== row.email.toLowerCase())
          await assertEmailFree(tx, columns.email, id)
        const onboarding = agentOnboarding(row, columns.isAgent ?? row.isAgent, columns.agentStatus ?? row.agentStatus)
        if (onboarding.agentStatus) columns.agentStatus = onboarding.agentStatus
        const diff = diffFields(row, columns)
        const at = nextVersion(row.updatedAt, ctx.now)
        if (diff.changed)
          await tx
            .update(users)
            .set({ ...columns, updatedAt: at })
            .where(eq(users.id, id))
        const codes = onboarding.needsCodes ? await assignAgentCodes(tx, id, row, ctx.randomInt ?? secureRandomInt) : {}
        const before = Object.fromEntries(Object.entries(diff.before).filter(([k]) => !TRIGGER_AUDITED.includes(k)))
        const after = {
          ...Object.fromEntries(Object.entries(diff.after).filter(([k]) => !TRIGGER_AUDITED.includes(k))),
          ...codes,
        }
        const entry = {
          actorId: ctx.actorId,
          ip: ctx.ip,
          action: `user.${update.group}.update`,
          entityType: 'user',
          entityId: id,
          before,
          after,
          at,
        }
        return { result: undefined, audit: Object.keys(after).length ? [entry] : [] }
      },
    }),
  )
}

/**
 * Set isActive of every user in `ids` in one transaction (all or nothing): 404 for an unknown id,
 * 409 when a deactivation includes the actor or the last active admin. Records the undo of the
 * users whose flag changed (kind 'user.active'). With `ctx.version` (one user) a moved user
 * answers 409 version_conflict; a user not at its version in `versions` is left unchanged and
 * reported (decision 041). Answers how many users, the undo ticket and the conflicts.
 */
export async function setUsersActive(
  db: Db,
  ids: readonly string[],
  isActive: boolean,
  ctx: UserWriteContext,
  versions?: Readonly<Record<string, string>>,
): Promise<{ count: number; undo: UndoTicket | null; conflicts: RowConflict[] }> {
  const { result, undo } = await write(db, {
    actor: ctx,
    transaction: async (tx) => {
      const adminIds = isActive ? [] : await lockActiveAdmins(tx)
      const read = await lockUsers(tx, ids)
      if (read.length === 1) assertVersion('user', read[0], ctx.version)
      const { current: rows, moved } = splitByVersion(read, versions)
      if (!rows.length) return { result: { count: 0, moved } }
      const refused = adminGuardError(ctx.actorId, rows, (r) => ({ isAdmin: r.isAdmin, isActive }), adminIds)
      if (refused) throw conflict(refused)
      for (const row of rows) userWriteActions(row, { isActive }).forEach(ctx.stepUp)
      const updated = await tx
        .update(users)
        .set({ isActive, updatedAt: nextVersionSql(users.updatedAt, ctx.now) })
        .where(
          and(
            inArray(
              users.id,
              rows.map((r) => r.id),
            ),
            ne(users.isActive, isActive),
          ),
        )
        .returning({ id: users.id, updatedAt: users.updatedAt })
      const byId = new Map(rows.map((r) => [r.id, r]))
      return {
        result: { count: rows.length, moved },
        undo: {
          kind: 'user.active',
          actorId: ctx.actorId,
          now: ctx.now,
          records: updated.map((u) => undoRecord(u.id, byId.get(u.id)!, { isActive }, u.updatedAt)),
        },
      }
    },
  })
  return { count: result.count, undo, conflicts: await rowConflicts(db, 'user', result.moved) }
}

/**
 * Undo of 'user.active' (undo-restore.queries.ts): isActive back, under the same guard as a
 * deactivation (409 for the actor or the last active admin) and the 0010 trigger's audit; 409 when
 * a user changed since.
 */
export async function restoreUsersActive(tx: Tx, records: UndoRecord[], actor: UndoActor, now: Date): Promise<void> {
  await setAuditActor(tx, actor)
  const deactivates = records.some((r) => r.before.isActive === false)
  const adminIds = deactivates ? await lockActiveAdmins(tx) : []
  const rows = await tx
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        records.map((r) => r.id),
      ),
    )
    .orderBy(asc(users.id))
    .for('update')
  assertUnchanged(rows, records)
  const restored = new Map(records.map((r) => [r.id, r.before.isActive === true]))
  for (const row of rows) userWriteActions(row, { isActive: restored.get(row.id) }).forEach(actor.stepUp)
  const refused = adminGuardError(
    actor.actorId,
    rows,
    (r) => ({ isAdmin: r.isAdmin, isActive: restored.get(r.id) ?? r.isActive }),
    adminIds,
  )
  if (refused) throw conflict(refused)
  for (const { before, ids } of groupByBefore(records)) {
    await tx
      .update(users)
      .set({ isActive: before.isActive === true, updatedAt: nextVersionSql(users.updatedAt, now) })
      .where(inArray(users.id, ids))
  }
}

/** Add User: insert and audit 'user.create'; 409 for a taken e-mail; an agent gets codes and agentStatus 'active'. Returns the id. */
export async function createUser(db: Db, input: CreateUserInput, ctx: UserWriteContext): Promise<string> {
  if (input.isAdmin) ctx.stepUp('admin.grant')
  const { result } = await withEmailConflict(() =>
    write(db, {
      actor: ctx,
      transaction: async (tx) => {
        await assertEmailFree(tx, input.email)
        const [row] = await tx
          .insert(users)
          .values({
            name: input.name,
            email: input.email,
            phone: input.phone || null,
            isAdmin: input.isAdmin,
            isAgent: input.isAgent,
            agentStatus: input.isAgent ? 'active' : null,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning()
        const codes = input.isAgent ? await assignAgentCodes(tx, row.id, row, ctx.randomInt ?? secureRandomInt) : {}
        const entry = {
          actorId: ctx.actorId,
          ip: ctx.ip,
          action: 'user.create',
          entityType: 'user',
          entityId: row.id,
          after: {
            name: row.name,
            email: row.email,
            phone: row.phone,
            isAdmin: row.isAdmin,
            isAgent: row.isAgent,
            agentStatus: row.agentStatus,
            ...codes,
          },
        }
        return { result: row.id, audit: [entry] }
      },
    }),
  )
  return result
}

/** 409 when another user (not `exceptId`) has `email` (lower-cased). */
async function assertEmailFree(tx: Tx, email: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1)
  if (taken && taken.id !== exceptId) throw conflict(EMAIL_TAKEN)
}

/** Run `write`; a unique violation of the e-mail index (a concurrent Add User) answers 409. */
async function withEmailConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (uniqueViolationOf(error) === 'users_email_uq') throw conflict(EMAIL_TAKEN)
    throw error
  }
}
