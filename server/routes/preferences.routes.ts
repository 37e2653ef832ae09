/**
 * /api/admin/preferences (contract src/api/schemas/preferences.ts), behind requireAdmin:
 * the signed-in admin's console preferences.
 * - GET / → `{ success, preferences }` (defaults until changed).
 * - PUT / {singleKeyShortcuts?, reasonTemplates?} → the whole preferences.
 * - POST /recent {command} | {record} → the whole preferences, that command or record first.
 * Personal settings, not marketplace data: not in the audit log.
 */
import { Hono } from 'hono'
import {
  PreferencesResponseSchema,
  RecordRecentSchema,
  UpdatePreferencesSchema,
} from '../../src/api/schemas/preferences'
import { preferencesRow, updatePreferencesRow } from '../db/queries/preferences.queries'
import type { AppDeps, AppEnv } from '../deps'
import { pushRecent, recordKey, toPreferences } from '../domain/preferences'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

export function preferencesRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const row = await preferencesRow(deps.db, c.get('admin').id)
    return ok(c, PreferencesResponseSchema, { success: true, preferences: toPreferences(row) })
  })

  app.put('/', validate('json', UpdatePreferencesSchema), async (c) => {
    const input = c.req.valid('json')
    const row = await updatePreferencesRow(deps.db, c.get('admin').id, () => ({
      ...(input.singleKeyShortcuts === undefined ? {} : { singleKeyShortcuts: input.singleKeyShortcuts }),
      ...(input.reasonTemplates === undefined ? {} : { reasonTemplates: input.reasonTemplates }),
    }))
    return ok(c, PreferencesResponseSchema, { success: true, preferences: toPreferences(row) })
  })

  app.post('/recent', validate('json', RecordRecentSchema), async (c) => {
    const input = c.req.valid('json')
    const row = await updatePreferencesRow(deps.db, c.get('admin').id, (stored) =>
      'command' in input
        ? { recentCommands: pushRecent(stored.recentCommands, input.command, (id) => id) }
        : { recentRecords: pushRecent(stored.recentRecords, input.record, recordKey) },
    )
    return ok(c, PreferencesResponseSchema, { success: true, preferences: toPreferences(row) })
  })

  return app
}
