/**
 * /api/users, first part (SPEC.md 7 "Users"): GET / filtered on the server (search over name,
 * e-mail and phone, role and status filters, newest first, page/limit; the queries are in
 * db/queries/users.queries.ts). The rest of the users screens arrive with their issue.
 */
import { Hono } from 'hono'
import { UserListQuerySchema, UserListResponseSchema } from '../../src/api/schemas/users'
import { listUsers } from '../db/queries/users.queries'
import type { AppDeps, AppEnv } from '../deps'
import { toUserSummary } from '../domain/users'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

export function usersRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/', validate('query', UserListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    const { rows, total } = await listUsers(deps.db, query)
    return ok(c, UserListResponseSchema, {
      success: true,
      users: rows.map(toUserSummary),
      pagination: { currentPage: query.page, totalPages: Math.ceil(total / query.limit), totalUsers: total },
    })
  })
  return app
}
