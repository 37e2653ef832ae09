/**
 * /api/users, first part (SPEC.md 7 "Users"): GET / filtered on the server (search over name,
 * e-mail and phone, role and status filters, newest first, page/limit; the queries are in
 * db/queries/users.queries.ts, the pages cached per users version by services/user-list-cache.ts).
 * The rest of the users screens arrive with their issue.
 */
import { Hono } from 'hono'
import { UserListQuerySchema } from '../../src/api/schemas/users'
import type { AppDeps, AppEnv } from '../deps'
import { validate } from '../http/validate'
import { createUserListPages } from '../services/user-list-cache'

export function usersRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const listPage = createUserListPages(deps.db, deps.versions)
  // The body is the contract's UserListResponse, already JSON (built by the page cache).
  app.get('/', validate('query', UserListQuerySchema), async (c) => {
    const { body, cache } = await listPage(c.req.valid('query'))
    return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8', 'x-cache': cache })
  })
  return app
}
