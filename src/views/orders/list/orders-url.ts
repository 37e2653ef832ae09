/**
 * The orders list state in the URL query (bookmarkable, SPEC.md 2 "Orders list"):
 * ?search=&status=&from=&to= (the filters) and &order=<record id> (the order open in the side
 * panel, so a reload keeps it open). Unknown or malformed values fall back to 'all'; empty values
 * are left out of the URL. The list pages by cursor as it scrolls, so there is no page number.
 */
import { ORDER_STATUSES, type OrderStatus } from '../../../api/schemas/orders'
import type { OrderListFilters } from '../../../api/orders'

/** The filters plus the order open in the side panel ('' = none). */
export interface OrdersUrlState extends OrderListFilters {
  order: string
  /** Unused (the list scrolls by cursor); present so the shared search-box hook can reset it. */
  page: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '')

/** Parses `location.search` (with or without '?'). A range whose From is after its To drops To. */
export function parseOrdersSearch(search: string): OrdersUrlState {
  const q = new URLSearchParams(search)
  const status = q.get('status') ?? ''
  const from = day(q.get('from'))
  const to = day(q.get('to'))
  return {
    search: q.get('search') ?? '',
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    from,
    to: from && to && from > to ? '' : to,
    order: q.get('order') ?? '',
    page: 1,
  }
}

/** The query string (without '?'), empty values omitted, in a stable order. */
export function toOrdersSearch(state: Partial<OrdersUrlState>): string {
  const q = new URLSearchParams()
  for (const key of ['search', 'status', 'from', 'to', 'order'] as const) if (state[key]) q.set(key, state[key])
  return q.toString()
}

/** The list's address: `/orders` plus the query of `state`. */
export function ordersListPath(state: Partial<OrdersUrlState>): string {
  const query = toOrdersSearch(state)
  return query ? `/orders?${query}` : '/orders'
}

/** Only the list filters of `state` (what the list query and the CSV export read). */
export function listFilters(state: OrderListFilters): OrderListFilters {
  return { search: state.search, status: state.status, from: state.from, to: state.to }
}
