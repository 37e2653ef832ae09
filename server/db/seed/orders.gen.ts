/**
 * Demo orders (SPEC.md 3 "Order", 4 "Order status") with their payments and status notes. Payment
 * states follow the order: pending → one pending payment; confirmed, in_progress, completed → one
 * completed payment (sometimes after a failed attempt); cancelled → one failed payment.
 */
import type { ProjectRef } from './projects.gen'
import { later, recentDate, timeline, type Rng } from './random'
import type { Row, TableSpec } from './writer'

export const ORDER_TABLE: TableSpec = {
  table: 'orders',
  columns: [
    'id',
    'order_id',
    'user_id',
    'project_id',
    'referrer_id',
    'total_amount_paise',
    'with_customization',
    'with_installation',
    'with_report',
    'status',
    'created_at',
    'updated_at',
  ],
}
export const PAYMENT_TABLE: TableSpec = {
  table: 'payments',
  columns: [
    'id',
    'payment_id',
    'order_id',
    'amount_paise',
    'method',
    'status',
    'transaction_id',
    'created_at',
    'updated_at',
  ],
}
export const ORDER_NOTE_TABLE: TableSpec = {
  table: 'order_notes',
  columns: ['id', 'order_id', 'status', 'note', 'created_by', 'created_at'],
}

export const ORDER_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const
type OrderStatus = (typeof ORDER_STATUSES)[number]

const DAY = 86_400_000
const INSTALLATION_PAISE = 99_900
const NOTE_TEXT: Record<OrderStatus, string> = {
  pending: 'Order placed',
  confirmed: 'Payment received, order confirmed',
  in_progress: 'Work started on delivery',
  completed: 'Source code and report delivered',
  cancelled: "Cancelled at the customer's request",
}
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** How many of `sorted` (by createdAt) were created before `at` (binary search). */
function createdBefore(sorted: ProjectRef[], at: Date): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid].createdAt < at) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Status by order age: recent orders are still open, old ones mostly completed. */
function statusFor(rng: Rng, ageMs: number): OrderStatus {
  if (ageMs < 3 * DAY) return rng.weighted({ pending: 50, confirmed: 25, in_progress: 10, completed: 0, cancelled: 15 })
  if (ageMs < 30 * DAY)
    return rng.weighted({ pending: 15, confirmed: 20, in_progress: 25, completed: 30, cancelled: 10 })
  return rng.weighted({ pending: 4, confirmed: 3, in_progress: 3, completed: 75, cancelled: 15 })
}

/** `projects` must be sorted by createdAt. */
export type OrderContext = {
  now: Date
  projects: ProjectRef[]
  customerIds: string[]
  agentIds: string[]
  adminIds: string[]
}

/** Order `n` (0-based; the first five cover every status) → its order, payment and note rows. */
export function makeOrder(rng: Rng, n: number, ctx: OrderContext) {
  let createdAt = recentDate(rng, ctx.now)
  // ctx.projects is sorted by createdAt: buy one that existed at that time.
  const existing = createdBefore(ctx.projects, createdAt)
  const project = ctx.projects[existing ? rng.int(0, existing - 1) : 0]
  if (!existing) createdAt = timeline(rng, project.createdAt, 1, DAY, ctx.now)[0]
  const status = n < 5 ? ORDER_STATUSES[n] : statusFor(rng, ctx.now.getTime() - createdAt.getTime())
  const withCustomization = project.customizationPaise > 0 && rng.chance(0.3)
  const withInstallation = rng.chance(0.25)
  const withReport = project.reportPaise > 0 && rng.chance(0.4)
  const total =
    project.pricePaise +
    (withCustomization ? project.customizationPaise : 0) +
    (withInstallation ? INSTALLATION_PAISE : 0) +
    (withReport ? project.reportPaise : 0)
  const id = rng.uuid(createdAt)
  const notes: Row[] = [[rng.uuid(createdAt), id, 'pending', NOTE_TEXT.pending, null, createdAt]]
  const steps: OrderStatus[] =
    status === 'cancelled' ? ['cancelled'] : ORDER_STATUSES.slice(1, ORDER_STATUSES.indexOf(status) + 1)
  let at = createdAt
  let paidAt: Date | null = null
  for (const step of steps) {
    at = timeline(rng, at, 1, 3 * DAY, ctx.now)[0]
    if (step === 'confirmed') paidAt = new Date(at.getTime() - 1)
    notes.push([rng.uuid(at), id, step, NOTE_TEXT[step], rng.pick(ctx.adminIds), at])
  }
  const method = rng.weighted({ UPI: 50, Card: 25, Netbanking: 15, Wallet: 10 })
  const payment = (state: 'pending' | 'completed' | 'failed', when: Date): Row => [
    rng.uuid(when),
    `pay_${rng.code(14, BASE62)}`,
    id,
    total,
    method,
    state,
    state === 'completed' ? (method === 'UPI' ? rng.code(12, '0123456789') : `TXN${rng.code(12, BASE62)}`) : null,
    when,
    when,
  ]
  const payments: Row[] = []
  if (status === 'pending') payments.push(payment('pending', createdAt))
  else if (status === 'cancelled') payments.push(payment('failed', later(rng, createdAt, 60_000, 600_000, ctx.now)))
  else {
    if (rng.chance(0.1)) payments.push(payment('failed', createdAt))
    payments.push(payment('completed', paidAt ?? createdAt))
  }
  const year = createdAt.getUTCFullYear()
  const order: Row = [
    id,
    `ORD-${year}-${String(n + 1).padStart(6, '0')}`,
    rng.pick(ctx.customerIds),
    project.id,
    ctx.agentIds.length && rng.chance(0.2) ? rng.pick(ctx.agentIds) : null,
    total,
    withCustomization,
    withInstallation,
    withReport,
    status,
    createdAt,
    at,
  ]
  return { order, payments, notes }
}
