/**
 * GET /api/admin/dashboard/stats through the whole app in-process (app.request: admin guard with
 * its user lookup, the six aggregation queries, JSON), one client, on an already seeded database.
 */
import { eq } from 'drizzle-orm'
import type { Database } from '../server/db/client'
import { users } from '../server/db/schema'
import { signAccessToken } from '../server/services/access-token'
import { BENCH_ADMIN_EMAIL, benchApp } from './bench-db'
import { measure, type Latency } from './measure'

export async function benchDashboard(database: Database, iterations: number): Promise<Latency> {
  const { app, deps } = benchApp(database)
  const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN_EMAIL))
  const token = await signAccessToken(deps.jwtSecret, admin.id, new Date())
  return measure(iterations, async () => {
    const res = await app.request('/api/admin/dashboard/stats', { headers: { authorization: `Bearer ${token}` } })
    if (res.status !== 200) throw new Error(`dashboard stats answered ${res.status}: ${await res.text()}`)
    await res.json()
  })
}
