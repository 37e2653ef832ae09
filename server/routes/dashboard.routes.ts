/**
 * /api/admin/dashboard (SPEC.md 7 "Dashboard"): `GET /stats` → `{ success: true, stats }`, the
 * aggregates of db/queries/dashboard.queries.ts shaped by domain/dashboard-stats.ts at the app's
 * clock. Mounted behind requireAdmin by app.ts. The aggregates come in four parts cached per table
 * versions (services/dashboard-cache.ts, decision 033); `x-cache` says each part's outcome, e.g.
 * `projects=miss, contacts=hit, admins=hit, revenue=hit`.
 */
import { Hono } from 'hono'
import { DashboardStatsResponseSchema } from '../../src/api/schemas/dashboard'
import type { AppDeps, AppEnv } from '../deps'
import { toDashboardStats } from '../domain/dashboard-stats'
import { ok } from '../http/respond'
import { createDashboardCache, DASHBOARD_PARTS } from '../services/dashboard-cache'

export function dashboardRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const aggregatesAt = createDashboardCache(deps.db, deps.versions)
  app.get('/stats', async (c) => {
    const { aggregates, cache } = await aggregatesAt(deps.now())
    c.header('x-cache', DASHBOARD_PARTS.map((part) => `${part}=${cache[part]}`).join(', '))
    return ok(c, DashboardStatsResponseSchema, { success: true, stats: toDashboardStats(aggregates) })
  })
  return app
}
