/**
 * /api/admin/dashboard (SPEC.md 7 "Dashboard"): `GET /stats` → `{ success: true, stats }`, the
 * aggregates of db/queries/dashboard.queries.ts shaped by domain/dashboard-stats.ts at the app's
 * clock. Mounted behind requireAdmin by app.ts.
 */
import { Hono } from 'hono'
import { DashboardStatsResponseSchema } from '../../src/api/schemas/dashboard'
import { dashboardAggregates } from '../db/queries/dashboard.queries'
import type { AppDeps, AppEnv } from '../deps'
import { toDashboardStats } from '../domain/dashboard-stats'
import { ok } from '../http/respond'

export function dashboardRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/stats', async (c) => {
    const stats = toDashboardStats(await dashboardAggregates(deps.db, deps.now()))
    return ok(c, DashboardStatsResponseSchema, { success: true, stats })
  })
  return app
}
