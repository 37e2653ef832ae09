/**
 * The order side panel's moves (SPEC.md 4 "Order status", 8): the open order's legal transitions,
 * each with an optional note; Cancel Order is irreversible, so it waits for a confirmation. A move
 * carries the order's version as shown: one another admin changed meanwhile fails with who did it,
 * and a failure asks for the order again (`order.changed` without an order). I/O is the `moveOrder`
 * actor. States: docs/machines/orderPanel.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import { ORDER_NOTE_MAX, type OrderAction, type OrderDetail } from '../api/schemas/orders'
import { runOrderMove } from './orders-list.actors'
import { moveFailureText, moveSuccessText, type OrderMove } from './orders-list.rules'

export interface OrderPanelContext {
  /** The open order's record id; null when the panel is closed. */
  orderId: string | null
  note: string
  /** The move waiting for the server. */
  move: OrderMove | null
  /** The last failure's text, shown in the panel. */
  error: string | null
}

export type OrderPanelEvent =
  | { type: 'order.show'; id: string | null }
  | { type: 'note.change'; value: string }
  /** `version`: the open order's updatedAt as shown (If-Match). */
  | { type: 'order.move'; action: OrderAction; version?: string }
  /** The answer to 'Cancel order …?'. */
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }

export type OrderPanelEmitted =
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }
  /** The order moved (`order`: its new state), or a move failed and the panel's order may be stale (no `order`). */
  | { type: 'order.changed'; order?: OrderDetail }

function held(move: OrderMove | null): OrderMove {
  if (!move) throw new Error('orderPanel: no move in flight')
  return move
}

export const orderPanelMachine = setup({
  types: { context: {} as OrderPanelContext, events: {} as OrderPanelEvent, emitted: {} as OrderPanelEmitted },
  actors: { moveOrder: fromPromise<OrderDetail, OrderMove>(({ input }) => runOrderMove(input)) },
  actions: {
    showOrder: assign((_, params: { id: string | null }) => ({ orderId: params.id, note: '', error: null })),
    setNote: assign({ note: (_, params: { value: string }) => params.value.slice(0, ORDER_NOTE_MAX) }),
    holdMove: assign(({ context }, params: { action: OrderAction; version?: string }) => ({
      move: { id: context.orderId ?? '', action: params.action, notes: context.note, version: params.version },
      error: null,
    })),
    clearAfterMove: assign({ move: null, note: '' }),
    dropMove: assign({ move: null }),
    keepFailure: assign({
      move: null,
      error: (_, params: { error: unknown }) => moveFailureText(errorText(params.error, 'Request failed')),
    }),
    notifyMoved: emit(({ context }) => ({
      type: 'notify.success' as const,
      text: moveSuccessText(held(context.move)),
    })),
    notifyFailure: emit(({ context }) => ({ type: 'notify.error' as const, text: context.error ?? '' })),
    announceChange: emit((_, params: { order?: OrderDetail }) => ({
      type: 'order.changed' as const,
      order: params.order,
    })),
  },
  guards: {
    isAnotherOrder: ({ context }, params: { id: string | null }) => params.id !== context.orderId,
    hasOrder: ({ context }) => context.orderId !== null,
    cancelsOpenOrder: ({ context }, params: { action: OrderAction }) =>
      context.orderId !== null && params.action === 'cancel',
  },
}).createMachine({
  id: 'orderPanel',
  context: { orderId: null, note: '', move: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'order.show': {
          guard: { type: 'isAnotherOrder', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'showOrder', params: ({ event }) => ({ id: event.id }) },
        },
        'note.change': { actions: { type: 'setNote', params: ({ event }) => ({ value: event.value }) } },
        'order.move': [
          {
            guard: { type: 'cancelsOpenOrder', params: ({ event }) => ({ action: event.action }) },
            target: 'confirming',
            actions: { type: 'holdMove', params: ({ event }) => ({ action: event.action, version: event.version }) },
          },
          {
            guard: 'hasOrder',
            target: 'moving',
            actions: { type: 'holdMove', params: ({ event }) => ({ action: event.action, version: event.version }) },
          },
        ],
      },
    },
    /** Cancel Order waits for its answer; another order (or none) in the panel drops the question. */
    confirming: {
      on: {
        'confirm.accept': 'moving',
        'confirm.cancel': { target: 'idle', actions: 'dropMove' },
        'order.show': {
          guard: { type: 'isAnotherOrder', params: ({ event }) => ({ id: event.id }) },
          target: 'idle',
          actions: ['dropMove', { type: 'showOrder', params: ({ event }) => ({ id: event.id }) }],
        },
      },
    },
    moving: {
      invoke: {
        src: 'moveOrder',
        id: 'moveOrder',
        input: ({ context }) => held(context.move),
        onDone: {
          target: 'idle',
          actions: [
            'notifyMoved',
            { type: 'announceChange', params: ({ event }) => ({ order: event.output }) },
            'clearAfterMove',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            'notifyFailure',
            { type: 'announceChange', params: {} },
          ],
        },
      },
    },
  },
})
