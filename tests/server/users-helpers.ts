/**
 * Helpers for the users API suites: users inserted directly, admin tokens with a fresh
 * or an old `auth_time` (step-up), the signed-in bootstrap admin, and the audit rows of one user.
 */
import { and, asc, eq } from 'drizzle-orm'
import { beforeAll } from 'vitest'
import { auditLog, users } from '../../server/db/schema'
import { sessionToken } from './session-token'
import { ADMIN_EMAIL, call, type TestContext } from './harness'

const MINUTE = 60_000

export function usersHelpers(get: () => TestContext) {
  let counter = 0
  const db = () => get().database.db
  const addUser = async (values: Partial<typeof users.$inferInsert> = {}) => {
    counter += 1
    const [row] = await db()
      .insert(users)
      .values({ name: `User ${counter}`, email: `user${counter}-${Date.now()}@example.in`, ...values })
      .returning()
    return row
  }
  /** A token of admin `id` whose OTP proof is `minutesAgo` old (0: fresh, passes step-up). */
  const tokenOf = (id: string, minutesAgo = 0) =>
    sessionToken(get(), id, new Date(get().deps.now().getTime() - minutesAgo * MINUTE))
  const bootstrapAdmin = async () => (await db().select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]
  /**
   * Registers a `beforeAll` (after the context's) that finds the bootstrap admin and signs it a
   * fresh token; read `admin.id` / `admin.token` inside tests.
   */
  const signedInAdmin = () => {
    const admin = { id: '', token: '' }
    beforeAll(async () => {
      admin.id = (await bootstrapAdmin()).id
      admin.token = await tokenOf(admin.id)
    })
    return admin
  }
  return {
    db,
    addUser,
    tokenOf,
    bootstrapAdmin,
    signedInAdmin,
    row: async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0],
    auditOf: (id: string, action?: string) =>
      db()
        .select()
        .from(auditLog)
        .where(action ? and(eq(auditLog.entityId, id), eq(auditLog.action, action)) : eq(auditLog.entityId, id))
        .orderBy(asc(auditLog.id)),
    put: (token: string, id: string, body: unknown) => call(get(), 'PUT', `/api/users/${id}`, body, token),
    get: (token: string, path: string) => call(get(), 'GET', `/api/users${path}`, undefined, token),
  }
}
