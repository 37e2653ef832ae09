/**
 * Payments (SPEC.md 2 "Payments", 4, 5, 8; DESIGN.md): 'Payments Management', the totals
 * per status, search and status filter in the URL, every matching payment in one virtualized
 * scroll fetched by cursor as it nears the end, the details panel of ?payment=<id> with its order,
 * and Export CSV of the filtered view. A failed load shows 'Error Loading Payments' with Retry,
 * never sample data. j/k/x/Enter/Escape/o/shift+e and the palette act through the commands
 * (payments.commands.ts) on what this view publishes.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Download } from 'lucide-react'
import { useDebounce } from 'use-debounce'
import { useLocation } from 'wouter'
import { errorText } from '../../api/error-text'
import { usePayment, usePaymentList } from '../../api/payments'
import { CommandButton } from '../../commands/command-button'
import { CommandRetry } from '../../commands/command-retry'
import type { PaymentsHandle } from '../../commands/payments.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { toast } from '../../components/toast'
import { downloadUrl } from '../../lib/download'
import { formatCount, formatQuantity } from '../../lib/format'
import { csvExportMachine } from '../../machines/csv-export.machine'
import { actorOptions } from '../../machines/shared/inspect'
import { listFocusMachine } from '../../machines/list-focus.machine'
import { useUrlFilters } from '../projects/use-list-url'
import { PaymentDetailsPanel } from './detail/payment-panel'
import { prefetchPaymentDetail } from './list/list-prefetch'
import { PaymentStats } from './list/payment-stats'
import { PaymentsFilters } from './list/payments-filters'
import { PaymentsTable } from './list/payments-table'
import { parsePaymentsSearch, paymentsPath, toPaymentsSearch } from './list/payments-url'
import './payments.css'

/** Focus dwell before the focused payment's details are prefetched, ms (holding j/k fetches nothing). */
const PREFETCH_DELAY_MS = 150

export default function PaymentsView() {
  const { filters: url, searchText, setSearchText } = useUrlFilters(parsePaymentsSearch, toPaymentsSearch)
  const filters = useMemo(() => ({ search: url.search, status: url.status }), [url.search, url.status])
  const list = usePaymentList(filters)
  const detail = usePayment(url.payment || undefined)
  const [, navigate] = useLocation()
  const searchRef = useRef<HTMLInputElement>(null)

  const focusActor = useActorRef(listFocusMachine, actorOptions())
  const focus = useSelector(focusActor, (s) => s.context.focus)
  const selection = useSelector(focusActor, (s) => s.context.selection)
  const exporter = useActorRef(csvExportMachine, actorOptions())
  const exporting = useSelector(exporter, (s) => s.matches('requesting'))

  const payments = useMemo(() => list.data?.pages.flatMap((p) => p.payments) ?? [], [list.data])
  const total = list.data?.pages[0]?.pagination.total ?? 0
  const rows = useMemo(() => payments.map((p) => ({ id: p._id, paymentId: p.paymentId })), [payments])
  useEffect(() => {
    focusActor.send({ type: 'rows.loaded', rows })
  }, [rows, focusActor])
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

  const focusedId = rows[focus]?.id
  // The row that keeps focus for a moment is likely opened next: load its details ahead.
  const [dwelled] = useDebounce(focusedId, PREFETCH_DELAY_MS)
  useEffect(() => {
    if (dwelled) void prefetchPaymentDetail(dwelled)
  }, [dwelled])
  const panelOrderId = detail.data?.payment._id === url.payment ? (detail.data.order?._id ?? null) : null
  const handle = useMemo<PaymentsHandle>(
    () => ({
      list: focusActor,
      exporter,
      rows,
      selected: selection,
      url,
      exporting,
      panelOrderId,
      focusSearch: () => searchRef.current?.focus(),
    }),
    [focusActor, exporter, rows, selection, url, exporting, panelOrderId],
  )
  usePublishCommandContext(
    useMemo(
      () => ({
        payments: handle,
        selection,
        focused: focusedId ? { kind: 'payment', id: focusedId } : undefined,
      }),
      [handle, selection, focusedId],
    ),
  )

  // A click on a row focuses it and opens its panel.
  const open = useCallback(
    (id: string) => {
      const index = focusActor.getSnapshot().context.rows.findIndex((r) => r.id === id)
      if (index >= 0) focusActor.send({ type: 'focus.set', index })
      navigate(paymentsPath({ ...parsePaymentsSearch(window.location.search), payment: id }))
    },
    [focusActor, navigate],
  )
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage])
  const filtered = Boolean(url.search.trim() || url.status)

  return (
    <div className="projects-list payments-screen" data-testid="payments-screen">
      <PageHeader
        title="Payments Management"
        description="Every payment and its order. J/K to move, X to select, Enter for details, O opens the order, Shift+E exports."
        actions={<CommandButton id="payments.export" icon={<Download size={14} />} loading={exporting} />}
      />
      <PaymentStats />
      <PaymentsFilters searchText={searchText} onSearchText={setSearchText} searchRef={searchRef} />
      {list.isPending ? (
        <LoadingState title="Loading payments" />
      ) : list.error && !list.data ? (
        <ErrorState
          title="Error Loading Payments"
          message={errorText(list.error, 'Failed to load payments')}
          action={<CommandRetry retry={() => void list.refetch()} />}
        />
      ) : payments.length === 0 ? (
        <EmptyState
          title="No payments found"
          description={filtered ? 'No payments match your search criteria.' : undefined}
        />
      ) : (
        <>
          <PaymentsTable
            payments={payments}
            total={total}
            focus={focus}
            selection={selection}
            openId={url.payment}
            hasMore={!!hasNextPage}
            canLoadMore={!!hasNextPage && !isFetchingNextPage && !isFetchNextPageError}
            onLoadMore={loadMore}
            onOpen={open}
            footer={
              isFetchNextPageError ? (
                <span className="infinite-table__error" role="alert">
                  {errorText(list.error, 'Failed to load payments')}
                  <CommandRetry retry={loadMore} />
                </span>
              ) : (
                <Spinner size={14} label="Loading more payments" />
              )
            }
          />
          <p className="payments-count muted" data-testid="payments-count">
            {formatCount(payments.length)} of {formatQuantity(total, 'payment')} loaded
            {selection.length ? <> · {formatCount(selection.length)} selected</> : null}
          </p>
        </>
      )}
      {url.payment ? <PaymentDetailsPanel query={detail} /> : null}
    </div>
  )
}
