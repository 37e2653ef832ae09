/**
 * Orders contract (SPEC.md 2 "Orders list"; 3 "Order"; 4 "Order status"; 7 "Orders"; 8).
 * Money travels in rupees (number, 2 decimals); the server stores paise. Lists are
 * keyset-paged: newest first, `cursor` is the opaque `nextCursor` of the previous page, and a page
 * never skips or repeats a row while new orders arrive. Dates of the range filter are calendar days
 * in India (Asia/Kolkata), both ends inclusive.
 *
 * Status transitions (SPEC.md 4, enforced by the server; the old client set any status on any
 * order): pending → confirmed → in_progress → completed; cancel from any state but completed and
 * cancelled. ORDER_TRANSITIONS is the one table both sides read.
 */
import * as v from 'valibot'
import { IsoDateSchema, textSchema } from './common'
import { strictMessage } from './fields'
import { RowConflictSchema, RowVersionsSchema } from './versions'
import { undoEntry } from './undo'

export const ORDER_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** Every legal move: from → the statuses it may go to. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
}
/** True when an order in `from` may move to `to` (SPEC.md 4). */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to)
}
/** The row actions of SPEC.md 4 and the status each sets. */
export const ORDER_ACTIONS = {
  confirm: 'confirmed',
  start: 'in_progress',
  complete: 'completed',
  cancel: 'cancelled',
} as const
export type OrderAction = keyof typeof ORDER_ACTIONS
/** Bulk actions of SPEC.md 2: Confirm, Complete, Cancel. */
export const ORDER_BULK_ACTIONS = ['confirm', 'complete', 'cancel'] as const
export type OrderBulkAction = (typeof ORDER_BULK_ACTIONS)[number]
/** SPEC.md 9: the short id is the last 6 characters of the record id. */
export const ORDER_SHORT_ID_LENGTH = 6
/** Page size of the keyset-paged lists (orders, payments): default and maximum. */
export const CURSOR_PAGE = { default: 50, max: 200 } as const
/** At most this many orders in one bulk update. */
export const ORDER_BULK_MAX = 500
export const ORDER_NOTE_MAX = 1000

/** The last 6 characters of an order's record id (SPEC.md 2, 9). */
export function shortOrderId(id: string): string {
  return id.slice(-ORDER_SHORT_ID_LENGTH)
}

const day = (label: string) =>
  v.optional(
    v.union(
      [v.literal(''), v.pipe(v.string(), v.isoDate(`${label} must be a date (YYYY-MM-DD)`))],
      `${label} must be a date (YYYY-MM-DD)`,
    ),
    '',
  )
/** Page size and cursor of a keyset-paged list query. */
export const cursorQueryEntries = {
  cursor: v.optional(
    v.pipe(v.string(), v.maxLength(200, 'Invalid cursor'), v.regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor')),
    '',
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'Limit must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'Limit must be at least 1'),
      v.maxValue(CURSOR_PAGE.max, `Limit cannot exceed ${CURSOR_PAGE.max}`),
    ),
    String(CURSOR_PAGE.default),
  ),
}

/** GET /api/orders (and export.csv, without cursor/limit): search, status, date range in IST. */
export const OrderListQuerySchema = v.pipe(
  v.object({
    /** Order id (human or record id), customer name or e-mail, project title; case-insensitive substring. */
    search: v.optional(textSchema('Search', 200), ''),
    status: v.optional(
      v.picklist(['', 'all', ...ORDER_STATUSES], `Status must be one of ${ORDER_STATUSES.join(', ')}`),
      '',
    ),
    from: day('From'),
    to: day('To'),
    ...cursorQueryEntries,
  }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'From must be on or before To'),
)
export type OrderListQuery = v.InferOutput<typeof OrderListQuerySchema>

const PaymentBriefSchema = v.object({ status: v.string(), paymentMethod: v.string() })

/** One row of the orders list (SPEC.md 3 "Order"); `payment` is the latest completed payment, else the latest attempt. */
export const OrderSummarySchema = v.object({
  _id: v.string(),
  /** The row's version as listed (live.ts "Versions"): a bulk write sends it back in `versions`. */
  updatedAt: IsoDateSchema,
  /** Human order number, e.g. ORD-2026-000123. */
  orderId: v.string(),
  user: v.nullable(v.object({ _id: v.string(), name: v.string(), email: v.string() })),
  project: v.nullable(v.object({ _id: v.string(), title: v.string(), category: v.string() })),
  /** Rupees. */
  totalAmount: v.number(),
  status: v.picklist(ORDER_STATUSES),
  payment: v.nullable(PaymentBriefSchema),
  createdAt: IsoDateSchema,
})
export type OrderSummary = v.InferOutput<typeof OrderSummarySchema>

/**
 * The most rows a filtered count of orders or payments counts (a search, a date range): a
 * broader filter answers `total: 1000, totalCapped: true`, and the screen says "1,000+"
 * (docs/decisions/050, 055). Over a million orders a broad search's page costs ~5 ms; its count
 * up to 10,000 cost 30-90 ms, up to 1,000 2-15 ms. Unfiltered and status-only totals are exact
 * (kept by triggers, not counted).
 */
export const FILTERED_TOTAL_CAP = 1_000

/**
 * `total`: rows matching the filters, at most FILTERED_TOTAL_CAP when `totalCapped` is true (then
 * more match); `nextCursor`: null on the last page.
 */
export const CursorPaginationSchema = v.object({
  nextCursor: v.nullable(v.string()),
  total: v.number(),
  totalCapped: v.optional(v.literal(true)),
})

/**
 * The size of a filtered set as the server had it: exact (`upToCap` false: kept by triggers, any
 * size), or counted up to one past FILTERED_TOTAL_CAP (`upToCap` true), where that one extra row
 * says the cap was reached.
 */
export type FilteredCount = { rows: number; upToCap: boolean }

/** The pagination of a page whose filters matched `counted`: capped only when counted up to the cap and past it. */
export function cappedPagination(
  nextCursor: string | null,
  counted: FilteredCount,
): v.InferOutput<typeof CursorPaginationSchema> {
  return counted.upToCap && counted.rows > FILTERED_TOTAL_CAP
    ? { nextCursor, total: FILTERED_TOTAL_CAP, totalCapped: true }
    : { nextCursor, total: counted.rows }
}

export const OrderListResponseSchema = v.object({
  success: v.literal(true),
  orders: v.array(OrderSummarySchema),
  pagination: CursorPaginationSchema,
})
export type OrderListResponse = v.InferOutput<typeof OrderListResponseSchema>

/** GET /api/orders/stats (SPEC.md 3 "Order stats"); revenue is the sum of completed payments, rupees. */
export const OrderStatsResponseSchema = v.object({
  success: v.literal(true),
  stats: v.object({
    overview: v.object({
      totalOrders: v.number(),
      pendingOrders: v.number(),
      completedOrders: v.number(),
      totalRevenue: v.number(),
    }),
  }),
})
export type OrderStats = v.InferOutput<typeof OrderStatsResponseSchema>['stats']

/** A status note: who moved the order where, when, and why. `createdBy` null: the system or a deleted admin. */
export const OrderNoteSchema = v.object({
  _id: v.string(),
  status: v.picklist(ORDER_STATUSES),
  note: v.string(),
  createdAt: IsoDateSchema,
  createdBy: v.nullable(v.object({ name: v.string(), email: v.string() })),
})
export type OrderNote = v.InferOutput<typeof OrderNoteSchema>

/** A payment of an order, as the order detail lists them (newest first). Amount in rupees. */
export const OrderPaymentSchema = v.object({
  _id: v.string(),
  paymentId: v.string(),
  amount: v.number(),
  method: v.string(),
  status: v.picklist(['pending', 'completed', 'failed', 'refunded']),
  transactionId: v.nullable(v.string()),
  createdAt: IsoDateSchema,
})

/** GET /api/orders/{id}: the order with its add-ons, notes (oldest first) and payments. */
export const OrderDetailSchema = v.object({
  ...OrderSummarySchema.entries,
  withCustomization: v.boolean(),
  withInstallation: v.boolean(),
  withReport: v.boolean(),
  referrer: v.nullable(v.object({ _id: v.string(), name: v.string(), agentCode: v.nullable(v.string()) })),
  notes: v.array(OrderNoteSchema),
  payments: v.array(OrderPaymentSchema),
})
export type OrderDetail = v.InferOutput<typeof OrderDetailSchema>
export const OrderResponseSchema = v.object({ success: v.literal(true), order: OrderDetailSchema })
export const OrderMessageResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  order: OrderDetailSchema,
})

/** PUT /api/orders/{id}/status {status, notes}: a legal move (ORDER_TRANSITIONS) with an optional note. */
export const OrderStatusUpdateSchema = v.strictObject(
  {
    status: v.picklist(ORDER_STATUSES, `Status must be one of ${ORDER_STATUSES.join(', ')}`),
    notes: v.optional(textSchema('Notes', ORDER_NOTE_MAX, { multiline: true }), ''),
  },
  strictMessage({ status: 'Status is required' }),
)

/** PUT /api/orders/bulk-update {orderIds, action}: one transaction; legal moves are made, the rest reported. */
export const OrderBulkUpdateSchema = v.strictObject(
  {
    orderIds: v.pipe(
      v.array(v.pipe(v.string(), v.uuid('Invalid id')), 'orderIds must be a list of order ids'),
      v.minLength(1, 'Please select orders to update'),
      v.maxLength(ORDER_BULK_MAX, `At most ${ORDER_BULK_MAX} orders at once`),
    ),
    action: v.picklist(ORDER_BULK_ACTIONS, `Action must be one of ${ORDER_BULK_ACTIONS.join(', ')}`),
    versions: v.optional(RowVersionsSchema),
  },
  strictMessage({ orderIds: 'Please select orders to update', action: 'Action is required' }),
)

/**
 * The answer of a bulk update: how many moved, and each order that could not with its reason. An
 * id that names no order is reported with reason 'Order not found', `orderId` '' and `status` null.
 */
export const OrderBulkResponseSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  updated: v.number(),
  failed: v.array(
    v.object({
      _id: v.string(),
      orderId: v.string(),
      status: v.nullable(v.picklist(ORDER_STATUSES)),
      reason: v.string(),
    }),
  ),
  ...undoEntry,
  /** With `versions` in the request: the orders left unchanged because they changed since loaded. */
  conflicts: v.optional(v.array(RowConflictSchema)),
})
export type OrderBulkResult = v.InferOutput<typeof OrderBulkResponseSchema>

/**
 * GET /api/orders/export-link and /api/payments/export-link (same filters as the list): a signed,
 * expiring link to the CSV of the current filtered view, which the browser downloads natively
 * (streamed to disk; the link carries no token, only a signature). The bearer-token routes GET
 * /api/orders/export.csv and /api/payments/export.csv serve the same CSV to API clients.
 */
export const ExportLinkResponseSchema = v.object({ success: v.literal(true), downloadUrl: v.string() })
