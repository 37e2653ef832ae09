/**
 * Payments in the database (SPEC.md 3 "Payment", 7 "Payments"): the keyset-paged list
 * (search over paymentId, order number and transactionId, case-insensitive literal substring;
 * status), one payment with its order, per-status stats, and the batches of the CSV export.
 * 'refunded' is returned as stored (decision 011). Amounts: paise in, rupees out; sums in SQL.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { FILTERED_TOTAL_CAP, type FilteredCount } from '../../../src/api/schemas/orders'
import type { Payment, PaymentListQuery, PaymentStats } from '../../../src/api/schemas/payments'
import type { Db } from '../client'
import { orders, paymentStatusTotals, payments } from '../schema'
import { escapeLike } from '../sql'
import { countUpTo } from './capped-count'
import { paiseToRupees } from '../../domain/money'
import type { ListCursor } from '../../domain/orders'
import { notFound } from '../../http/errors'
import { afterCursor, cursorTime, findOrderSummary, keysetPage, parseCursor } from './orders.queries'

/** The filters of the list and the export. */
export type PaymentFilters = Pick<PaymentListQuery, 'search' | 'status'>

/**
 * paymentId, order number and transactionId, lower-cased, separated by chr(31) (no search holds
 * it): payments.search_text, kept by the triggers of migration 0018, served by payments_search_trgm_idx.
 */
export const paymentSearchText = sql`${payments.searchText}`

/** The WHERE of the filters. */
export function paymentFilterWhere(filters: PaymentFilters): SQL | undefined {
  const conditions: SQL[] = []
  if (filters.search) conditions.push(sql`${paymentSearchText} LIKE ${`%${escapeLike(filters.search.toLowerCase())}%`}`)
  if (filters.status && filters.status !== 'all') conditions.push(eq(payments.status, filters.status))
  return conditions.length ? and(...conditions) : undefined
}

function paymentSelect(db: Db) {
  return db
    .select({
      id: payments.id,
      paymentId: payments.paymentId,
      amountPaise: payments.amountPaise,
      method: payments.method,
      status: payments.status,
      transactionId: payments.transactionId,
      createdAt: payments.createdAt,
      cursorAt: cursorTime(payments.createdAt),
      orderRecordId: orders.id,
      orderNumber: orders.orderId,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentSelect>['execute']>>[number]

/** A row → the contract's Payment (rupees; `orderId` the order number, null when the order is gone). */
export function toPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    paymentId: row.paymentId,
    orderId: row.orderNumber ?? null,
    order: row.orderRecordId && row.orderNumber ? { _id: row.orderRecordId, orderId: row.orderNumber } : null,
    amount: paiseToRupees(row.amountPaise),
    method: row.method,
    status: row.status,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Up to `limit` payments of the filtered view after `position`, newest first (created_at desc, id desc). */
export async function paymentRows(db: Db, filters: PaymentFilters, position: ListCursor | undefined, limit: number) {
  const where = and(
    paymentFilterWhere(filters),
    position ? afterCursor(payments.createdAt, payments.id, position) : undefined,
  )
  return paymentSelect(db).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit)
}

/**
 * The number of payments the filters match: exact without a search (from payment_status_totals),
 * else counted up to FILTERED_TOTAL_CAP + 1 rows (cappedPagination reads the extra row).
 */
export async function countPayments(db: Db, filters: PaymentFilters): Promise<FilteredCount> {
  if (!filters.search) {
    // Without a search: from payment_status_totals (migration 0020) instead of counting the payments.
    const status = filters.status && filters.status !== 'all' ? filters.status : undefined
    const [totals] = await db
      .select({ n: sql<string>`coalesce(sum(${paymentStatusTotals.n}), 0)::bigint::text` })
      .from(paymentStatusTotals)
      .where(status ? eq(paymentStatusTotals.status, status) : undefined)
    return { rows: Number(totals.n), upToCap: false }
  }
  return { rows: await countUpTo(db, payments, paymentFilterWhere(filters), FILTERED_TOTAL_CAP + 1), upToCap: true }
}

/**
 * One page of GET /api/payments (keyset like the orders list; 400 'Invalid cursor'); `total` as
 * in listOrders (routes/payments.routes.ts passes its cache of totals).
 */
export async function listPayments(
  db: Db,
  query: PaymentListQuery,
  total: () => Promise<FilteredCount> = () => countPayments(db, query),
) {
  const position = parseCursor(query.cursor)
  const [rows, counted] = await Promise.all([paymentRows(db, query, position, query.limit + 1), total()])
  const { page, pagination } = keysetPage(rows, query.limit, counted)
  return { payments: page.map(toPayment), pagination }
}

/** GET /api/payments/{id}: the payment and its order's summary (null when gone); 404 'Payment not found'. */
export async function findPayment(db: Db, id: string) {
  const [row] = await paymentSelect(db).where(eq(payments.id, id)).limit(1)
  if (!row) throw notFound('Payment not found')
  return { payment: toPayment(row), order: row.orderRecordId ? await findOrderSummary(db, row.orderRecordId) : null }
}

/** GET /api/payments/stats: count and amount (rupees; summed as bigint paise in SQL) per status and in all. */
export async function paymentStats(db: Db): Promise<PaymentStats> {
  // From payment_status_totals (kept exact by the triggers of migration 0020), not a scan of payments.
  const rows = await db
    .select({
      status: paymentStatusTotals.status,
      n: sql<number>`${paymentStatusTotals.n}::int`,
      paise: sql<string>`${paymentStatusTotals.amountPaise}::text`,
    })
    .from(paymentStatusTotals)
  const zero = { count: 0, amount: 0 }
  const byStatus: PaymentStats['byStatus'] = { pending: zero, completed: zero, failed: zero, refunded: zero }
  let totalCount = 0
  let totalPaise = 0n
  for (const row of rows) {
    byStatus[row.status] = { count: row.n, amount: paiseToRupees(Number(row.paise)) }
    totalCount += row.n
    totalPaise += BigInt(row.paise)
  }
  return { total: { count: totalCount, amount: paiseToRupees(Number(totalPaise)) }, byStatus }
}
