/**
 * Payments (SPEC.md 2 "Payments", 4, 5, 8; DESIGN.md): 'Payments Management', the totals per
 * status, search and status filter in the URL, every matching payment in one virtualized scroll
 * fetched by cursor as it nears the end (a scrolled list, decision 029), the details panel of
 * ?payment=<id> with its order, and Export CSV of the filtered view. A failed load shows 'Error
 * Loading Payments' with Retry and no rows of its own (DESIGN.md). j/k/x/Enter/Escape/o/shift+e and the palette act
 * through the commands (payments.commands.ts) on what this view publishes.
 */
import { useCallback, useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Download } from 'lucide-react'
import { useLocation } from 'wouter'
import { fetchPayments, usePayment, usePaymentList, type PaymentListFilters } from '../../../api/payments'
import type { Payment } from '../../../api/schemas/payments'
import { CommandButton } from '../../../commands/command-button'
import type { PaymentsHandle } from '../../../commands/payments.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { ListScreenBody, type ListTexts } from '../../../components/list/list-screen-body'
import { useListScreen, type ScrolledListConfig } from '../../../components/list/use-list-screen'
import { PageHeader } from '../../../components/page-header'
import { toast } from '../../../components/toast'
import { downloadUrl } from '../../../lib/download'
import { csvExportMachine } from '../../../machines/csv-export.machine'
import { actorOptions } from '../../../machines/shared/inspect'
import { listFocusMachine } from '../../../machines/list-focus.machine'
import { PaymentDetailsPanel } from '../detail/payment-panel'
import { prefetchPaymentDetail } from './list-prefetch'
import { PaymentStats } from './payment-stats'
import { PaymentsFilters } from './payments-filters'
import { PaymentsTable } from './payments-table'
import { parsePaymentsSearch, paymentsPath, toPaymentsSearch, type PaymentsUrlState } from './payments-url'
import '../payments.css'

const LIST: ScrolledListConfig<
  PaymentsUrlState,
  PaymentListFilters,
  Awaited<ReturnType<typeof fetchPayments>>,
  Payment,
  { id: string; paymentId: string },
  typeof listFocusMachine
> = {
  shape: 'scrolled',
  kind: 'payment',
  machine: listFocusMachine,
  url: { parse: parsePaymentsSearch, serialise: toPaymentsSearch, keep: ['payment'] },
  filters: (url) => ({ search: url.search, status: url.status }),
  useQuery: usePaymentList,
  items: (page) => page.payments,
  total: (page) => page.pagination.total,
  totalCapped: (page) => !!page.pagination.totalCapped,
  row: (p) => ({ id: p._id, paymentId: p.paymentId }),
  prefetch: (id) => prefetchPaymentDetail(id),
}

const TEXTS: ListTexts = {
  loading: 'Loading payments',
  errorTitle: 'Error Loading Payments',
  errorFallback: 'Failed to load payments',
  empty: 'No payments found',
  noMatch: 'No payments match your search criteria.',
  noun: ['payment', 'payments'],
  loadingMore: 'Loading more payments',
}

export default function PaymentsView() {
  const screen = useListScreen(LIST)
  const { url, actor, rows, selection, focusRow } = screen
  const detail = usePayment(url.payment || undefined)
  const [, navigate] = useLocation()

  const exporter = useActorRef(csvExportMachine, actorOptions())
  const exporting = useSelector(exporter, (s) => s.matches('requesting'))
  useEffect(() => {
    const subs = [
      exporter.on('export.ready', (e) => {
        downloadUrl(e.url)
        toast.success('Export started: the CSV is downloading')
      }),
      exporter.on('notify.error', (e) => toast.error(e.text)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [exporter])

  const panelOrderId = detail.data?.payment._id === url.payment ? (detail.data.order?._id ?? null) : null
  const handle = useMemo<PaymentsHandle>(
    () => ({
      list: actor,
      exporter,
      rows,
      selected: selection,
      url,
      exporting,
      panelOrderId,
      focusSearch: screen.focusSearch,
      filtered: screen.filtered,
      clearFilters: screen.clearFilters,
    }),
    [
      actor,
      exporter,
      rows,
      selection,
      url,
      exporting,
      panelOrderId,
      screen.focusSearch,
      screen.filtered,
      screen.clearFilters,
    ],
  )
  usePublishCommandContext(useMemo(() => ({ payments: handle, ...screen.published }), [handle, screen.published]))

  // A click on a row focuses it and opens its panel.
  const open = useCallback(
    (id: string) => {
      focusRow(id)
      navigate(paymentsPath({ ...parsePaymentsSearch(window.location.search), payment: id }))
    },
    [focusRow, navigate],
  )

  return (
    <div className="list-screen payments-screen" data-testid="payments-screen">
      <PageHeader
        title="Payments Management"
        description="Every payment and its order. J/K to move, X to select, Enter for details, O opens the order, Shift+E exports."
        actions={<CommandButton id="payments.export" icon={<Download size={14} />} loading={exporting} />}
      />
      <PaymentStats />
      <PaymentsFilters
        searchText={screen.searchText}
        onSearchText={screen.setSearchText}
        searchRef={screen.searchRef}
      />
      <ListScreenBody screen={screen} texts={TEXTS} scope="payments">
        {(footer) => (
          <PaymentsTable
            payments={screen.items}
            total={screen.scrolling?.rowCount ?? 0}
            focus={screen.focus}
            selection={selection}
            openId={url.payment}
            hasMore={!!screen.scrolling?.hasMore}
            canLoadMore={!!screen.scrolling?.canLoadMore}
            onLoadMore={screen.scrolling!.loadMore}
            onOpen={open}
            footer={footer}
          />
        )}
      </ListScreenBody>
      {url.payment ? <PaymentDetailsPanel query={detail} /> : null}
    </div>
  )
}
