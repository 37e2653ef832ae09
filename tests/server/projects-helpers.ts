/**
 * Helpers shared by the projects and verification API tests: an admin access token (the real
 * token format, minted directly) and fast project inserts through drizzle.
 */
import { eq } from 'drizzle-orm'
import { projects, users } from '../../server/db/schema'
import { signAccessToken } from '../../server/services/access-token'
import { ADMIN_EMAIL, createTestContext, type TestContext } from './harness'

/** The bootstrap admin's id and a valid bearer token for it. */
export async function adminSession(ctx: TestContext): Promise<{ adminId: string; token: string }> {
  const [admin] = await ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL))
  return { adminId: admin.id, token: await signAccessToken(ctx.deps.jwtSecret, admin.id, ctx.deps.now()) }
}

/** A fresh PGlite context and the bootstrap admin's token: `({ ctx, token } = await adminContext())`. */
export async function adminContext(): Promise<{ ctx: TestContext; token: string }> {
  const ctx = await createTestContext()
  return { ctx, token: (await adminSession(ctx)).token }
}

/** Insert a project row directly (its project_search row is written by the database trigger). */
export async function insertProject(ctx: TestContext, values: Partial<typeof projects.$inferInsert> = {}) {
  const [row] = await ctx.deps.db
    .insert(projects)
    .values({ title: 'Untitled', description: 'A project', ...values })
    .returning()
  return row
}
