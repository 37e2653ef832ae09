/**
 * /api/presence (contract src/api/schemas/live.ts "Presence"; decision 045), behind requireAdmin:
 * who else has a record open.
 * - PUT / {entityType, entityId, section} → `{ success, viewers }`: the caller's heartbeat (every
 *   PRESENCE_HEARTBEAT_MS while the record is open, and at once when the edited section changes),
 *   answered with the other live viewers of that record.
 * - GET /?entityType&entityId → `{ success, viewers }`: the other live viewers.
 * - DELETE /?entityType&entityId (or the target as JSON body) → `{ success }`: the caller left.
 * Times are the app's clock; changes of who is where are notified on 'console_events'.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import {
  PresenceLeaveQuerySchema,
  PresenceLeftResponseSchema,
  PresenceResponseSchema,
  PresenceTargetSchema,
  PresenceUpdateSchema,
  type PresenceTarget,
} from '../../src/api/schemas/live'
import { leaveRecord, otherViewers, recordHeartbeat } from '../db/queries/presence.queries'
import type { AppDeps, AppEnv } from '../deps'
import { toViewer } from '../domain/presence'
import { invalidInput } from '../http/errors'
import { ok } from '../http/respond'
import { fieldIssues, validate } from '../http/validate'

export function presenceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  const viewersOf = async (target: PresenceTarget, adminId: string, now: Date) =>
    (await otherViewers(deps.db, target, adminId, now)).map(toViewer)

  app.put('/', validate('json', PresenceUpdateSchema), async (c) => {
    const { entityType, entityId, section } = c.req.valid('json')
    const adminId = c.get('admin').id
    const now = deps.now()
    const [, viewers] = await Promise.all([
      recordHeartbeat(deps.db, { adminId, entityType, entityId, section: section || null }, now),
      viewersOf({ entityType, entityId }, adminId, now),
    ])
    return ok(c, PresenceResponseSchema, { success: true, viewers })
  })

  app.get('/', validate('query', PresenceTargetSchema), async (c) => {
    const viewers = await viewersOf(c.req.valid('query'), c.get('admin').id, deps.now())
    return ok(c, PresenceResponseSchema, { success: true, viewers })
  })

  app.delete('/', validate('query', PresenceLeaveQuerySchema), async (c) => {
    const query = c.req.valid('query')
    // The target comes in the query, or as a JSON body (a keepalive request on pagehide).
    const given = query.entityType !== undefined || query.entityId !== undefined
    const parsed = v.safeParse(PresenceTargetSchema, given ? query : await c.req.json().catch(() => ({})))
    if (!parsed.success) throw invalidInput(fieldIssues(parsed.issues))
    await leaveRecord(deps.db, c.get('admin').id, parsed.output)
    return ok(c, PresenceLeftResponseSchema, { success: true })
  })

  return app
}
