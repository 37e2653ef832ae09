/**
 * Orders in the database (SPEC.md 3 "Order", 4, 7 "Orders"): the keyset-paged filtered
 * list with its exact total, the stats, one order with its notes and payments, the locked status
 * move and the bulk update (each appending an order_notes row in the same transaction), and the
 * batches of the CSV export. Money is read as integer paise and answered in rupees
 * (domain/money.ts); sums are computed in SQL as bigint and converted once.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  canMoveOrder,
  cappedPagination,
  type FilteredCount,
  FILTERED_TOTAL_CAP,
  type OrderBulkAction,
  type OrderBulkResult,
  type OrderDetail,
  type OrderListQuery,
  type OrderStatus,
  type OrderSummary,
} from '../../../src/api/schemas/orders'
import { orderMoveRefusal } from '../../../src/domain/order-moves'
import type { Db } from '../client'
import { orderNotes, orderStatusCounts, orders, paymentStatusTotals, payments, projects, users } from '../schema'
import { escapeLike, qualified, rawRows } from '../sql'
import { countUpTo } from './capped-count'
import { paiseToRupees } from '../../domain/money'
import {
  bulkMessage,
  bulkNote,
  bulkTarget,
  decodeCursor,
  encodeCursor,
  illegalMoveMessage,
  isCalendarDay,
  istDayRange,
  statusLabel,
  type ListCursor,
} from '../../domain/orders'
import { badRequest, conflict, notFound } from '../../http/errors'
import type { Tx } from './projects.queries'
import type { AuditEntry } from './audit.queries'
import { assertUnchanged, type UndoActor, type UndoableChange } from './undo.queries'
import { write } from '../write'
import { assertVersion, nextVersion, splitByVersion, withMovedCount } from '../../domain/versions'
import { nextVersionSql, rowConflicts } from './versions.queries'
import { groupByBefore, undoRecord, type UndoRecord } from '../../domain/undo'

/** The filters of the list and the export (no cursor, no limit). */
export type OrderFilters = Pick<OrderListQuery, 'search' | 'status' | 'from' | 'to'>

/** created_at as stored, to the microsecond, as UTC ISO text: the cursor's key (a JS Date keeps only milliseconds). */
export const cursorTime = (column: SQL | typeof orders.createdAt | typeof payments.createdAt) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/**
 * The searchable text of an order: orders.search_text, kept by the triggers of migration 0017 as
 * lower(order number, record id, customer name, customer e-mail, project title) separated by
 * chr(31), a character no search can contain (textSchema refuses control characters), so a term
 * never matches across two fields. Served by orders_search_trgm_idx.
 */
export const orderSearchText = sql`${orders.searchText}`

/** The WHERE of the filters: search (case-insensitive literal substring), status, and the IST day range (400 for a day that does not exist). */
export function orderFilterWhere(filters: OrderFilters): SQL | undefined {
  const conditions: SQL[] = []
  if (filters.search) conditions.push(sql`${orderSearchText} LIKE ${`%${escapeLike(filters.search.toLowerCase())}%`}`)
  if (filters.status && filters.status !== 'all') conditions.push(eq(orders.status, filters.status))
  if (filters.from && !isCalendarDay(filters.from)) throw badRequest('From must be a date (YYYY-MM-DD)')
  if (filters.to && !isCalendarDay(filters.to)) throw badRequest('To must be a date (YYYY-MM-DD)')
  const { start, end } = istDayRange(filters.from, filters.to)
  if (start) conditions.push(sql`${orders.createdAt} >= ${start.toISOString()}::timestamptz`)
  if (end) conditions.push(sql`${orders.createdAt} < ${end.toISOString()}::timestamptz`)
  return conditions.length ? and(...conditions) : undefined
}

/** Rows strictly after `position` in (created_at desc, id desc). */
export function afterCursor(
  createdAt: typeof orders.createdAt | typeof payments.createdAt,
  id: typeof orders.id | typeof payments.id,
  position: ListCursor,
): SQL {
  return sql`(${createdAt}, ${id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`
}

/** The cursor of `cursor` ('' → none), or a 400 'Invalid cursor'. */
export function parseCursor(cursor: string): ListCursor | undefined {
  if (!cursor) return undefined
  const position = decodeCursor(cursor)
  if (!position) throw badRequest('Invalid cursor')
  return position
}

/**
 * An order's `payment` (its brief in the list): the latest completed payment, else the latest
 * attempt (any status), by created_at then id; none when the order has no payment. A LATERAL
 * subquery per order row, served by payments_order_idx.
 */
function paymentOfOrder(db: Db) {
  return db
    .select({ status: payments.status, method: payments.method })
    .from(payments)
    .where(sql`${payments.orderId} = ${qualified(orders.id)}`)
    .orderBy(sql`(${payments.status} = 'completed') DESC`, desc(payments.createdAt), desc(payments.id))
    .limit(1)
    .as('pay')
}

/** The columns of an order summary (flat) plus its cursor time. */
function summarySelect(db: Db) {
  const pay = paymentOfOrder(db)
  return db
    .select({
      id: orders.id,
      orderId: orders.orderId,
      totalAmountPaise: orders.totalAmountPaise,
      status: orders.status,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      cursorAt: cursorTime(orders.createdAt),
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      projectId: projects.id,
      projectTitle: projects.title,
      projectCategory: projects.category,
      payStatus: pay.status,
      payMethod: pay.method,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(projects, eq(projects.id, orders.projectId))
    .leftJoinLateral(pay, sql`true`)
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summarySelect>['execute']>>[number]

/** A flat row → the contract's OrderSummary (rupees, ISO dates, nulls for deleted user/project, no payment). */
export function toOrderSummary(row: SummaryRow): OrderSummary {
  return {
    _id: row.id,
    orderId: row.orderId,
    user: row.userId ? { _id: row.userId, name: row.userName ?? '', email: row.userEmail ?? '' } : null,
    project: row.projectId
      ? { _id: row.projectId, title: row.projectTitle ?? '', category: row.projectCategory ?? '' }
      : null,
    totalAmount: paiseToRupees(row.totalAmountPaise),
    status: row.status,
    payment: row.payStatus ? { status: row.payStatus, paymentMethod: row.payMethod ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Up to `limit` summaries of the filtered view after `position`, newest first, with each row's cursor time. */
export async function orderSummaryRows(db: Db, filters: OrderFilters, position: ListCursor | undefined, limit: number) {
  const where = and(
    orderFilterWhere(filters),
    position ? afterCursor(orders.createdAt, orders.id, position) : undefined,
  )
  return summarySelect(db).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit)
}

/**
 * The number of orders the filters match. Without a search or a date range it is exact, read from
 * order_status_counts (kept by the triggers of migration 0020) instead of counting the orders;
 * with one it is counted up to FILTERED_TOTAL_CAP + 1 rows (cappedPagination reads the extra row).
 */
export async function countOrders(db: Db, filters: OrderFilters): Promise<FilteredCount> {
  if (!filters.search && !filters.from && !filters.to) {
    const status = filters.status && filters.status !== 'all' ? filters.status : undefined
    const [row] = await db
      .select({ n: sql<string>`coalesce(sum(${orderStatusCounts.n}), 0)::bigint::text` })
      .from(orderStatusCounts)
      .where(status ? eq(orderStatusCounts.status, status) : undefined)
    return { rows: Number(row.n), upToCap: false }
  }
  return { rows: await countUpTo(db, orders, orderFilterWhere(filters), FILTERED_TOTAL_CAP + 1), upToCap: true }
}

/**
 * One page of GET /api/orders: `limit` rows after `cursor` (newest first, keyset on (created_at,
 * id), so rows inserted meanwhile never shift a page), the total of the filtered set (capped with
 * a search or a date range, countOrders), and
 * the next cursor (null on the last page). A cursor this server did not make → 400 'Invalid cursor'.
 * `total`: how the total of these filters is had, by default countOrders (routes/orders.routes.ts
 * passes its cache of totals, so the next pages of a walk do not count again); run alongside the
 * page's rows.
 */
export async function listOrders(
  db: Db,
  query: OrderListQuery,
  total: () => Promise<FilteredCount> = () => countOrders(db, query),
) {
  const position = parseCursor(query.cursor)
  const [rows, counted] = await Promise.all([orderSummaryRows(db, query, position, query.limit + 1), total()])
  const { page, pagination } = keysetPage(rows, query.limit, counted)
  return { orders: page.map(toOrderSummary), pagination }
}

/**
 * A keyset page from `rows` read with `limit + 1` (the extra row says there is a next page): the
 * first `limit` rows and the pagination, whose next cursor is the last row's (created_at as stored, id).
 */
export function keysetPage<Row extends { cursorAt: string; id: string }>(
  rows: Row[],
  limit: number,
  counted: FilteredCount,
) {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  const nextCursor = rows.length > limit && last ? encodeCursor({ createdAt: last.cursorAt, id: last.id }) : null
  return { page, pagination: cappedPagination(nextCursor, counted) }
}

/**
 * GET /api/orders/stats: counts of all, pending and completed orders; revenue = sum of completed
 * payments, rupees. Read in one statement (one snapshot) from order_status_counts and
 * payment_status_totals, kept exact by the triggers of migration 0020.
 */
export async function orderStats(db: Db) {
  const [row] = await rawRows<{ total: string; pending: string; completed: string; paise: string }>(
    db,
    sql`SELECT
    (SELECT coalesce(sum(n), 0)::bigint::text FROM ${orderStatusCounts}) AS total,
    (SELECT coalesce(sum(n), 0)::bigint::text FROM ${orderStatusCounts} WHERE status = 'pending') AS pending,
    (SELECT coalesce(sum(n), 0)::bigint::text FROM ${orderStatusCounts} WHERE status = 'completed') AS completed,
    (SELECT coalesce(sum(amount_paise), 0)::bigint::text FROM ${paymentStatusTotals} WHERE status = 'completed') AS paise`,
  )
  const counts = { total: Number(row.total), pending: row.pending, completed: row.completed }
  const revenue = { paise: row.paise }
  return {
    overview: {
      totalOrders: counts.total,
      pendingOrders: Number(counts.pending),
      completedOrders: Number(counts.completed),
      totalRevenue: paiseToRupees(Number(revenue.paise)),
    },
  }
}

/** The summary of one order, or null. */
export async function findOrderSummary(db: Db, id: string): Promise<OrderSummary | null> {
  const [row] = await summarySelect(db).where(eq(orders.id, id)).limit(1)
  return row ? toOrderSummary(row) : null
}

/** GET /api/orders/{id}: the order with add-ons, referrer, notes (oldest first, with who) and payments (newest first); 404 'Order not found'. */
export async function findOrderDetail(db: Db, id: string): Promise<OrderDetail> {
  const summary = await findOrderSummary(db, id)
  if (!summary) throw notFound('Order not found')
  const referrer = alias(users, 'referrer')
  const author = alias(users, 'author')
  const [[extra], notes, pays] = await Promise.all([
    db
      .select({
        withCustomization: orders.withCustomization,
        withInstallation: orders.withInstallation,
        withReport: orders.withReport,
        referrerId: referrer.id,
        referrerName: referrer.name,
        referrerCode: referrer.agentCode,
      })
      .from(orders)
      .leftJoin(referrer, eq(referrer.id, orders.referrerId))
      .where(eq(orders.id, id)),
    db
      .select({
        id: orderNotes.id,
        status: orderNotes.status,
        note: orderNotes.note,
        createdAt: orderNotes.createdAt,
        authorName: author.name,
        authorEmail: author.email,
      })
      .from(orderNotes)
      .leftJoin(author, eq(author.id, orderNotes.createdBy))
      .where(eq(orderNotes.orderId, id))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(desc(payments.createdAt), desc(payments.id)),
  ])
  if (!extra) throw notFound('Order not found')
  return {
    ...summary,
    withCustomization: extra.withCustomization,
    withInstallation: extra.withInstallation,
    withReport: extra.withReport,
    referrer: extra.referrerId
      ? { _id: extra.referrerId, name: extra.referrerName ?? '', agentCode: extra.referrerCode ?? null }
      : null,
    notes: notes.map((n) => ({
      _id: n.id,
      status: n.status,
      note: n.note,
      createdAt: n.createdAt.toISOString(),
      createdBy: n.authorName !== null ? { name: n.authorName, email: n.authorEmail ?? '' } : null,
    })),
    payments: pays.map((p) => ({
      _id: p.id,
      paymentId: p.paymentId,
      amount: paiseToRupees(p.amountPaise),
      method: p.method,
      status: p.status,
      transactionId: p.transactionId,
      createdAt: p.createdAt.toISOString(),
    })),
  }
}

/** Who acts, from where (audit). */
export type Actor = { actorId: string; ip: string | null }

/**
 * PUT /api/orders/{id}/status: in one transaction, lock the order (FOR UPDATE), refuse a move
 * ORDER_TRANSITIONS does not allow (409 "Cannot move order ORD-… from completed to cancelled"),
 * else set the status and append an order_notes row (status, note, the admin) and an audit row.
 * Answers the order after the move and the message ('Order status updated to in progress').
 * With `version` (If-Match, decision 041): 409 version_conflict unless the order is that version.
 */
export async function moveOrder(
  db: Db,
  id: string,
  to: OrderStatus,
  note: string,
  actor: Actor,
  now: Date = new Date(),
  version: string | null = null,
) {
  await write(db, {
    transaction: async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, orderId: orders.orderId, status: orders.status, updatedAt: orders.updatedAt })
        .from(orders)
        .where(eq(orders.id, id))
        .for('update')
      if (!order) throw notFound('Order not found')
      assertVersion('order', order, version)
      if (!canMoveOrder(order.status, to)) throw conflict(illegalMoveMessage(order.orderId, order.status, to))
      const at = nextVersion(order.updatedAt, now)
      await tx.update(orders).set({ status: to, updatedAt: at }).where(eq(orders.id, id))
      await tx.insert(orderNotes).values({ orderId: id, status: to, note, createdBy: actor.actorId })
      const entry = {
        actorId: actor.actorId,
        action: 'order.status',
        entityType: 'order',
        entityId: id,
        before: { status: order.status },
        after: { status: to, note },
        ip: actor.ip,
        at,
      }
      return { result: undefined, audit: [entry] }
    },
  })
  return { message: `Order status updated to ${statusLabel(to)}`, order: await findOrderDetail(db, id) }
}

/**
 * PUT /api/orders/bulk-update: in one transaction, lock the given orders in id order (FOR UPDATE),
 * move each one the action legally can (with a note 'Bulk confirm' by the admin and an audit
 * row) and report each other one: an illegal move with its status and reason, an unknown id with
 * reason 'Order not found' (status null). Duplicated ids count once. The moves are undoable (kind
 * 'order.status'; `undo` null when none moved). An order not at its version in `versions` is left
 * as it is and reported in `conflicts` (decision 041).
 */
export async function bulkMoveOrders(
  db: Db,
  ids: readonly string[],
  action: OrderBulkAction,
  actor: Actor,
  now: Date,
  versions?: Readonly<Record<string, string>>,
): Promise<OrderBulkResult> {
  const to = bulkTarget(action)
  const { result, undo } = await write(db, {
    transaction: async (tx) => {
      const read = await tx
        .select({ id: orders.id, orderId: orders.orderId, status: orders.status, updatedAt: orders.updatedAt })
        .from(orders)
        .where(inArray(orders.id, [...new Set(ids)]))
        .orderBy(asc(orders.id))
        .for('update')
      const { current: locked, moved: changedSince } = splitByVersion(read, versions)
      const left = new Set(changedSince.map((o) => o.id))
      const unique = [...new Set(ids)].filter((id) => !left.has(id))
      const byId = new Map(locked.map((o) => [o.id, o]))
      const movable = locked.filter((o) => canMoveOrder(o.status, to))
      const failed: OrderBulkResult['failed'] = []
      for (const id of unique) {
        const order = byId.get(id)
        if (!order) failed.push({ _id: id, orderId: '', status: null, reason: 'Order not found' })
        else {
          // The rule the list's commands offer by: the client sends only these, so a refusal here is a race.
          const refusal = orderMoveRefusal(order.status, to)
          if (refusal) failed.push({ _id: id, orderId: order.orderId, status: order.status, reason: refusal.reason })
        }
      }
      const outcome = {
        result: { failed, moved: movable.length, changedSince },
        audit: [] as AuditEntry[],
        undo: undefined as UndoableChange | undefined,
      }
      if (movable.length) {
        const movedIds = movable.map((o) => o.id)
        const updated = await tx
          .update(orders)
          .set({ status: to, updatedAt: nextVersionSql(orders.updatedAt, now) })
          .where(inArray(orders.id, movedIds))
          .returning({ id: orders.id, updatedAt: orders.updatedAt })
        const notes = await tx
          .insert(orderNotes)
          .values(
            movedIds.map((orderId) => ({ orderId, status: to, note: bulkNote(action), createdBy: actor.actorId })),
          )
          .returning({ id: orderNotes.id, orderId: orderNotes.orderId })
        const version = new Map(updated.map((u) => [u.id, u.updatedAt]))
        outcome.audit = movable.map((o) => ({
          actorId: actor.actorId,
          action: 'order.status',
          entityType: 'order',
          entityId: o.id,
          before: { status: o.status },
          after: { status: to, note: bulkNote(action) },
          ip: actor.ip,
          at: version.get(o.id),
        }))
        const noteOf = new Map(notes.map((n) => [n.orderId, n.id]))
        outcome.undo = {
          kind: 'order.status',
          actorId: actor.actorId,
          now,
          records: movable.map((o) => undoRecord(o.id, o, { status: to }, version.get(o.id)!, noteOf.get(o.id))),
        }
      }
      return outcome
    },
  })
  const conflicts = await rowConflicts(db, 'order', result.changedSince)
  return {
    success: true as const,
    message: withMovedCount(bulkMessage(action, result.moved, result.failed.length), conflicts.length),
    updated: result.moved,
    failed: result.failed,
    undo,
    ...(versions ? { conflicts } : {}),
  }
}

/**
 * Undo of 'order.status' (undo-restore.queries.ts): each order's previous status back and the note
 * the move wrote deleted, even where ORDER_TRANSITIONS has no move back (a cancel or a completion
 * undone within the window: nothing acted on it yet; decision 014); 409 when an order changed since.
 */
export async function restoreOrderStatuses(tx: Tx, records: UndoRecord[], _actor: UndoActor, now: Date): Promise<void> {
  const rows = await tx
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        records.map((r) => r.id),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update')
  assertUnchanged(rows, records)
  for (const { before, ids } of groupByBefore(records)) {
    await tx
      .update(orders)
      .set({ status: before.status as OrderStatus, updatedAt: nextVersionSql(orders.updatedAt, now) })
      .where(inArray(orders.id, ids))
  }
  const created = records.flatMap((r) => (r.created ? [r.created] : []))
  if (created.length) await tx.delete(orderNotes).where(inArray(orderNotes.id, created))
}
