/**
 * Pure rules of orders and payments (SPEC.md 4 "Order status"): the keyset cursor of the
 * lists, the India-time bounds of the date filter, the texts of status moves and bulk updates, and
 * the base64url filter token carried by signed export links. No I/O.
 */
import { ORDER_ACTIONS, type OrderBulkAction, type OrderStatus } from '../../src/api/schemas/orders'
import { orderStatusWords } from '../../src/domain/order-moves'
import type { ListFilter } from './row-changes'

/** A position in a list ordered (created_at desc, id desc): created_at as stored (microseconds, UTC ISO text) and the id. */
export type ListCursor = { createdAt: string; id: string }

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The opaque cursor of `position`: base64url of `createdAt|id`. */
export function encodeCursor(position: ListCursor): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url')
}

/** The position a cursor names, or null when it is not one this server made ('' is no cursor: also null). */
export function decodeCursor(cursor: string): ListCursor | null {
  if (!cursor || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (rest.length || !createdAt || !id || !ISO_MICROS.test(createdAt) || !UUID.test(id)) return null
  // A real instant PostgreSQL accepts: no 30 February (Date.parse rolls it over), no year 0.
  const time = Date.parse(createdAt)
  if (
    Number.isNaN(time) ||
    createdAt.startsWith('0000') ||
    new Date(time).toISOString().slice(0, 19) !== createdAt.slice(0, 19)
  ) {
    return null
  }
  return { createdAt, id }
}

/** India Standard Time: UTC+05:30 all year (no daylight saving). */
const IST_OFFSET = '+05:30'

/**
 * The instants bounding the calendar days `from`..`to` (YYYY-MM-DD, India time, both inclusive):
 * `start` is 00:00 IST of `from`, `end` (exclusive) is 00:00 IST of the day after `to`; each
 * undefined when its day is ''.
 */
export function istDayRange(from: string, to: string): { start?: Date; end?: Date } {
  const start = from ? new Date(`${from}T00:00:00${IST_OFFSET}`) : undefined
  const end = to ? new Date(new Date(`${to}T00:00:00${IST_OFFSET}`).getTime() + 24 * 60 * 60 * 1000) : undefined
  return { start, end }
}

/**
 * What a change list can tell of an orders list query (domain/row-changes.ts): its status, its
 * IST day range in µs and whether it searches; valid filters only (the list has answered them).
 */
export function orderListFilter(filters: { search: string; status: string; from: string; to: string }): ListFilter {
  const { start, end } = istDayRange(filters.from, filters.to)
  return {
    status: filters.status && filters.status !== 'all' ? filters.status : undefined,
    from: start && start.getTime() * 1000,
    to: end && end.getTime() * 1000,
    search: filters.search !== '',
  }
}

/** True when `day` (YYYY-MM-DD) is a real calendar day from year 1 on (no 30 February, no year 0). */
export function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`)
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(day) &&
    !day.startsWith('0000') &&
    !Number.isNaN(time) &&
    new Date(time).toISOString().slice(0, 10) === day
  )
}

/** Today's calendar day in India (YYYY-MM-DD), for export file names. */
export function istDay(now: Date): string {
  return new Date(now.getTime() + 330 * 60 * 1000).toISOString().slice(0, 10)
}

/** 'in_progress' → 'in progress' (the words the client shows too). */
export const statusLabel = orderStatusWords

/** 409 text of an illegal move: "Cannot move order ORD-2026-000123 from completed to cancelled". */
export function illegalMoveMessage(orderId: string, from: OrderStatus, to: OrderStatus): string {
  return `Cannot move order ${orderId} from ${statusLabel(from)} to ${statusLabel(to)}`
}

/** The note a bulk action writes on each order it moves: 'Bulk confirm'. */
export function bulkNote(action: OrderBulkAction): string {
  return `Bulk ${action}`
}

/** The status a bulk action sets. */
export function bulkTarget(action: OrderBulkAction): OrderStatus {
  return ORDER_ACTIONS[action]
}

/** '2 orders confirmed, 1 could not be changed' / '1 order cancelled' / '0 orders completed, 3 could not be changed'. */
export function bulkMessage(action: OrderBulkAction, updated: number, failed: number): string {
  const moved = `${updated} ${updated === 1 ? 'order' : 'orders'} ${statusLabel(bulkTarget(action))}`
  return failed ? `${moved}, ${failed} could not be changed` : moved
}

/** Filters as a path segment of a signed export link: base64url of their JSON (empty ones left out). */
export function encodeFilterToken(filters: Record<string, string>): string {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''))
  return Buffer.from(JSON.stringify(kept), 'utf8').toString('base64url')
}

/** The filters of a token (strings only), or null when it is not one. Validate the result with the list schema. */
export function decodeFilterToken(token: string): Record<string, string> | null {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(token)) return null
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null
    const entries = Object.entries(parsed as Record<string, unknown>)
    if (!entries.every(([, value]) => typeof value === 'string')) return null
    return Object.fromEntries(entries) as Record<string, string>
  } catch {
    return null
  }
}
