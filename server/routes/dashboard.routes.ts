/**
 * /api/admin/dashboard (SPEC.md 7 "Dashboard"): `GET /stats` → `{ success: true, stats }`, the
 * aggregates of db/queries/dashboard.queries.ts shaped by domain/dashboard-stats.ts at the app's
 * clock. Mounted behind requireAdmin by app.ts.
 */
import { Hono } from 'hono'
import { DashboardStatsResponseSchema } from '../../src/api/schemas/dashboard'
import { activeAdminCount, completedRevenuePaise, dashboardContacts, dashboardProjects } from '../db/queries/dashboard.queries'
import type { AppDeps, AppEnv } from '../deps'
import { monthStarts, toDashboardStats } from '../domain/dashboard-stats'
import { ok } from '../http/respond'

export function dashboardRoutes(deps: AppDeps) {
  const { db } = deps
  const app = new Hono<AppEnv>()
  app.get('/stats', async (c) => {
    const months = monthStarts(deps.now())
    const [projects, contacts, admins, revenuePaise] = await Promise.all([
      dashboardProjects(db, months), dashboardContacts(db, months), activeAdminCount(db), completedRevenuePaise(db)])
    const stats = toDashboardStats({ ...projects, ...contacts, admins, revenuePaise })
    return ok(c, DashboardStatsResponseSchema, { success: true, stats })
  })
  return app
}
