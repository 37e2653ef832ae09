/**
 * The Hono application: one sub-app per resource mounted under /api, every route but health and
 * sign-in behind `requireAdmin`, one error handler producing `{ success: false, message }`.
 * `createApp(deps)` is used by main.ts and, with a throwaway database, by the tests.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import type { AppDeps, AppEnv } from './deps'
import { ApiError } from './http/errors'
import { requireAdmin } from './middleware/require-admin'
import { authPublicRoutes, authProfileRoutes } from './routes/auth.routes'
import { dashboardRoutes } from './routes/dashboard.routes'
import { projectsRoutes } from './routes/projects.routes'
import { filesRoutes } from './routes/files.routes'
import { gitHttpRoutes } from './routes/git-http.routes'
import { githubRoutes } from './routes/github.routes'
import { storageRoutes } from './routes/storage.routes'
import { reportsRoutes } from './routes/reports.routes'
import { registerProjectCleanup } from './services/project-cleanup'
import { TableVersions } from './services/table-versions'
import { uploadRoutes } from './routes/upload.routes'
import { usersRoutes } from './routes/users.routes'

export function createApp(deps: AppDeps) {
  // Filled in place: services keyed by the deps object (setRepoHost) must keep seeing the same one.
  const versions = (deps.versions ??= new TableVersions(deps.db))
  const app = new Hono<AppEnv>()
  app.use('*', requestId())
  // Any request but GET/HEAD may have written: the next read of the list caches checks the
  // database before this response leaves, so a client always sees its own writes (decision 004).
  app.use('*', async (c, next) => {
    try {
      await next()
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') versions.invalidate()
    }
  })

  app.get('/api/health', (c) => c.json({ success: true, status: 'ok' }))
  app.route('/api/auth', authPublicRoutes(deps))
  registerProjectCleanup(deps)
  app.route('/git', gitHttpRoutes(deps))
  app.route('/files', filesRoutes(deps))

  const api = new Hono<AppEnv>()
  api.use('*', requireAdmin(deps))
  api.route('/auth', authProfileRoutes(deps))
  api.route('/admin/dashboard', dashboardRoutes(deps))
  api.route('/projects', projectsRoutes(deps))
  api.route('/upload', uploadRoutes(deps))
  api.route('/users', usersRoutes(deps))
  api.route('/github', githubRoutes(deps))
  api.route('/storage', storageRoutes(deps))
  api.route('/admin/projects', reportsRoutes(deps))
  app.route('/api', api)

  app.all('/api/*', (c) => c.json({ success: false, message: `No route for ${c.req.method} ${c.req.path}` }, 404))

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json({ success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}) }, err.status)
    }
    if (err instanceof HTTPException) {
      const status = err.status
      const message = status === 400 ? 'Malformed request body' : err.message || 'Request failed'
      return c.json({ success: false, message }, status)
    }
    console.error(`[${c.get('requestId')}] ${c.req.method} ${c.req.path}`, err)
    return c.json({ success: false, message: 'Internal server error' }, 500)
  })
  return app
}

export type App = ReturnType<typeof createApp>
