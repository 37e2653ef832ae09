/**
 * The order side panel's commands (SPEC.md 4 "Order status"): the legal transitions of
 * the open order (Confirm, Start Work, Complete, Cancel Order), each sending the move with the
 * panel's note to the panel machine (Cancel Order asks first: order-cancel.commands.ts); mod+Enter runs the forward step (it acts from the note field
 * too), N puts the keyboard in the note, O opens the customer's user page, Escape (Close) removes
 * ?order= from the URL. They read what
 * the panel publishes (`orderPanel`).
 */
import type { ActorRefFrom } from 'xstate'
import {
  canMoveOrder,
  ORDER_ACTIONS,
  ORDER_TRANSITIONS,
  shortOrderId,
  type OrderAction,
  type OrderDetail,
} from '../api/schemas/orders'
import { ORDER_ACTION_WORDS } from '../machines/orders-list.rules'
import type { orderPanelMachine } from '../machines/order-panel.machine'
import { navigateOrders } from './orders-list.commands'
import type { Command, CommandContext } from './registry'

/** What the side panel publishes while an order is open. */
export interface OrderPanelHandle {
  actor: ActorRefFrom<typeof orderPanelMachine>
  /** The open order once loaded. */
  order: OrderDetail | undefined
  /** True while a move is with the server. */
  busy: boolean
  /** Puts the keyboard in the note field. */
  focusNote: () => void
}

declare module './registry' {
  interface ViewCommandContext {
    orderPanel?: OrderPanelHandle
  }
}

const panel = (ctx: CommandContext) => ctx.view.orderPanel
const onPanel = (ctx: CommandContext) => !!panel(ctx)

function panelMove(action: OrderAction, shortcut?: string): Command {
  const { verb } = ORDER_ACTION_WORDS[action]
  const word = action === 'cancel' ? 'Cancel Order' : verb
  return {
    id: `orders.panel.${action}`,
    title: `${word} (with the note)`,
    group: 'Order',
    shortcut,
    keywords: ['status', 'note', ORDER_ACTIONS[action]],
    when: (ctx) => {
      const order = panel(ctx)?.order
      return !!order && canMoveOrder(order.status, ORDER_ACTIONS[action])
    },
    label: (ctx) => {
      const order = panel(ctx)?.order
      return order ? `${word} #${shortOrderId(order._id)}` : word
    },
    disabledReason: (ctx) => (panel(ctx)?.busy ? 'Updating the order…' : null),
    run: (ctx) => panel(ctx)?.actor.send({ type: 'order.move', action, version: panel(ctx)?.order?.updatedAt }),
  }
}

export const orderPanelCommands: Command[] = [
  panelMove('confirm', 'mod+enter'),
  panelMove('start', 'mod+enter'),
  panelMove('complete', 'mod+enter'),
  panelMove('cancel'),
  {
    id: 'orders.panel.note',
    title: 'Write a note for the next status change',
    group: 'Order',
    shortcut: 'n',
    keywords: ['note', 'comment'],
    when: (ctx) => {
      const order = panel(ctx)?.order
      return !!order && ORDER_TRANSITIONS[order.status].length > 0
    },
    label: () => 'Write a note',
    run: (ctx) => panel(ctx)?.focusNote(),
  },
  {
    id: 'orders.panel.openCustomer',
    title: "Open the order's customer",
    group: 'Order',
    shortcut: 'o',
    keywords: ['customer', 'user'],
    when: (ctx) => !!panel(ctx)?.order?.user,
    label: () => 'Open customer',
    run: (ctx) => {
      const user = panel(ctx)?.order?.user
      if (user) ctx.navigate(`/users/${user._id}`)
    },
  },
  {
    id: 'orders.panel.close',
    title: 'Close the order panel',
    group: 'Order',
    shortcut: 'escape',
    when: onPanel,
    label: () => 'Close order',
    run: (ctx) => navigateOrders(ctx, { order: '' }),
  },
]
