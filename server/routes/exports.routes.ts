/**
 * CSV exports of the orders and payments lists (columns below), and the public routes
 * of their signed links: GET /files/exports/orders/{token} and /files/exports/payments/{token},
 * where `token` is the filters (base64url JSON, domain/orders.ts encodeFilterToken) and the
 * link's `?expires&sig` sign that path (services/signed-url.ts), so the filters cannot be
 * changed without breaking the signature. A bad or expired signature → 403; filters that fail
 * the list schema → 400. No bearer token: the link is the credential (like report downloads).
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { OrderListQuerySchema } from '../../src/api/schemas/orders'
import { PaymentListQuerySchema } from '../../src/api/schemas/payments'
import type { Db } from '../db/client'
import { orderSummaryRows, type OrderFilters } from '../db/queries/orders.queries'
import { paymentRows, type PaymentFilters } from '../db/queries/payments.queries'
import type { AppDeps, AppEnv } from '../deps'
import { decodeFilterToken, encodeFilterToken, istDay } from '../domain/orders'
import { ApiError, badRequest } from '../http/errors'
import { formatIssues } from '../http/validate'
import { csvResponse, paiseText, textCell } from '../services/csv-export'
import { signPath, verifySignedPath } from '../services/signed-url'

/**
 * Orders CSV columns: order number, record id, date (ISO 8601 UTC), customer name and e-mail,
 * project title and category (empty when deleted), amount in rupees with 2 decimals, order status,
 * the order's payment status and method (its latest completed payment, else latest attempt).
 * Free-text cells starting with = + - @ are prefixed with ' (services/csv-export.ts textCell).
 */
export const ORDER_CSV_COLUMNS = {
  orderId: 'Order number',
  id: 'Record id',
  createdAt: 'Date',
  customer: 'Customer',
  email: 'E-mail',
  project: 'Project',
  category: 'Category',
  amount: 'Amount (INR)',
  status: 'Status',
  paymentStatus: 'Payment status',
  paymentMethod: 'Payment method',
} as const

/** Payments CSV columns: payment id, order number, amount in rupees (2 decimals), method, status, transaction id, date (ISO). */
export const PAYMENT_CSV_COLUMNS = {
  paymentId: 'Payment id',
  orderId: 'Order number',
  amount: 'Amount (INR)',
  method: 'Method',
  status: 'Status',
  transactionId: 'Transaction id',
  createdAt: 'Date',
} as const

/** The orders CSV of `filters`, streamed. */
export function ordersCsv(db: Db, filters: OrderFilters, now: Date): Promise<Response> {
  return csvResponse(
    `orders-${istDay(now)}.csv`,
    ORDER_CSV_COLUMNS,
    (after, limit) => orderSummaryRows(db, filters, after, limit),
    (r) => ({
      orderId: r.orderId,
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      customer: textCell(r.userName),
      email: textCell(r.userEmail),
      project: textCell(r.projectTitle),
      category: textCell(r.projectCategory),
      amount: paiseText(r.totalAmountPaise),
      status: r.status,
      paymentStatus: r.payStatus ?? '',
      paymentMethod: r.payMethod ?? '',
    }),
  )
}

/** The payments CSV of `filters`, streamed. */
export function paymentsCsv(db: Db, filters: PaymentFilters, now: Date): Promise<Response> {
  return csvResponse(
    `payments-${istDay(now)}.csv`,
    PAYMENT_CSV_COLUMNS,
    (after, limit) => paymentRows(db, filters, after, limit),
    (r) => ({
      paymentId: r.paymentId,
      orderId: r.orderNumber ?? '',
      amount: paiseText(r.amountPaise),
      method: r.method,
      status: r.status,
      transactionId: textCell(r.transactionId),
      createdAt: r.createdAt.toISOString(),
    }),
  )
}

/** The signed download URL (absolute, PUBLIC_URL) of the `kind` export of `filters`. */
export function exportLink(deps: AppDeps, kind: 'orders' | 'payments', filters: Record<string, string>): string {
  return `${deps.env.PUBLIC_URL}${signPath(deps.jwtSecret, `/files/exports/${kind}/${encodeFilterToken(filters)}`, deps.now())}`
}

const linkExpired = () => new ApiError(403, 'Download link is invalid or has expired')

/** The filters of a signed link's token, parsed by `schema` (400 when they fail it). */
function filtersOf<S extends v.GenericSchema>(schema: S, token: string): v.InferOutput<S> {
  const raw = decodeFilterToken(token)
  if (!raw) throw badRequest('Invalid export filters')
  const parsed = v.safeParse(schema, raw)
  if (!parsed.success) throw badRequest('Invalid export filters', formatIssues(parsed.issues))
  return parsed.output
}

/** Public /files/exports routes (signed links). */
export function exportFileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  const check = (url: string, query: (k: string) => string | undefined) => {
    if (!verifySignedPath(deps.jwtSecret, new URL(url).pathname, query('expires'), query('sig'), deps.now()))
      throw linkExpired()
  }
  app.get('/orders/:token', (c) => {
    check(c.req.url, (k) => c.req.query(k))
    return ordersCsv(deps.db, filtersOf(OrderListQuerySchema, c.req.param('token')), deps.now())
  })
  app.get('/payments/:token', (c) => {
    check(c.req.url, (k) => c.req.query(k))
    return paymentsCsv(deps.db, filtersOf(PaymentListQuerySchema, c.req.param('token')), deps.now())
  })
  return app
}
