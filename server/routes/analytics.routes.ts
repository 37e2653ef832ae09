/**
 * /api/admin/analytics (SPEC.md 2 "Analytics"): `GET /?period=30d|90d|12m` (default 30d)
 * → `{ success: true, analytics }`, the aggregates of db/queries/analytics.queries.ts over the
 * bounds of domain/analytics.ts at the app's clock, shaped by `toAnalytics`. Mounted behind
 * requireAdmin by app.ts; a period outside the three is answered 400.
 *
 * Cached per table versions (decision 004, services/versioned-json-cache.ts) of the four tables the
 * figures read (orders, payments, users, projects) and keyed by the period and its end `to` (the
 * end of the current hour in India): any write of those tables is seen by the next request, and
 * without writes an entry serves at most until the hour ends, when the window moves on (the
 * rows at its start leave it; the month of the monthly revenue rolls over at 00:00 IST).
 */
import { Hono } from 'hono'
import type * as v from 'valibot'
import { AnalyticsQuerySchema, type AnalyticsResponseSchema } from '../../src/api/schemas/analytics'
import { analyticsAggregates } from '../db/queries/analytics.queries'
import type { AppDeps, AppEnv } from '../deps'
import { analyticsBounds, toAnalytics } from '../domain/analytics'
import { validate } from '../http/validate'
import { createVersionedJsonCache, jsonResponse } from '../services/versioned-json-cache'

export function analyticsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  // A response is ~2 KB: 3 periods × a few hours of keys fit many times over.
  const figures = createVersionedJsonCache(deps.versions, ['orders', 'payments', 'users', 'projects'], 256 * 1024)

  app.get('/', validate('query', AnalyticsQuerySchema), async (c) => {
    const bounds = analyticsBounds(c.req.valid('query').period, deps.now())
    return jsonResponse(
      await figures(
        `${bounds.period}|${bounds.to.toISOString()}`,
        async (): Promise<v.InferInput<typeof AnalyticsResponseSchema>> => ({
          success: true,
          analytics: toAnalytics(bounds, await analyticsAggregates(deps.db, bounds)),
        }),
      ),
    )
  })
  return app
}
