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
}

declare module './registry' {
  interface ViewCommandContext {
    payments?: PaymentsHandle
  }
}

export const onPayments = (ctx: CommandContext) => !!ctx.view.payments
const screen = (ctx: CommandContext) => ctx.view.payments
const focusedPayment = (ctx: CommandContext) => (ctx.view.focused?.kind === 'payment' ? ctx.view.focused.id : undefined)
const noFocus = (ctx: CommandContext) => (focusedPayment(ctx) ? null : 'Focus a payment with J/K first')
const send = (ctx: CommandContext, event: Parameters<PaymentsHandle['list']['send']>[0]) =>
  screen(ctx)?.list.send(event)
const panelOpen = (ctx: CommandContext) => !!screen(ctx)?.url.payment
const rowOf = (ctx: CommandContext, id: string | undefined) => screen(ctx)?.rows.find((r) => r.id === id)

/** Goes to the payments screen with `patch` applied to its URL state. */
export function navigatePayments(ctx: CommandContext, patch: Partial<PaymentsUrlState>) {
  const handle = screen(ctx)
  if (handle) ctx.navigate(paymentsPath({ ...handle.url, ...patch }))
}

function openCommand(id: string, title: string, label: string, shortcut?: string): Command {
  return {
    id,
    title,
    group: 'Payments',
    shortcut,
    label: () => label,
    keywords: ['details', 'view', 'open'],
    when: onPayments,
    disabledReason: noFocus,
    run: (ctx) => {
      const id = focusedPayment(ctx)
      if (id) navigatePayments(ctx, { payment: id })
    },
  }
}

export const paymentsCommands: Command[] = [
  {
    id: 'payments.focusNext',
    title: 'Next payment',
    group: 'Payments',
    shortcut: 'j',
    when: onPayments,
    run: (ctx) => send(ctx, { type: 'focus.next' }),
  },
  {
    id: 'payments.focusPrev',
    title: 'Previous payment',
    group: 'Payments',
    shortcut: 'k',
    when: onPayments,
    run: (ctx) => send(ctx, { type: 'focus.prev' }),
  },
  {
    id: 'payments.toggleSelect',
    title: 'Toggle selection of the focused payment',
    group: 'Payments',
    shortcut: 'x',
    when: onPayments,
    label: (ctx) => `Select ${rowOf(ctx, focusedPayment(ctx))?.paymentId ?? 'payment'}`,
    checked: (ctx) => {
      const id = focusedPayment(ctx)
      return !!id && !!screen(ctx)?.selected.includes(id)
    },
    disabledReason: noFocus,
    run: (ctx) => send(ctx, { type: 'row.toggle', id: focusedPayment(ctx) }),
  },
  {
    id: 'payments.selectRange',
    title: 'Select range to the focused payment',
    group: 'Payments',
    shortcut: 'shift+x',
    when: onPayments,
    disabledReason: noFocus,
    run: (ctx) => send(ctx, { type: 'row.toggleRange' }),
  },
  {
    id: 'payments.selectAll',
    title: 'Select all loaded payments',
    group: 'Payments',
    keywords: ['select', 'all', 'none'],
    when: onPayments,
    label: () => 'Select all loaded payments',
    checked: (ctx) => {
      const handle = screen(ctx)
      const n = handle?.selected.length ?? 0
      return n === 0 ? false : n === handle?.rows.length ? true : 'indeterminate'
    },
    disabledReason: (ctx) => (screen(ctx)?.rows.length ? null : 'No payments loaded'),
    run: (ctx) => {
      const handle = screen(ctx)
      const all = !!handle && handle.selected.length === handle.rows.length
      send(ctx, { type: 'selection.set', ids: all || !handle ? [] : handle.rows.map((r) => r.id) })
    },
  },
  {
    id: 'payments.clearSelection',
    title: 'Clear selection',
    group: 'Payments',
    when: (ctx) => onPayments(ctx) && !!ctx.view.selection?.length,
    run: (ctx) => send(ctx, { type: 'selection.set', ids: [] }),
  },
  openCommand('payments.open', 'Open details of the focused payment', 'Open details', 'enter'),
  openCommand('payments.view', 'View payment details', 'View details'),
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
  {
    id: 'payments.search',
    title: 'Search payments',
    group: 'Payments',
    shortcut: '/',
    when: onPayments,
    run: (ctx) => screen(ctx)?.focusSearch(),
  },
]
