/**
 * /api/payments (SPEC.md 7 "Payments"): GET / (keyset-paged, search over paymentId,
 * order number and transactionId, status), GET /stats, GET /export.csv, GET /export-link (signed
 * link to the same CSV, routes/exports.routes.ts) and GET /{id} with its order. 'refunded' is
 * answered as stored (decision 011).
 */
import { Hono } from 'hono'
import { LRUCache } from 'lru-cache'
import type * as v from 'valibot'
import { IdParamSchema } from '../../src/api/schemas/common'
import { ExportLinkResponseSchema } from '../../src/api/schemas/orders'
import {
  PaymentListQuerySchema,
  PaymentListResponseSchema,
  PaymentResponseSchema,
  PaymentStatsResponseSchema,
} from '../../src/api/schemas/payments'
import { findPayment, listPayments, paymentStats } from '../db/queries/payments.queries'
import type { AppDeps, AppEnv } from '../deps'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { createVersionedJsonCache, jsonResponse } from '../services/versioned-json-cache'
import { exportLink, paymentsCsv } from './exports.routes'

export function paymentsRoutes(deps: AppDeps) {
  const { db } = deps
  const app = new Hono<AppEnv>()
  // Pages (payments and their order's number) and stats cached per table versions (services/versioned-json-cache.ts).
  const pages = createVersionedJsonCache(deps.versions, ['payments', 'orders'], 16 * 1024 * 1024)
  const totals = new LRUCache<string, number>({ max: 10_000 })
  const stats = createVersionedJsonCache(deps.versions, ['payments'], 64 * 1024)
  app.get('/', validate('query', PaymentListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    // The total of a filter is kept per versions too: the next pages of a walk do not count again.
    return jsonResponse(
      await pages(
        JSON.stringify(query),
        async (versionKey): Promise<v.InferInput<typeof PaymentListResponseSchema>> => {
          const totalKey = `${versionKey}|${JSON.stringify([query.search, query.status])}`
          const result = await listPayments(db, query, totals.get(totalKey))
          totals.set(totalKey, result.pagination.total)
          return { success: true, ...result }
        },
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
