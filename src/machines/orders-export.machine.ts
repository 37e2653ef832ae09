/**
 * Export CSV of the orders list (issue 10): idle → fetching → idle. Fetching asks the server for
 * a signed, expiring link to the CSV of the current filters (GET /api/orders/export-link); on
 * success it emits `download` with the URL, which the view hands to the browser (an anchor
 * navigation: the browser streams the file to disk itself). A failure says 'Failed to export
 * orders: {msg}'. I/O is the `fetchExportLink` actor.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import { fetchOrdersExportLink, type OrderListFilters } from '../api/orders'

export type OrdersExportEvent = { type: 'export.start'; filters: OrderListFilters }
export type OrdersExportEmitted = { type: 'download'; url: string } | { type: 'notify.error'; text: string }

/** The failure text of an export; `msg` is the server's reason. */
export const exportFailureText = (msg: string) => `Failed to export orders: ${msg}`

export const ordersExportMachine = setup({
  types: { context: {} as { filters: OrderListFilters | null }, events: {} as OrdersExportEvent, emitted: {} as OrdersExportEmitted },
  actors: { fetchExportLink: fromPromise<string, OrderListFilters>(({ input }) => fetchOrdersExportLink(input)) },
  actions: {
    assignFilters: assign({ filters: (_, params: { filters: OrderListFilters }) => params.filters }),
    download: emit((_, params: { url: string }) => ({ type: 'download' as const, url: params.url })),
    notifyFailure: emit((_, params: { error: unknown }) => ({
      type: 'notify.error' as const, text: exportFailureText(errorText(params.error, 'Request failed')),
    })),
  },
}).createMachine({
  id: 'ordersExport',
  context: { filters: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': { target: 'fetching', actions: { type: 'assignFilters', params: ({ event }) => ({ filters: event.filters }) } } },
    },
    fetching: {
      invoke: {
        src: 'fetchExportLink', id: 'fetchExportLink',
        input: ({ context }) => context.filters ?? { search: '', status: '', from: '', to: '' },
        onDone: { target: 'idle', actions: { type: 'download', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'idle', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})
