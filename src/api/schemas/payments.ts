/**
 * Payments contract (SPEC.md 2 "Payments"; 3 "Payment"; 4 "Payment status"; 7 "Payments").
 * Amounts in rupees (the server stores paise). Keyset-paged like the orders list (see
 * orders.ts). 'refunded' is a status the data holds beyond SPEC.md's three: it is shown grey, as
 * SPEC.md 4 says of any other value (decision record 011).
 */
import * as v from 'valibot'
import { IsoDateSchema, textSchema } from './common'
import { CursorPaginationSchema, OrderSummarySchema, cursorQueryEntries } from './orders'

/** A payment's statuses, and what the list's filter offers: SPEC.md 2's (All Status, Pending, Completed, Failed), plus refunded. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** GET /api/payments (and export.csv, without cursor/limit). */
export const PaymentListQuerySchema = v.object({
  /** paymentId, order number or transactionId; case-insensitive substring (SPEC.md 5 "Payments"). */
  search: v.optional(textSchema('Search', 200), ''),
  status: v.optional(
    v.picklist(['', 'all', ...PAYMENT_STATUSES], `Status must be one of ${PAYMENT_STATUSES.join(', ')}`),
    '',
  ),
  ...cursorQueryEntries,
})
export type PaymentListQuery = v.InferOutput<typeof PaymentListQuerySchema>

/** A payment (SPEC.md 3): `orderId` is the order's number (ORD-...), `order` its record for links. */
export const PaymentSchema = v.object({
  _id: v.string(),
  paymentId: v.string(),
  orderId: v.nullable(v.string()),
  order: v.nullable(v.object({ _id: v.string(), orderId: v.string() })),
  /** Rupees. */
  amount: v.number(),
  method: v.string(),
  status: v.picklist(PAYMENT_STATUSES),
  transactionId: v.nullable(v.string()),
  createdAt: IsoDateSchema,
})
export type Payment = v.InferOutput<typeof PaymentSchema>

export const PaymentListResponseSchema = v.object({
  success: v.literal(true),
  payments: v.array(PaymentSchema),
  pagination: CursorPaginationSchema,
})
export type PaymentListResponse = v.InferOutput<typeof PaymentListResponseSchema>

/** GET /api/payments/{id}: the payment with its order (null when the order is gone). */
export const PaymentResponseSchema = v.object({
  success: v.literal(true),
  payment: PaymentSchema,
  order: v.nullable(OrderSummarySchema),
})

const StatusTotalSchema = v.object({ count: v.number(), /** Rupees. */ amount: v.number() })
/** GET /api/payments/stats: count and amount per status, and in all. */
export const PaymentStatsResponseSchema = v.object({
  success: v.literal(true),
  stats: v.object({
    total: StatusTotalSchema,
    byStatus: v.object({
      pending: StatusTotalSchema,
      completed: StatusTotalSchema,
      failed: StatusTotalSchema,
      refunded: StatusTotalSchema,
    }),
  }),
})
export type PaymentStats = v.InferOutput<typeof PaymentStatsResponseSchema>['stats']
