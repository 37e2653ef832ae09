/**
 * Orders list triage (SPEC.md 2 "Orders list", 4 "Order status", 5, 8): focus, selection, row
 * moves and bulk moves; a Cancel is irreversible, so it waits for a confirmation. A bulk answer's
 * refusals stay as `report` and stay selected. Moves and bulk moves carry the versions of their
 * rows as listed, so an order another admin changed meanwhile is left alone and said so. I/O in the named actors, outcomes emitted, so the
 * machine stays free of UI. States: docs/machines/ordersList.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { versionsOf } from '../api/bulk-outcome'
import { errorText } from '../api/error-text'
import type { OrderAction, OrderBulkAction, OrderDetail, OrderStatus } from '../api/schemas/orders'
import {
  listSelectionActions,
  listSelectionOn,
  type ListSelectionContext,
  type ListSelectionEvent,
} from './shared/list-selection.rules'
import {
  bulkFailureText,
  bulkSummaryText,
  moveFailureText,
  moveSuccessText,
  NO_SELECTION_TEXT,
  type OrderBulk,
  type OrderBulkReport,
  type OrderMove,
} from './orders-list.rules'
import { runOrderBulk, runOrderMove } from './orders-list.actors'
import type { UndoOffered } from './shared/undo-offer.rules'

/** What the machine needs of a row. */
export interface OrderRow {
  id: string
  orderId: string
  status: OrderStatus
  /** The order's version as listed: a move or bulk action sends it back (If-Match, `versions`). */
  updatedAt?: string
}

export interface OrdersListContext extends ListSelectionContext<OrderRow> {
  /** The row move waiting for the server. */
  move: OrderMove | null
  /** The bulk action waiting for the server. */
  bulk: OrderBulk | null
  /** The last bulk answer (shown until dismissed or the next action). */
  report: OrderBulkReport | null
}

export type OrdersListEvent =
  | ListSelectionEvent<OrderRow>
  /** A row's Confirm / Start Work / Complete / Cancel. */
  | { type: 'order.move'; id: string; action: OrderAction }
  /** Bulk Confirm/Complete/Cancel of the selection; an empty selection is refused with a message. */
  | { type: 'bulk.run'; ids: string[]; action: OrderBulkAction }
  | { type: 'report.dismiss' }
  /** The answer to 'Cancel order …?' / 'Cancel N orders?'. */
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }

export type OrdersListEmitted =
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }
  | { type: 'orders.changed'; order?: OrderDetail }
  | UndoOffered

function held<T>(value: T | null, what: string): T {
  if (!value) throw new Error(`ordersList: no ${what} in flight`)
  return value
}

/** A row's move with the version of the row as listed. */
const moveOf = (rows: readonly OrderRow[], id: string, action: OrderAction): OrderMove => ({
  id,
  action,
  version: rows.find((r) => r.id === id)?.updatedAt,
})

/** A bulk action with the versions of its rows as listed. */
const bulkOf = (rows: readonly OrderRow[], ids: string[], action: OrderBulkAction): OrderBulk => ({
  ids,
  action,
  versions: versionsOf(rows, ids),
})

export const ordersListMachine = setup({
  types: { context: {} as OrdersListContext, events: {} as OrdersListEvent, emitted: {} as OrdersListEmitted },
  actors: {
    moveOrder: fromPromise<OrderDetail, OrderMove>(({ input }) => runOrderMove(input)),
    bulkUpdate: fromPromise<OrderBulkReport, OrderBulk>(({ input }) => runOrderBulk(input)),
  },
  actions: {
    ...listSelectionActions<OrderRow, OrdersListContext, OrdersListEvent>(),
    holdMove: assign({ move: (_, params: OrderMove) => params }),
    holdBulk: assign({ bulk: (_, params: OrderBulk) => params }),
    clearReport: assign({ report: null }),
    dropAction: assign({ move: null, bulk: null }),
    dismissReport: assign({ report: null }),
    /** The refused orders stay selected (for another try); the moved ones leave the selection. */
    assignReport: assign(({ context }, params: { report: OrderBulkReport }) => {
      const moved = new Set(
        held(context.bulk, 'bulk').ids.filter((id) => !params.report.failed.some((f) => f._id === id)),
      )
      return { report: params.report, selection: context.selection.filter((id) => !moved.has(id)) }
    }),
    notifyNoSelection: emit({ type: 'notify.error' as const, text: NO_SELECTION_TEXT }),
    notifyMoved: emit(({ context }) => ({
      type: 'notify.success' as const,
      text: moveSuccessText(held(context.move, 'move')),
    })),
    notifyMoveFailure: emit((_, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: moveFailureText(errorText(params.error, 'Request failed')),
    })),
    notifyBulkDone: emit((_, params: { report: OrderBulkReport }) =>
      params.report.undo
        ? { type: 'undo.offered' as const, text: bulkSummaryText(params.report), undo: params.report.undo }
        : {
            type: params.report.failed.length ? ('notify.error' as const) : ('notify.success' as const),
            text: bulkSummaryText(params.report),
          },
    ),
    notifyBulkFailure: emit((_, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: bulkFailureText(errorText(params.error, 'Request failed')),
    })),
    announceChange: emit((_, params: { order?: OrderDetail }) => ({
      type: 'orders.changed' as const,
      order: params.order,
    })),
  },
  guards: {
    hasIds: (_, params: { ids: string[] }) => params.ids.length > 0,
    isCancel: (_, params: { action: OrderAction }) => params.action === 'cancel',
    cancelsIds: (_, params: { ids: string[]; action: OrderBulkAction }) =>
      params.ids.length > 0 && params.action === 'cancel',
    holdsMove: ({ context }) => context.move !== null,
  },
}).createMachine({
  id: 'ordersList',
  context: { rows: [], focus: -1, selection: [], anchor: null, move: null, bulk: null, report: null },
  initial: 'idle',
  on: { ...listSelectionOn, 'report.dismiss': { actions: 'dismissReport' } },
  states: {
    idle: {
      on: {
        'order.move': [
          {
            guard: { type: 'isCancel', params: ({ event }) => ({ action: event.action }) },
            target: 'confirming',
            actions: { type: 'holdMove', params: ({ context, event }) => moveOf(context.rows, event.id, event.action) },
          },
          {
            target: 'moving',
            actions: [
              { type: 'holdMove', params: ({ context, event }) => moveOf(context.rows, event.id, event.action) },
              'clearReport',
            ],
          },
        ],
        'bulk.run': [
          {
            guard: { type: 'cancelsIds', params: ({ event }) => ({ ids: event.ids, action: event.action }) },
            target: 'confirming',
            actions: {
              type: 'holdBulk',
              params: ({ context, event }) => bulkOf(context.rows, event.ids, event.action),
            },
          },
          {
            guard: { type: 'hasIds', params: ({ event }) => ({ ids: event.ids }) },
            target: 'bulkUpdating',
            actions: [
              { type: 'holdBulk', params: ({ context, event }) => bulkOf(context.rows, event.ids, event.action) },
              'clearReport',
            ],
          },
          { actions: 'notifyNoSelection' },
        ],
      },
    },
    /** A row or bulk Cancel waits for its answer; dismissing it changes nothing (not even the report). */
    confirming: {
      on: {
        'confirm.accept': [
          { guard: 'holdsMove', target: 'moving', actions: 'clearReport' },
          { target: 'bulkUpdating', actions: 'clearReport' },
        ],
        'confirm.cancel': { target: 'idle', actions: 'dropAction' },
      },
    },
    moving: {
      invoke: {
        src: 'moveOrder',
        id: 'moveOrder',
        input: ({ context }) => held(context.move, 'move'),
        onDone: {
          target: 'idle',
          actions: [
            'notifyMoved',
            { type: 'announceChange', params: ({ event }) => ({ order: event.output }) },
            'dropAction',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'notifyMoveFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'announceChange', params: {} },
            'dropAction',
          ],
        },
      },
    },
    bulkUpdating: {
      invoke: {
        src: 'bulkUpdate',
        id: 'bulkUpdate',
        input: ({ context }) => held(context.bulk, 'bulk'),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'assignReport', params: ({ event }) => ({ report: event.output }) },
            { type: 'notifyBulkDone', params: ({ event }) => ({ report: event.output }) },
            { type: 'announceChange', params: {} },
            'dropAction',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'notifyBulkFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'announceChange', params: {} },
            'dropAction',
          ],
        },
      },
    },
  },
})
