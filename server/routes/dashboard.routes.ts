/**
 * /api/admin/dashboard (SPEC.md 7 "Dashboard"): `GET /stats` → `{ success: true, stats }` with the
 * figures of server/domain/dashboard-stats.ts. Mounted behind requireAdmin by app.ts.
 */
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../deps'
import { computeDashboardStats } from '../domain/dashboard-stats'

export function dashboardRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.get('/stats', async (c) => {
    const stats = await computeDashboardStats(deps.db, deps.now())
    return c.json({ success: true as const, stats })
  })
  return app
}
