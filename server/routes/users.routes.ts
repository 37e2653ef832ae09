/**
 * /api/users, first part (SPEC.md 7 "Users"): GET / filtered on the server (DESIGN.md: lists stay
 * fast at a million rows): search over name, e-mail and phone served by a trigram index, role and
 * status filters, newest first, page/limit. The rest of the users screens arrive with their issue.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import { UserListQuerySchema, type UserListQuery, type UserRole } from '../../src/api/schemas/users'
import { users } from '../db/schema'
import type { AppDeps, AppEnv } from '../deps'
import { escapeLike } from '../db/sql'
import { validate } from '../http/validate'

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

/** Role label from the flags (SPEC.md 6). */
export function userRole(user: { isAdmin: boolean; isAgent: boolean }): UserRole {
  return user.isAdmin ? 'admin' : user.isAgent ? 'agent' : 'user'
}

export function usersRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/', validate('query', UserListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    const where = userListWhere(query)
    const [rows, [{ total }]] = await Promise.all([
      deps.db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id))
        .limit(query.limit).offset((query.page - 1) * query.limit),
      deps.db.select({ total: count() }).from(users).where(where),
    ])
    return c.json({
      success: true as const,
      users: rows.map((u) => ({
        _id: u.id, name: u.name, email: u.email, phone: u.phone ?? '', role: userRole(u), isActive: u.isActive,
        isAgent: u.isAgent, isAdmin: u.isAdmin, createdAt: u.createdAt.toISOString(),
      })),
      pagination: { currentPage: query.page, totalPages: Math.ceil(total / query.limit), totalUsers: total },
    })
  })
  return app
}
