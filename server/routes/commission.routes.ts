/**
 * /api/commission (SPEC.md 2 "Commission Management", 3, 5, 7 "Commission"), admin only:
 * GET /configs (paged, search, isActive), POST /configs (201), GET and PUT /configs/default (PUT
 * creates or updates the default), GET, PUT and DELETE /configs/{id}, GET /stats (completed orders split
 * by the engine) and GET /projects (the create modal's picker). Static paths come before /{id}.
 *
 * Every write is a commission change: it needs a recent OTP proof (step-up, SECURITY.md,
 * decision 010) and is audited by the trigger of migration 0010 with the admin as actor. The list
 * and the stats are cached per table versions (decision 004, services/versioned-json-cache.ts):
 * the list is built from commission_configs and projects (titles), the stats from orders, users
 * (referrer kinds) and commission_configs.
 */
import { Hono, type Context } from 'hono'
import type * as v from 'valibot'
import {
  CommissionConfigCreateSchema,
  CommissionConfigListQuerySchema,
  CommissionConfigListResponseSchema,
  CommissionConfigMessageResponseSchema,
  CommissionConfigResponseSchema,
  CommissionConfigUpdateSchema,
  CommissionDefaultResponseSchema,
  CommissionDeleteResponseSchema,
  CommissionProjectQuerySchema,
  CommissionProjectsResponseSchema,
  CommissionStatsResponseSchema,
  type CommissionConfig,
} from '../../src/api/schemas/commission'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  CONFIG_NOT_FOUND,
  commissionStats,
  createCommissionConfig,
  deleteCommissionConfig,
  findCommissionConfig,
  findDefaultCommissionConfig,
  listCommissionConfigs,
  saveDefaultCommissionConfig,
  searchCommissionProjects,
  updateCommissionConfig,
  type CommissionActor,
} from '../db/queries/commission.queries'
import type { AppDeps, AppEnv } from '../deps'
import { clientIp } from '../http/client-ip'
import { notFound } from '../http/errors'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { ifMatchOf, setEtag } from '../http/versions'
import { assertStepUp } from '../middleware/require-recent-auth'
import { createVersionedJsonCache, jsonResponse } from '../services/versioned-json-cache'

export function commissionRoutes(deps: AppDeps) {
  const { db } = deps
  const app = new Hono<AppEnv>()
  /** The acting admin for the audit trigger, after the step-up check every commission change needs. */
  const writer = (c: Context<AppEnv>): CommissionActor => {
    assertStepUp(c, deps.now(), 'commission.change')
    return { actorId: c.get('admin').id, ip: clientIp(c, deps.env.TRUST_PROXY), now: deps.now(), version: ifMatchOf(c) }
  }
  /** The configuration `id` as the API shows it, its version answered as the ETag. */
  const found = async (c: Context, id: string): Promise<CommissionConfig> => {
    const config = await findCommissionConfig(db, id)
    if (!config) throw notFound(CONFIG_NOT_FOUND)
    setEtag(c, config.updatedAt)
    return config
  }

  const pages = createVersionedJsonCache(deps.versions, ['commission_configs', 'projects'], 4 * 1024 * 1024)
  const stats = createVersionedJsonCache(deps.versions, ['orders', 'users', 'commission_configs'], 64 * 1024)

  app.get('/configs', validate('query', CommissionConfigListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    return jsonResponse(
      await pages(
        JSON.stringify(query),
        async (): Promise<v.InferInput<typeof CommissionConfigListResponseSchema>> => ({
          success: true,
          ...(await listCommissionConfigs(db, query)),
        }),
      ),
    )
  })

  app.post('/configs', validate('json', CommissionConfigCreateSchema), async (c) => {
    const id = await createCommissionConfig(db, c.req.valid('json'), writer(c))
    return ok(
      c,
      CommissionConfigMessageResponseSchema,
      { success: true, message: 'Commission configuration created successfully', config: await found(c, id) },
      201,
    )
  })

  app.get('/configs/default', async (c) => {
    const config = await findDefaultCommissionConfig(db)
    if (config) setEtag(c, config.updatedAt)
    return ok(c, CommissionDefaultResponseSchema, { success: true, config })
  })

  app.put('/configs/default', validate('json', CommissionConfigUpdateSchema), async (c) => {
    const { id, created } = await saveDefaultCommissionConfig(db, c.req.valid('json'), writer(c))
    return ok(c, CommissionConfigMessageResponseSchema, {
      success: true,
      config: await found(c, id),
      message: created
        ? 'Default commission configuration created successfully'
        : 'Default commission configuration updated successfully',
    })
  })

  app.get('/configs/:id', validate('param', IdParamSchema), async (c) =>
    ok(c, CommissionConfigResponseSchema, { success: true, config: await found(c, c.req.valid('param').id) }),
  )

  app.put(
    '/configs/:id',
    validate('param', IdParamSchema),
    validate('json', CommissionConfigUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param')
      await updateCommissionConfig(db, id, c.req.valid('json'), writer(c))
      return ok(c, CommissionConfigMessageResponseSchema, {
        success: true,
        message: 'Commission configuration updated successfully',
        config: await found(c, id),
      })
    },
  )

  app.delete('/configs/:id', validate('param', IdParamSchema), async (c) => {
    await deleteCommissionConfig(db, c.req.valid('param').id, writer(c))
    return ok(c, CommissionDeleteResponseSchema, {
      success: true,
      message: 'Commission configuration deleted successfully',
    })
  })

  app.get('/stats', async () =>
    jsonResponse(
      await stats('stats', async (): Promise<v.InferInput<typeof CommissionStatsResponseSchema>> => ({
        success: true,
        stats: await commissionStats(db),
      })),
    ),
  )

  app.get('/projects', validate('query', CommissionProjectQuerySchema), async (c) =>
    ok(c, CommissionProjectsResponseSchema, {
      success: true,
      projects: await searchCommissionProjects(db, c.req.valid('query').search),
    }),
  )
  return app
}
