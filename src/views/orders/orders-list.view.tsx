/**
 * Orders list (SPEC.md 2 "Orders list", 4 "Order status", 5, 8): stats cards, search,
 * status and date range in the URL, a virtualized table over every matching order fetched by
 * cursor as it scrolls, row and bulk moves through the list machine (with the bulk report), Export
 * CSV through the shared csvExport machine, the side panel of ?order=<id>, and the command context (focus,
 * selection, actors) that j/k/x/Enter/c/s/d/#/'/' and the palette act on.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { Ban, CircleCheck, Download, ThumbsUp } from 'lucide-react'
import { useLocation } from 'wouter'
import { invalidateOrders, useOrderList } from '../../api/orders'
import { CommandButton } from '../../commands/command-button'
import { CommandRetry } from '../../commands/command-retry'
import type { OrdersListHandle } from '../../commands/orders-list.commands'
import { usePublishCommandContext } from '../../commands/use-command-context'
import { PageHeader } from '../../components/page-header'
import { EmptyState, ErrorState, LoadingState } from '../../components/states'
import { toast } from '../../components/toast'
import { useOfferUndo } from '../layout/undo-context'
import { errorText } from '../../api/error-text'
import { Spinner } from '../../components/spinner'
import { formatCount } from '../../lib/format'
import { actorOptions } from '../../machines/shared/inspect'
import { orderPanelMachine } from '../../machines/order-panel.machine'
import { csvExportMachine } from '../../machines/csv-export.machine'
import { ordersListMachine } from '../../machines/orders-list.machine'
import { useUrlFilters } from '../projects/use-list-url'
import { BulkReport } from './list/bulk-report'
import { CancelDialog } from './list/cancel-dialog'
import { OrderStats } from './list/order-stats'
import { OrdersFilters } from './list/orders-filters'
import { OrdersTable } from './list/orders-table'
import { listFilters, ordersListPath, parseOrdersSearch, toOrdersSearch } from './list/orders-url'
import { OrderPanel } from './detail/order-panel'
import './orders.css'

/** The browser downloads `url` itself (streamed to disk): a click on a temporary anchor. */
function download(url: string) {
  const a = document.createElement('a')
  a.href = url
  a.download = ''
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
}

export default function OrdersListView() {
  const { filters: url, searchText, setSearchText } = useUrlFilters(parseOrdersSearch, toOrdersSearch)
  const { search, status, from, to } = url
  const filters = useMemo(() => listFilters({ search, status, from, to }), [search, status, from, to])
  const { data, error, isPending, refetch, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    useOrderList(filters)
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const [, navigate] = useLocation()
  const searchRef = useRef<HTMLInputElement>(null)

  const actor = useActorRef(ordersListMachine, actorOptions())
  const exporter = useActorRef(csvExportMachine, actorOptions())
  const panel = useActorRef(orderPanelMachine, actorOptions())
  const focus = useSelector(actor, (s) => s.context.focus)
  const selection = useSelector(actor, (s) => s.context.selection)
  const rows = useSelector(actor, (s) => s.context.rows)
  const report = useSelector(actor, (s) => s.context.report)
  const busy = useSelector(actor, (s) => !s.matches('idle'))
  const confirming = useSelector(actor, (s) => s.matches('confirming'))
  const cancelCount = useSelector(actor, (s) => (s.context.move ? 1 : (s.context.bulk?.ids.length ?? 0)))
  const cancelId = useSelector(
    actor,
    (s) => s.context.move?.id ?? (s.context.bulk?.ids.length === 1 ? s.context.bulk.ids[0] : undefined),
  )
  const cancelOrderId = rows.find((r) => r.id === cancelId)?.orderId
  const answer = useCallback(
    (event: { type: 'confirm.accept' } | { type: 'confirm.cancel' }) => actor.send(event),
    [actor],
  )
  const exporting = useSelector(exporter, (s) => s.matches('requesting'))

  const orders = useMemo(() => data?.pages.flatMap((p) => p.orders) ?? [], [data])
  const total = data?.pages[0]?.pagination.total ?? 0
  useEffect(() => {
    actor.send({ type: 'rows.loaded', rows: orders.map((o) => ({ id: o._id, orderId: o.orderId, status: o.status })) })
  }, [orders, actor])
  useEffect(() => {
    const subs = [
      actor.on('notify.success', (e) => toast.success(e.text)),
      actor.on('undo.offered', (e) => offerUndo(e.text, e.undo, 'orders')),
      actor.on('notify.error', (e) => toast.error(e.text)),
      actor.on('orders.changed', (e) => void invalidateOrders(queryClient, e.order)),
      panel.on('notify.success', (e) => toast.success(e.text)),
      panel.on('notify.error', (e) => toast.error(e.text)),
      panel.on('order.changed', (e) => void invalidateOrders(queryClient, e.order)),
      exporter.on('notify.error', (e) => toast.error(e.text)),
      exporter.on('export.ready', (e) => download(e.url)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, panel, exporter, queryClient, offerUndo])

  const focusedId = rows[focus]?.id
  const handle = useMemo<OrdersListHandle>(
    () => ({
      actor,
      exporter,
      rows,
      selected: selection,
      url,
      busy,
      exporting,
      hasReport: !!report,
      focusSearch: () => searchRef.current?.focus(),
    }),
    [actor, exporter, rows, selection, url, busy, exporting, report],
  )
  const published = useMemo(
    () => ({
      ordersList: handle,
      selection,
      focused: focusedId ? { kind: 'order', id: focusedId } : undefined,
    }),
    [handle, selection, focusedId],
  )
  usePublishCommandContext(published)

  const go = useCallback(
    (patch: Parameters<typeof ordersListPath>[0], replace = false) => {
      navigate(ordersListPath({ ...parseOrdersSearch(window.location.search), ...patch }), { replace })
    },
    [navigate],
  )
  const open = useCallback((id: string) => go({ order: id }), [go])
  const nextPage = useCallback(() => void fetchNextPage(), [fetchNextPage])

  return (
    <div className="projects-list orders-list" data-testid="orders-list">
      <PageHeader
        title="Orders"
        description="J/K to move, X to select, Enter to open; C confirm, S start work, D complete, # cancel the focused order."
        actions={
          <>
            <CommandButton id="orders.bulkConfirm" icon={<ThumbsUp size={14} />} />
            <CommandButton id="orders.bulkComplete" icon={<CircleCheck size={14} />} />
            <CommandButton id="orders.bulkCancel" icon={<Ban size={14} />} />
            <CommandButton id="orders.exportCsv" variant="primary" icon={<Download size={14} />} loading={exporting} />
          </>
        }
      />
      <OrderStats />
      <OrdersFilters
        searchText={searchText}
        onSearchText={setSearchText}
        searchRef={searchRef}
        from={from}
        to={to}
        onDate={(end, value) => go({ [end]: value }, true)}
      />
      {report ? <BulkReport report={report} /> : null}
      {isPending ? (
        <LoadingState title="Loading orders" />
      ) : error && !data ? (
        <ErrorState
          title="Error Loading Orders"
          message={error.message || 'Failed to load orders'}
          action={<CommandRetry retry={() => void refetch()} />}
        />
      ) : orders.length === 0 ? (
        <EmptyState title="No orders found" description="Try another search, status or date range" />
      ) : (
        <>
          <OrdersTable
            orders={orders}
            total={total}
            focus={focus}
            selection={selection}
            openId={url.order}
            onOpen={open}
            hasMore={!!hasNextPage}
            canLoadMore={!!hasNextPage && !isFetchingNextPage && !isFetchNextPageError}
            onLoadMore={nextPage}
            footer={
              isFetchNextPageError ? (
                <span className="infinite-table__error" role="alert">
                  {errorText(error, 'Failed to load orders')}
                  <CommandRetry retry={nextPage} />
                </span>
              ) : (
                <Spinner size={14} label="Loading more orders" />
              )
            }
          />
          <div className="projects-pagination orders-count" data-testid="orders-count">
            <span className="muted">
              <span className="num" data-testid="orders-total">
                {formatCount(total)}
              </span>{' '}
              {total === 1 ? 'order' : 'orders'}
              {orders.length < total ? (
                <>
                  {' '}
                  · <span className="num">{formatCount(orders.length)}</span> loaded
                </>
              ) : null}
              {selection.length ? (
                <>
                  {' '}
                  · <span className="num">{formatCount(selection.length)}</span> selected
                </>
              ) : null}
            </span>
          </div>
        </>
      )}
      <CancelDialog open={confirming} count={cancelCount} orderId={cancelOrderId} answer={answer} />
      {url.order ? <OrderPanel orderId={url.order} actor={panel} /> : null}
    </div>
  )
}
