/**
 * Orders list (SPEC.md 2 "Orders list", 4 "Order status", 5, 8): stats cards, search, status and
 * date range in the URL, a virtualized table over every matching order fetched by cursor as it
 * scrolls (a scrolled list, decision 029), row and bulk moves through the list machine (with the
 * bulk report), Export CSV through the shared csvExport machine, the side panel of ?order=<id>,
 * and the command context (focus, selection, actors) that j/k/x/Enter/c/s/d/#/'/' and the palette
 * act on.
 */
import { useCallback, useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { Ban, CircleCheck, Download, ThumbsUp } from 'lucide-react'
import { useLocation } from 'wouter'
import { fetchOrders, invalidateOrders, useOrderList, type OrderListFilters } from '../../../api/orders'
import type { OrderSummary } from '../../../api/schemas/orders'
import { CommandButton } from '../../../commands/command-button'
import type { OrdersListHandle } from '../../../commands/orders-list.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { ListScreenBody, type ListTexts } from '../../../components/list/list-screen-body'
import { useListScreen, type ScrolledListConfig } from '../../../components/list/use-list-screen'
import { PageHeader } from '../../../components/page-header'
import { toast } from '../../../components/toast'
import { downloadUrl } from '../../../lib/download'
import { useOfferUndo } from '../../layout/undo-context'
import { actorOptions } from '../../../machines/shared/inspect'
import { orderPanelMachine } from '../../../machines/order-panel.machine'
import { csvExportMachine } from '../../../machines/csv-export.machine'
import { ordersListMachine, type OrderRow } from '../../../machines/orders-list.machine'
import { BulkReport } from './bulk-report'
import { CancelDialog } from './cancel-dialog'
import { OrderStats } from './order-stats'
import { OrdersFilters } from './orders-filters'
import { OrdersTable } from './orders-table'
import { listFilters, ordersListPath, parseOrdersSearch, toOrdersSearch, type OrdersUrlState } from './orders-url'
import { OrderPanel } from '../detail/order-panel'
import '../orders.css'

const LIST: ScrolledListConfig<
  OrdersUrlState,
  OrderListFilters,
  Awaited<ReturnType<typeof fetchOrders>>,
  OrderSummary,
  OrderRow,
  typeof ordersListMachine
> = {
  shape: 'scrolled',
  kind: 'order',
  machine: ordersListMachine,
  url: { parse: parseOrdersSearch, serialise: toOrdersSearch, keep: ['order'] },
  filters: listFilters,
  useQuery: useOrderList,
  items: (page) => page.orders,
  total: (page) => page.pagination.total,
  totalCapped: (page) => !!page.pagination.totalCapped,
  row: (o) => ({ id: o._id, orderId: o.orderId, status: o.status, updatedAt: o.updatedAt }),
}

const TEXTS: ListTexts = {
  loading: 'Loading orders',
  errorTitle: 'Error Loading Orders',
  errorFallback: 'Failed to load orders',
  empty: 'No orders found',
  noun: ['order', 'orders'],
  loadingMore: 'Loading more orders',
}

export default function OrdersListView() {
  const screen = useListScreen(LIST)
  const { url, actor, rows, selection } = screen
  const { from, to } = url
  const queryClient = useQueryClient()
  const offerUndo = useOfferUndo()
  const [, navigate] = useLocation()

  const exporter = useActorRef(csvExportMachine, actorOptions())
  const panel = useActorRef(orderPanelMachine, actorOptions())
  const report = useSelector(actor, (s) => s.context.report)
  const busy = useSelector(actor, (s) => !s.matches('idle'))
  const confirming = useSelector(actor, (s) => s.matches('confirming'))
  const cancelCount = useSelector(actor, (s) => (s.context.move ? 1 : (s.context.bulk?.ids.length ?? 0)))
  const cancelId = useSelector(
    actor,
    (s) => s.context.move?.id ?? (s.context.bulk?.ids.length === 1 ? s.context.bulk.ids[0] : undefined),
  )
  const cancelOrderId = rows.find((r) => r.id === cancelId)?.orderId
  const cancelUndoable = useSelector(actor, (s) => !s.context.move && !!s.context.bulk)
  const answer = useCallback(
    (event: { type: 'confirm.accept' } | { type: 'confirm.cancel' }) => actor.send(event),
    [actor],
  )
  const exporting = useSelector(exporter, (s) => s.matches('requesting'))

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
      exporter.on('export.ready', (e) => downloadUrl(e.url)),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, panel, exporter, queryClient, offerUndo])

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
      busy,
      exporting,
      report,
      screen.focusSearch,
      screen.filtered,
      screen.clearFilters,
    ],
  )
  usePublishCommandContext(useMemo(() => ({ ordersList: handle, ...screen.published }), [handle, screen.published]))

  const go = useCallback(
    (patch: Parameters<typeof ordersListPath>[0], replace = false) => {
      navigate(ordersListPath({ ...parseOrdersSearch(window.location.search), ...patch }), { replace })
    },
    [navigate],
  )
  const open = useCallback((id: string) => go({ order: id }), [go])

  return (
    <div className="list-screen orders-list" data-testid="orders-list">
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
        searchText={screen.searchText}
        onSearchText={screen.setSearchText}
        searchRef={screen.searchRef}
        from={from}
        to={to}
        onDate={(end, value) => go({ [end]: value }, true)}
      />
      {report ? <BulkReport report={report} /> : null}
      <ListScreenBody screen={screen} texts={TEXTS} scope="orders">
        {(footer) => (
          <OrdersTable
            orders={screen.items}
            total={screen.scrolling?.rowCount ?? 0}
            focus={screen.focus}
            selection={selection}
            openId={url.order}
            onOpen={open}
            hasMore={!!screen.scrolling?.hasMore}
            canLoadMore={!!screen.scrolling?.canLoadMore}
            onLoadMore={screen.scrolling!.loadMore}
            footer={footer}
          />
        )}
      </ListScreenBody>
      <CancelDialog
        open={confirming}
        count={cancelCount}
        orderId={cancelOrderId}
        undoable={cancelUndoable}
        answer={answer}
      />
      {url.order ? <OrderPanel orderId={url.order} actor={panel} /> : null}
    </div>
  )
}
