/**
 * Payments screen commands (SPEC.md 2 "Payments"): j/k focus, x and shift+x select,
 * Enter (or a row's View details) opens the payment's details panel (?payment=<id>), Escape closes
 * it, o opens its order in the orders screen, shift+e exports the filtered view as CSV, / focuses
 * the search. They read what the payments view publishes (`payments`, `focused`, `selection`) and
 * only send events to its actors or navigate. Status filter options: payments-filters.commands.ts.
 */
import type { ActorRefFrom } from 'xstate'
import type { csvExportMachine } from '../machines/csv-export.machine'
import type { listFocusMachine } from '../machines/list-focus.machine'
import { orderPath, paymentsPath, type PaymentsUrlState } from '../views/payments/list/payments-url'
import { listCommands } from './list.commands'
import type { Command, CommandContext } from './registry'

/** What the machines and commands need of a loaded payment row. */
export interface PaymentRowRef {
  id: string
  paymentId: string
}

/** What the payments view publishes for its commands. */
export interface PaymentsHandle {
  list: ActorRefFrom<typeof listFocusMachine>
  exporter: ActorRefFrom<typeof csvExportMachine>
  /** Every loaded row, in order. */
  rows: readonly PaymentRowRef[]
  /** The selection (kept here too: a row's own controls run with the selection cleared). */
  selected: readonly string[]
  /** The URL state: filters and the open panel. */
  url: PaymentsUrlState
  /** True while the export link is being requested. */
  exporting: boolean
  /** The open payment's order record id (null: no panel, not loaded yet, or no order). */
  panelOrderId: string | null
  focusSearch: () => void
  /** A search or filter narrows the list; `clearFilters` drops them (Clear filters). */
  filtered: boolean
  clearFilters: () => void
}

declare module './registry' {
  interface ViewCommandContext {
    payments?: PaymentsHandle
  }
}

export const onPayments = (ctx: CommandContext) => !!ctx.view.payments
const screen = (ctx: CommandContext) => ctx.view.payments
const panelOpen = (ctx: CommandContext) => !!screen(ctx)?.url.payment

/** Goes to the payments screen with `patch` applied to its URL state. */
export function navigatePayments(ctx: CommandContext, patch: Partial<PaymentsUrlState>) {
  const handle = screen(ctx)
  if (handle) ctx.navigate(paymentsPath({ ...handle.url, ...patch }))
}

const keys = listCommands('payments', {
  group: 'Payments',
  kind: 'payment',
  noun: { one: 'payment', a: 'a payment', many: 'payments' },
  shape: 'scrolled',
  handle: screen,
  actor: (handle) => handle.list,
  rowLabel: (row) => row.paymentId,
})
const openPayment = (id: string, title: string, label: string, shortcut?: string) =>
  keys.open({
    id,
    title,
    label,
    shortcut,
    keywords: ['details', 'view', 'open'],
    go: (ctx, payment) => navigatePayments(ctx, { payment }),
  })

export const paymentsCommands: Command[] = [
  ...keys.focus,
  ...keys.select,
  keys.clearSelection,
  openPayment('payments.open', 'Open details of the focused payment', 'Open details', 'enter'),
  openPayment('payments.view', 'View payment details', 'View details'),
  {
    id: 'payments.closeDetails',
    title: 'Close payment details',
    group: 'Payments',
    shortcut: 'escape',
    label: () => 'Close details',
    when: (ctx) => onPayments(ctx) && panelOpen(ctx),
    run: (ctx) => navigatePayments(ctx, { payment: '' }),
  },
  {
    id: 'payments.openOrder',
    title: "Open the payment's order",
    group: 'Payments',
    shortcut: 'o',
    keywords: ['order', 'orders'],
    label: () => 'Open order',
    when: (ctx) => onPayments(ctx) && panelOpen(ctx),
    disabledReason: (ctx) => (screen(ctx)?.panelOrderId ? null : 'This payment has no order to open'),
    run: (ctx) => {
      const order = screen(ctx)?.panelOrderId
      if (order) ctx.navigate(orderPath(order))
    },
  },
  {
    id: 'payments.export',
    title: 'Export CSV',
    group: 'Payments',
    shortcut: 'shift+e',
    keywords: ['csv', 'download', 'export', 'spreadsheet'],
    label: () => 'Export CSV',
    when: onPayments,
    disabledReason: (ctx) => (screen(ctx)?.exporting ? 'Preparing the CSV…' : null),
    run: (ctx) => {
      const handle = screen(ctx)
      if (handle)
        handle.exporter.send({
          type: 'export.start',
          request: { resource: 'payments', filters: { search: handle.url.search, status: handle.url.status } },
        })
    },
  },
  keys.search,
  keys.clearFilters,
]
