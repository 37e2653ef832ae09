/**
 * /api/admin/palette (contract src/api/schemas/palette.ts), behind requireAdmin: the
 * palette's `#` project search.
 * - GET /projects?search=&limit= → `{ success, projects, total, capped }` (400 without a search).
 */
import { Hono } from 'hono'
import {
  PALETTE_COUNT_CAP,
  PaletteProjectsQuerySchema,
  PaletteProjectsResponseSchema,
} from '../../src/api/schemas/palette'
import { searchPaletteProjects } from '../db/queries/palette.queries'
import type { AppDeps, AppEnv } from '../deps'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

export function paletteRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/projects', validate('query', PaletteProjectsQuerySchema), async (c) => {
    const { search, limit } = c.req.valid('query')
    const { rows, counted } = await searchPaletteProjects(deps.db, search, limit, PALETTE_COUNT_CAP)
    return ok(c, PaletteProjectsResponseSchema, {
      success: true,
      projects: rows,
      total: Math.min(counted, PALETTE_COUNT_CAP),
      capped: counted > PALETTE_COUNT_CAP,
    })
  })

  return app
}
