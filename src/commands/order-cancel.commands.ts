/**
 * The cancel confirmation's commands (SPEC.md 4 "Order status": cancelled is final): a
 * row Cancel (#), a bulk Cancel (shift+Backspace) or the panel's Cancel Order first asks 'Cancel
 * order ORD-…?' / 'Cancel 3 orders?'. Accept (mod+Enter; Enter on the focused button) sends
 * 'confirm.accept', Keep (Escape, ×) sends 'confirm.cancel' and nothing changes. They read what the
 * open dialog publishes (`orderCancel`: the machine that asked) and only send it these events.
 * Registered before the panel's commands so mod+Enter in the dialog is the accept, never a panel move.
 */
import type { Command, CommandContext } from './registry'

/** What the cancel confirmation publishes while it is open. */
export interface OrderCancelHandle {
  /** Sends the answer to the machine that asked (orders list or order panel). */
  answer: (event: { type: 'confirm.accept' } | { type: 'confirm.cancel' }) => void
  /** How many orders would be cancelled. */
  count: number
}

declare module './registry' {
  interface ViewCommandContext {
    orderCancel?: OrderCancelHandle
  }
}

const GROUP = 'Cancel orders'
const handle = (ctx: CommandContext) => ctx.view.orderCancel
const open = (ctx: CommandContext) => !!handle(ctx)
const orders = (ctx: CommandContext) => ((handle(ctx)?.count ?? 1) === 1 ? 'order' : `${handle(ctx)?.count} orders`)

export const orderCancelCommands: Command[] = [
  {
    id: 'orders.cancelConfirm.accept',
    title: 'Cancel the orders (answer the confirmation)',
    group: GROUP,
    shortcut: 'mod+enter',
    when: open,
    label: (ctx) => `Cancel ${orders(ctx)}`,
    run: (ctx) => handle(ctx)?.answer({ type: 'confirm.accept' }),
  },
  {
    id: 'orders.cancelConfirm.dismiss',
    title: 'Keep the orders (nothing changes)',
    group: GROUP,
    shortcut: 'escape',
    when: open,
    label: (ctx) => `Keep ${orders(ctx)}`,
    run: (ctx) => handle(ctx)?.answer({ type: 'confirm.cancel' }),
  },
]
