/**
 * /api/orders (SPEC.md 7 "Orders"): GET / (keyset-paged filtered list with its total),
 * GET /stats, GET /export.csv (streamed CSV of the filtered view) and GET /export-link (a signed
 * expiring link to the same CSV, routes/exports.routes.ts), PUT /bulk-update, GET /{id} and PUT
 * /{id}/status. The transitions of ORDER_TRANSITIONS are enforced in db/queries/orders.queries.ts
 * with the rows locked. Static paths come before /{id}.
 */
import { Hono } from 'hono'
import type * as v from 'valibot'
import { IdParamSchema } from '../../src/api/schemas/common'
import {
  ExportLinkResponseSchema,
  type FilteredCount,
  OrderBulkResponseSchema,
  OrderBulkUpdateSchema,
  OrderListQuerySchema,
  OrderListResponseSchema,
  OrderMessageResponseSchema,
  OrderResponseSchema,
  OrderStatsResponseSchema,
  OrderStatusUpdateSchema,
} from '../../src/api/schemas/orders'
import {
  bulkMoveOrders,
  countOrders,
  findOrderDetail,
  listOrders,
  moveOrder,
  orderStats,
  type Actor,
} from '../db/queries/orders.queries'
import type { AppDeps, AppEnv } from '../deps'
import { clientIp } from '../http/client-ip'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { ifMatchOf, setEtag } from '../http/versions'
import { orderListFilter } from '../domain/orders'
import { reachesPage, reachesStatusCounts, reachesTotal } from '../domain/row-changes'
import { createVersionedCache, createVersionedJsonCache, jsonResponse } from '../services/versioned-json-cache'
import { exportLink, ordersCsv } from './exports.routes'
import type { Context } from 'hono'

export function ordersRoutes(deps: AppDeps) {
  const { db } = deps
  const app = new Hono<AppEnv>()
  const actor = (c: Context<AppEnv>): Actor => ({ actorId: c.get('admin').id, ip: clientIp(c, deps.env.TRUST_PROXY) })

  // Pages and stats cached per table versions (services/versioned-json-cache.ts): a page shows
  // orders, their customer and project, and their payment; the stats count orders and sum payments.
  // A write to orders discards only the pages, totals and stats it can reach (decision 054): a
  // page, when it shows a changed row or its filter's total moves.
  const pages = createVersionedJsonCache(deps.versions, ['orders', 'payments', 'users', 'projects'], 16 * 1024 * 1024)
  // The total of a filter, shared by every page of it: the next pages of a walk do not count again.
  const totals = createVersionedCache<FilteredCount>(deps.versions, ['orders'], { max: 10_000 })
  const stats = createVersionedJsonCache(deps.versions, ['orders', 'payments'], 64 * 1024)

  app.get('/', validate('query', OrderListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    const filter = orderListFilter(query)
    const total = async () =>
      (
        await totals(
          JSON.stringify([query.search, query.status, query.from, query.to]),
          () => countOrders(db, query),
          () => ({ orders: (change) => reachesTotal(filter, change) }),
        )
      ).value
    return jsonResponse(
      await pages(
        JSON.stringify(query),
        async (): Promise<v.InferInput<typeof OrderListResponseSchema>> => ({
          success: true,
          ...(await listOrders(db, query, total)),
        }),
        (page) => {
          const shown = new Set(page.orders.map((order) => order._id))
          return { orders: (change) => reachesPage(filter, shown, change) }
        },
      ),
    )
  })

  app.get('/stats', async () =>
    jsonResponse(
      await stats(
        'stats',
        async (): Promise<v.InferInput<typeof OrderStatsResponseSchema>> => ({
          success: true,
          stats: await orderStats(db),
        }),
        () => ({ orders: reachesStatusCounts }),
      ),
    ),
  )

  app.get('/export.csv', validate('query', OrderListQuerySchema), (c) =>
    ordersCsv(db, c.req.valid('query'), deps.now()),
  )

  app.get('/export-link', validate('query', OrderListQuerySchema), (c) => {
    const { search, status, from, to } = c.req.valid('query')
    return ok(c, ExportLinkResponseSchema, {
      success: true,
      downloadUrl: exportLink(deps, 'orders', { search, status, from, to }),
    })
  })

  app.put('/bulk-update', validate('json', OrderBulkUpdateSchema), async (c) => {
    const { orderIds, action, versions } = c.req.valid('json')
    return ok(c, OrderBulkResponseSchema, await bulkMoveOrders(db, orderIds, action, actor(c), deps.now(), versions))
  })

  app.get('/:id', validate('param', IdParamSchema), async (c) => {
    const order = await findOrderDetail(db, c.req.valid('param').id)
    setEtag(c, order.updatedAt)
    return ok(c, OrderResponseSchema, { success: true, order })
  })

  app.put('/:id/status', validate('param', IdParamSchema), validate('json', OrderStatusUpdateSchema), async (c) => {
    const { status, notes } = c.req.valid('json')
    const moved = await moveOrder(db, c.req.valid('param').id, status, notes, actor(c), deps.now(), ifMatchOf(c))
    setEtag(c, moved.order.updatedAt)
    return ok(c, OrderMessageResponseSchema, { success: true, ...moved })
  })
  return app
}
