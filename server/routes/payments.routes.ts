/**
 * /api/payments (SPEC.md 7 "Payments"): GET / (keyset-paged, search over paymentId,
 * order number and transactionId, status), GET /stats, GET /export.csv, GET /export-link (signed
 * link to the same CSV, routes/exports.routes.ts) and GET /{id} with its order. 'refunded' is
 * answered as stored (decision 011).
 */
import { Hono } from 'hono'
import type * as v from 'valibot'
import { IdParamSchema } from '../../src/api/schemas/common'
import { ExportLinkResponseSchema, type FilteredCount } from '../../src/api/schemas/orders'
import {
  PaymentListQuerySchema,
  PaymentListResponseSchema,
  PaymentResponseSchema,
  PaymentStatsResponseSchema,
} from '../../src/api/schemas/payments'
import { countPayments, findPayment, listPayments, paymentStats } from '../db/queries/payments.queries'
import type { AppDeps, AppEnv } from '../deps'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { createVersionedCache, createVersionedJsonCache, jsonResponse } from '../services/versioned-json-cache'
import type { RowChange } from '../domain/row-changes'
import { exportLink, paymentsCsv } from './exports.routes'

export function paymentsRoutes(deps: AppDeps) {
  const { db } = deps
  const app = new Hono<AppEnv>()
  // Pages (payments and their order's number) and stats cached per table versions
  // (services/versioned-json-cache.ts). Of a write to orders, a page shows only an order's number
  // and its being there: only a deleted order or a changed search text (which holds the number)
  // can reach it (decision 054).
  const pages = createVersionedJsonCache(deps.versions, ['payments', 'orders'], 16 * 1024 * 1024)
  // The total of a filter (counted over payments alone), shared by every page of it.
  const totals = createVersionedCache<FilteredCount>(deps.versions, ['payments'], { max: 10_000 })
  const stats = createVersionedJsonCache(deps.versions, ['payments'], 64 * 1024)
  const orderReaches = (change: RowChange) => !change.after || change.searchChanged
  app.get('/', validate('query', PaymentListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    const total = async () =>
      (await totals(JSON.stringify([query.search, query.status]), () => countPayments(db, query))).value
    return jsonResponse(
      await pages(
        JSON.stringify(query),
        async (): Promise<v.InferInput<typeof PaymentListResponseSchema>> => ({
          success: true,
          ...(await listPayments(db, query, total)),
        }),
        () => ({ orders: orderReaches }),
      ),
    )
  })
  app.get('/stats', async () =>
    jsonResponse(
      await stats('stats', async (): Promise<v.InferInput<typeof PaymentStatsResponseSchema>> => ({
        success: true,
        stats: await paymentStats(db),
      })),
    ),
  )
  app.get('/export.csv', validate('query', PaymentListQuerySchema), (c) =>
    paymentsCsv(db, c.req.valid('query'), deps.now()),
  )
  app.get('/export-link', validate('query', PaymentListQuerySchema), (c) => {
    const { search, status } = c.req.valid('query')
    return ok(c, ExportLinkResponseSchema, {
      success: true,
      downloadUrl: exportLink(deps, 'payments', { search, status }),
    })
  })
  app.get('/:id', validate('param', IdParamSchema), async (c) =>
    ok(c, PaymentResponseSchema, { success: true, ...(await findPayment(db, c.req.valid('param').id)) }),
  )
  return app
}
