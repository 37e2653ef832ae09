/**
 * The Hono application: one sub-app per resource mounted under /api, every route but health,
 * sign-in and the storefront's contact form (POST /api/contacts) behind `requireAdmin`, one error handler producing `{ success: false, message }`.
 * `createApp(config)` is used by main.ts and, with a throwaway database, by the tests; it makes
 * the app's own state (`createAppDeps`: caches, after-delete hooks, locks, repository host), which
 * it exposes as `app.deps`.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { createAppDeps, type AppConfig, type AppDeps, type AppEnv } from './deps'
import type { ErrorBody } from '../src/api/schemas/common'
import { apiBodyLimits } from './http/body-limits'
import { ApiError, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './http/errors'
import { describeError } from './http/error-log'
import { securityHeaders } from './http/security-headers'
import { requireAdmin } from './middleware/require-admin'
import { docsRoutes, openApiDocumentRoutes } from './openapi/routes'
import { healthRoutes } from './routes/health.routes'
import { authPublicRoutes, authProfileRoutes } from './routes/auth.routes'
import { authSessionsRoutes } from './routes/auth-sessions.routes'
import { analyticsRoutes } from './routes/analytics.routes'
import { dashboardRoutes } from './routes/dashboard.routes'
import { eventsRoutes } from './routes/events.routes'
import { paletteRoutes } from './routes/palette.routes'
import { preferencesRoutes } from './routes/preferences.routes'
import { presenceRoutes } from './routes/presence.routes'
import { undoRoutes } from './routes/undo.routes'
import { auditRoutes } from './routes/audit.routes'
import { triageRoutes } from './routes/triage.routes'
import { projectsRoutes } from './routes/projects.routes'
import { sourceReportRoutes } from './routes/source-report.routes'
import { filesRoutes } from './routes/files.routes'
import { gitHttpRoutes } from './routes/git-http.routes'
import { githubRoutes } from './routes/github.routes'
import { storageRoutes } from './routes/storage.routes'
import { reportsRoutes } from './routes/reports.routes'
import { spaRoutes } from './routes/spa.routes'
import { stepUpRoutes } from './routes/step-up.routes'
import { uploadRoutes } from './routes/upload.routes'
import { usersRoutes } from './routes/users.routes'
import { ordersRoutes } from './routes/orders.routes'
import { paymentsRoutes } from './routes/payments.routes'
import { commissionRoutes } from './routes/commission.routes'
import { exportFileRoutes } from './routes/exports.routes'
import { contactsRoutes } from './routes/contacts.routes'
import { contactsPublicRoutes } from './routes/contacts-public.routes'

/** The contract's error body (DESIGN.md "Errors"); `errors` and `issues` only when there are field errors, `code` when set. */
const errorBody = (message: string, errors?: string[], code?: string, issues?: ErrorBody['issues']): ErrorBody => ({
  success: false,
  message,
  ...(errors ? { errors } : {}),
  ...(issues ? { issues } : {}),
  ...(code ? { code } : {}),
})

/** The app and the deps it was built with (its own state; tests read and adjust it). */
export type App = Hono<AppEnv> & { deps: AppDeps }

/** The whole app for `config`: API, git over HTTP, files and (with `config.spaDir`) the SPA; its own state in `app.deps`. */
export function createApp(config: AppConfig): App {
  const deps = createAppDeps(config)
  const { versions } = deps
  const app = new Hono<AppEnv>()
  app.use('*', requestId())
  app.use('*', securityHeaders())
  app.use('/api/*', apiBodyLimits())
  // Any request but GET/HEAD may have written: the next read of the list caches checks the
  // database before this response leaves, so a client always sees its own writes (decision 004).
  app.use('*', async (c, next) => {
    try {
      await next()
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') versions.invalidate()
    }
  })

  // Readiness: the storage driver's probe (S3 HeadBucket, or the local folder writable).
  app.route(
    '/api',
    healthRoutes(deps, () => deps.storage.ping()),
  )
  app.route('/api/auth', authPublicRoutes(deps))
  // The storefront's contact form: POST /api/contacts only; every other contacts route is the admin's.
  app.route('/api/contacts', contactsPublicRoutes(deps))
  app.route('/git', gitHttpRoutes(deps))
  app.route('/files/exports', exportFileRoutes(deps))
  app.route('/files', filesRoutes(deps))
  app.route('/api/docs', docsRoutes())

  const api = new Hono<AppEnv>()
  api.use('*', requireAdmin(deps))
  api.route('/auth', authProfileRoutes(deps))
  api.route('/auth/step-up', stepUpRoutes(deps))
  api.route('/auth/sessions', authSessionsRoutes(deps))
  api.route('/admin/dashboard', dashboardRoutes(deps))
  api.route('/events', eventsRoutes(deps))
  api.route('/admin/preferences', preferencesRoutes(deps))
  api.route('/admin/palette', paletteRoutes(deps))
  api.route('/admin/analytics', analyticsRoutes(deps))
  api.route('/admin/undo', undoRoutes(deps))
  api.route('/admin/audit', auditRoutes(deps))
  api.route('/admin/triage', triageRoutes(deps))
  api.route('/presence', presenceRoutes(deps))
  api.route('/projects', projectsRoutes(deps))
  api.route('/projects', sourceReportRoutes(deps))
  api.route('/upload', uploadRoutes(deps))
  api.route('/users', usersRoutes(deps))
  api.route('/orders', ordersRoutes(deps))
  api.route('/payments', paymentsRoutes(deps))
  api.route('/contacts', contactsRoutes(deps))
  api.route('/commission', commissionRoutes(deps))
  api.route('/github', githubRoutes(deps))
  api.route('/storage', storageRoutes(deps))
  api.route('/admin/projects', reportsRoutes(deps))
  api.route(
    '/',
    openApiDocumentRoutes(() => app),
  )
  app.route('/api', api)

  app.all('/api/*', (c) => c.json(errorBody(`No route for ${c.req.method} ${c.req.path}`), 404))
  if (deps.spaDir) app.route('/', spaRoutes(deps, deps.spaDir))

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json({ ...errorBody(err.message, err.errors, err.code, err.issues), ...err.details }, err.status)
    }
    if (err instanceof HTTPException) {
      const status = err.status
      const message = status === 400 ? 'Malformed request body' : err.message || 'Request failed'
      return c.json(errorBody(message), status)
    }
    if (isDatabaseUnavailable(err)) {
      console.error(`[${c.get('requestId')}] ${c.req.method} ${c.req.routePath} 503 ${DATABASE_UNAVAILABLE}`)
      return c.json(errorBody(DATABASE_UNAVAILABLE), 503, { 'retry-after': '5' })
    }
    // Never the error object itself: a failed query's message holds its SQL and parameters.
    console.error(`[${c.get('requestId')}] ${c.req.method} ${c.req.routePath} 500 ${describeError(err)}`)
    return c.json(errorBody('Internal server error'), 500)
  })
  return Object.assign(app, { deps })
}
