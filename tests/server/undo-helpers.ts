/**
 * Helpers for the undo suites: the bootstrap admin and a second admin with live-session
 * tokens, projects inserted directly, POST /api/admin/undo/{id}, and the audit rows of a record.
 */
import { and, asc, eq } from 'drizzle-orm'
import { beforeAll } from 'vitest'
import { auditLog, projects, users, verificationHistory } from '../../server/db/schema'
import { ADMIN_EMAIL, call, type TestContext } from './harness'
import { sessionToken } from './session-token'

export function undoHelpers(get: () => TestContext) {
  const db = () => get().database.db
  const admin = { id: '', token: '' }
  const other = { id: '', token: '' }
  beforeAll(async () => {
    admin.id = (await db().select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0].id
    admin.token = await sessionToken(get(), admin.id)
    const [second] = await db()
      .insert(users)
      .values({ name: 'Second Admin', email: `second-${Date.now()}@example.in`, isAdmin: true })
      .returning()
    other.id = second.id
    other.token = await sessionToken(get(), second.id)
  })
  let counter = 0
  return {
    db,
    admin,
    other,
    addProject: async (values: Partial<typeof projects.$inferInsert> = {}) =>
      (
        await db()
          .insert(projects)
          .values({ title: `Project ${++counter}`, description: 'd', ...values })
          .returning()
      )[0],
    project: async (id: string) => (await db().select().from(projects).where(eq(projects.id, id)))[0],
    historyOf: (id: string) =>
      db()
        .select()
        .from(verificationHistory)
        .where(eq(verificationHistory.projectId, id))
        .orderBy(asc(verificationHistory.verifiedAt)),
    auditOf: (id: string, action: string) =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)))
        .orderBy(asc(auditLog.id)),
    send: (method: string, url: string, body: unknown, token = admin.token) => call(get(), method, url, body, token),
    undo: (id: string, token = admin.token) => call(get(), 'POST', `/api/admin/undo/${id}`, undefined, token),
  }
}
