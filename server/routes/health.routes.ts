/**
 * GET /api/health (liveness: the process answers) and GET /api/ready (readiness: the
 * database answers `SELECT 1` and the storage its probe, each within READY_TIMEOUT_MS; 503 with
 * what is down otherwise). Both public and cheap, for load balancers and orchestrators; the
 * answers name no host, path or error text.
 */
import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import { HealthResponseSchema, ReadyResponseSchema } from '../../src/api/schemas/common'
import type { AppDeps, AppEnv } from '../deps'
import { ok } from '../http/respond'

/** How long each readiness probe may take before it counts as down (ms). */
export const READY_TIMEOUT_MS = 2000

type Check = 'ok' | 'unreachable' | 'timeout'

/** Resolve 'ok' when `probe` settles within `ms`, 'unreachable' when it rejects, 'timeout' otherwise. */
async function check(probe: () => Promise<unknown>, ms = READY_TIMEOUT_MS): Promise<Check> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms)
  })
  try {
    return await Promise.race([
      probe().then(
        (): Check => 'ok',
        (): Check => 'unreachable',
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** `storageProbe` resolves when the blob storage can be written (its driver's ping). */
export function healthRoutes(deps: Pick<AppDeps, 'db'>, storageProbe: () => Promise<unknown>) {
  const app = new Hono<AppEnv>()
  app.get('/health', (c) => ok(c, HealthResponseSchema, { success: true, status: 'ok' }))
  app.get('/ready', async (c) => {
    const [database, storage] = await Promise.all([check(() => deps.db.execute(sql`SELECT 1`)), check(storageProbe)])
    const down = [database !== 'ok' ? 'database' : null, storage !== 'ok' ? 'storage' : null].filter(Boolean)
    c.header('cache-control', 'no-store')
    if (down.length === 0)
      return ok(c, ReadyResponseSchema, { success: true, status: 'ready', checks: { database, storage } })
    return ok(
      c,
      ReadyResponseSchema,
      {
        success: false,
        status: 'unavailable',
        message: `Not ready: ${down.join(' and ')} not answering`,
        checks: { database, storage },
      },
      503,
    )
  })
  return app
}
