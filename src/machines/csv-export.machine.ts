/**
 * The 'Export CSV' flow of the keyset lists (orders and payments): idle → requesting
 * (GET /api/{resource}/export-link with the current filters) → idle. The signed link is emitted as
 * `export.ready` for the view to hand to the browser, which downloads the file natively (streamed
 * to disk, no token in the URL); a refusal is emitted as `notify.error`. While a link is being
 * requested a second export is ignored. Generic over the resource: the request names it, the
 * `fetchExportLink` actor picks the transport call.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import { fetchOrdersExportLink, type OrderListFilters } from '../api/orders'
import { fetchPaymentsExportLink, type PaymentListFilters } from '../api/payments'

/** What to export: the resource and the filters of its list as the URL carries them. */
export type CsvExportRequest =
  { resource: 'payments'; filters: PaymentListFilters } | { resource: 'orders'; filters: OrderListFilters }

export type CsvExportEvent = { type: 'export.start'; request: CsvExportRequest }

export type CsvExportEmitted = { type: 'export.ready'; url: string } | { type: 'notify.error'; text: string }

/** The toast of a refused export: 'Failed to export CSV: {reason}'. */
export const exportFailureText = (error: unknown) => `Failed to export CSV: ${errorText(error, 'Request failed')}`

/** The signed download URL of `request`; rejects with an ApiError. */
export function fetchExportLink(request: CsvExportRequest): Promise<string> {
  return request.resource === 'payments'
    ? fetchPaymentsExportLink(request.filters)
    : fetchOrdersExportLink(request.filters)
}

export const csvExportMachine = setup({
  types: {
    context: {} as { request: CsvExportRequest | null },
    events: {} as CsvExportEvent,
    emitted: {} as CsvExportEmitted,
  },
  actors: { fetchExportLink: fromPromise<string, CsvExportRequest>(({ input }) => fetchExportLink(input)) },
  actions: {
    holdRequest: assign({ request: (_, params: { request: CsvExportRequest }) => params.request }),
    dropRequest: assign({ request: null }),
    announceLink: emit((_, params: { url: string }) => ({ type: 'export.ready' as const, url: params.url })),
    notifyFailure: emit((_, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: exportFailureText(params.error),
    })),
  },
}).createMachine({
  id: 'csvExport',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'export.start': {
          target: 'requesting',
          actions: { type: 'holdRequest', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    requesting: {
      invoke: {
        src: 'fetchExportLink',
        id: 'fetchExportLink',
        input: ({ context }) => {
          if (!context.request) throw new Error('csvExport: no request')
          return context.request
        },
        onDone: {
          target: 'idle',
          actions: [{ type: 'announceLink', params: ({ event }) => ({ url: event.output }) }, 'dropRequest'],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'dropRequest'],
        },
      },
    },
  },
})
