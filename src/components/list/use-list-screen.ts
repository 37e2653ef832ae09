/**
 * The one way a list screen is built (decision 029): its URL state (filters and search text,
 * `useUrlFilters`), its query in one of the two shapes, its list machine (rows, j/k focus, x /
 * shift+x selection; src/machines/shared/list-selection.rules.ts), the focused row's detail
 * prefetched after a short dwell, the detail screen's code preloaded once rows show, and the
 * command context every list publishes (`focused`, `selection`). The screen adds its own handle
 * for its commands (src/commands/list.commands.ts builds the keys) and renders
 * `<ListScreenBody>` with its table.
 *
 * - 'paged': numbered pages (`usePagedList`: the previous page stays on screen while the next
 *   loads, the next page is prefetched); [ and ] turn the page; 'Showing a to b of n results'.
 * - 'scrolled': every matching row by cursor (`useInfiniteQuery`), loaded as the table nears its
 *   end; 'n of m loaded'.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react'
import {
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type UseInfiniteQueryResult,
  type UseQueryResult,
} from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useDebounce } from 'use-debounce'
import type { ActorRefFrom, AnyActorRef, AnyStateMachine } from 'xstate'
import { actorOptions } from '../../machines/shared/inspect'
import { refocus, type ListSelectionContext } from '../../machines/shared/list-selection.rules'
import { useUrlFilters } from '../../lib/use-url-filters'
import { PREFETCH_DELAY_MS, warmRoute } from '../../lib/warm-route'
import type { CommandTarget } from '../../commands/registry'

interface ListScreenCommon<U, F, Item, Row extends { id: string }, M extends AnyStateMachine> {
  /** The `focused` kind of a row ('project'). */
  kind: string
  /** The list machine; its context holds `ListSelectionContext<Row>` and it takes `rows.loaded`. */
  machine: M
  /**
   * The URL state: parse `location.search`, serialise back (defaults left out); `keep` names the
   * query keys that are neither the search nor a filter (page size, an open panel): every other
   * key but `page` narrows the list, and Clear filters drops them.
   */
  url: { parse: (search: string) => U; serialise: (state: U) => string; keep: readonly string[] }
  /** The query's filters of the URL state (default: the URL state itself). Must be pure. */
  filters?: (state: U) => F
  /** A loaded item as the machine's row. */
  row: (item: Item) => Row
  /** Loads the row's detail into the cache ahead of opening it. */
  prefetch?: (id: string, queryClient: QueryClient) => unknown
  /**
   * The route a row opens ('/projects/:id'): its code is preloaded once the first rows are on
   * screen and the browser is idle (src/lib/warm-route.ts), so the first Enter does not wait for it.
   */
  detailRoute?: string
}

/** A list of numbered pages: the query is a `usePagedList` hook of src/api. */
export interface PagedListConfig<
  U,
  F,
  R,
  Item,
  Row extends { id: string },
  M extends AnyStateMachine,
> extends ListScreenCommon<U, F, Item, Row, M> {
  shape: 'paged'
  useQuery: (filters: F) => UseQueryResult<R>
  items: (data: R) => readonly Item[]
  /** The response's page numbers and total. */
  pagination: (data: R) => { page: number; totalPages: number; total: number }
  /** Rows per page of the URL state. */
  limit: (state: U) => number
}

/** A list loaded by cursor as it scrolls: the query is a `useInfiniteQuery` hook of src/api. */
export interface ScrolledListConfig<
  U,
  F,
  P,
  Item,
  Row extends { id: string },
  M extends AnyStateMachine,
> extends ListScreenCommon<U, F, Item, Row, M> {
  shape: 'scrolled'
  useQuery: (filters: F) => UseInfiniteQueryResult<InfiniteData<P>>
  items: (page: P) => readonly Item[]
  /** The number of matching rows, when the endpoint counts them. */
  total?: (page: P) => number
  /** Whether `total` is a cap that more rows match (the screen says '1,000+'). */
  totalCapped?: (page: P) => boolean
}

/** A scrolled table's aria-rowcount: the server's total, -1 (ARIA: unknown) when that is a cap, else the `loaded` rows. */
export const scrolledRowCount = (total: number | undefined, totalCapped: boolean, loaded: number): number =>
  totalCapped ? -1 : (total ?? loaded)

/** What the body shows. */
export type ListStatus = 'loading' | 'error' | 'empty' | 'ready'

/** The paged part of a list screen. */
export interface ListPaging {
  page: number
  totalPages: number
  total: number
  limit: number
}

/** The scrolled part of a list screen. */
export interface ListScrolling {
  hasMore: boolean
  canLoadMore: boolean
  loadMore: () => void
  /** True when the last next-page load failed (the footer offers Retry). */
  loadFailed: boolean
  /** The number of matching rows, undefined when the endpoint does not count them. */
  total: number | undefined
  /** True when `total` is a cap: at least that many rows match. */
  totalCapped?: boolean
  /** The table's aria-rowcount: `total`, -1 (ARIA: unknown) when it is a cap, the loaded rows when uncounted. */
  rowCount: number
}

/** What `useListScreen` gives the screen. */
export interface ListScreen<U, Item, Row extends { id: string }, M extends AnyStateMachine> {
  url: U
  searchText: string
  setSearchText: (text: string) => void
  searchRef: React.RefObject<HTMLInputElement | null>
  focusSearch: () => void
  actor: ActorRefFrom<M>
  rows: Row[]
  focus: number
  selection: string[]
  focusedId: string | undefined
  /** Focuses the row `id` (a click opens and focuses it). */
  focusRow: (id: string) => void
  items: readonly Item[]
  status: ListStatus
  error: Error | null
  retry: () => void
  /** Set on a paged list once a page is in. */
  paging: ListPaging | undefined
  /** Set on a scrolled list. */
  scrolling: ListScrolling | undefined
  /** The command context every list publishes: the focused row and the selection. */
  published: { focused: CommandTarget | undefined; selection: string[] }
  /** True while a search or filter narrows the list (an empty list then means no match). */
  filtered: boolean
  /** Drops the search and filters (page size and open panel kept), as a new history entry. */
  clearFilters: () => void
}

const NO_ITEMS: readonly never[] = []
/** A list machine snapshot's focus and selection part. */
const context = <Row extends { id: string }>(s: { context: unknown }) => s.context as ListSelectionContext<Row>

/** Builds a list screen's state of `config` (see the module docstring); `config` must be a module constant. */
export function useListScreen<
  U extends { search: string },
  F,
  R,
  Item,
  Row extends { id: string },
  M extends AnyStateMachine,
>(config: PagedListConfig<U, F, R, Item, Row, M>): ListScreen<U, Item, Row, M>
export function useListScreen<
  U extends { search: string },
  F,
  P,
  Item,
  Row extends { id: string },
  M extends AnyStateMachine,
>(config: ScrolledListConfig<U, F, P, Item, Row, M>): ListScreen<U, Item, Row, M>
export function useListScreen<
  U extends { search: string },
  F,
  D,
  Item,
  Row extends { id: string },
  M extends AnyStateMachine,
>(
  config: PagedListConfig<U, F, D, Item, Row, M> | ScrolledListConfig<U, F, D, Item, Row, M>,
): ListScreen<U, Item, Row, M> {
  const { filters: url, searchText, setSearchText, goToQuery } = useUrlFilters(config.url.parse, config.url.serialise)
  const filters = useMemo(() => (config.filters ? config.filters(url) : (url as unknown as F)), [config, url])
  // The shape is fixed per screen (a module constant), so the same hook runs on every render.
  const query = config.useQuery(filters) as UseQueryResult<D> | UseInfiniteQueryResult<InfiniteData<D>>
  const queryClient = useQueryClient()
  const searchRef = useRef<HTMLInputElement>(null)

  // The machine's own types are the screen's (`actor` is returned as ActorRefFrom<M>); here only
  // its ListSelectionContext and events are used.
  const ref: AnyActorRef = useActorRef(config.machine, actorOptions())
  const actor = ref as ActorRefFrom<M>
  const focus = useSelector(ref, (s) => context<Row>(s).focus)
  const selection = useSelector(ref, (s) => context<Row>(s).selection)
  const rows = useSelector(ref, (s) => context<Row>(s).rows)

  const data = query.data
  const items = useMemo<readonly Item[]>(() => {
    if (!data) return NO_ITEMS
    if (config.shape === 'paged') return config.items(data as D)
    return (data as InfiniteData<D>).pages.flatMap((p) => config.items(p))
  }, [config, data])
  const itemRows = useMemo(() => items.map(config.row), [config, items])
  useEffect(() => {
    ref.send({ type: 'rows.loaded', rows: itemRows })
  }, [ref, itemRows])
  // The machine hears of a refetch (rows.loaded) only after it is drawn: meanwhile its focus index
  // points into the old rows, so the highlight is drawn where the machine will put it, on the same
  // record, never for a frame on whichever row the refetch moved to that index.
  const shownFocus = useMemo(() => refocus(rows, focus, itemRows), [rows, focus, itemRows])

  const focusedId = rows[focus]?.id
  const [dwelled] = useDebounce(focusedId, PREFETCH_DELAY_MS)
  useEffect(() => {
    if (dwelled && config.prefetch) void config.prefetch(dwelled, queryClient)
  }, [config, dwelled, queryClient])
  const hasRows = items.length > 0
  useEffect(() => {
    if (hasRows && config.detailRoute) warmRoute(config.detailRoute)
  }, [config, hasRows])

  const focusRow = useCallback(
    (id: string) => {
      const index = context(ref.getSnapshot()).rows.findIndex((r) => r.id === id)
      if (index >= 0) ref.send({ type: 'focus.set', index })
    },
    [ref],
  )
  const focusSearch = useCallback(() => searchRef.current?.focus(), [])
  const { refetch } = query
  const retry = useCallback(() => void refetch(), [refetch])
  const fetchNextPage = 'fetchNextPage' in query ? query.fetchNextPage : undefined
  const loadMore = useCallback(() => void fetchNextPage?.(), [fetchNextPage])

  let paging: ListPaging | undefined
  let scrolling: ListScrolling | undefined
  if (config.shape === 'paged') {
    const p = data ? config.pagination(data as D) : undefined
    paging = p && { ...p, limit: config.limit(url) }
  } else {
    const infinite = query as UseInfiniteQueryResult<InfiniteData<D>>
    const first = infinite.data?.pages[0]
    const total = first && config.total ? config.total(first) : undefined
    const totalCapped = !!first && !!config.totalCapped?.(first)
    scrolling = {
      hasMore: !!infinite.hasNextPage,
      canLoadMore: !!infinite.hasNextPage && !infinite.isFetchingNextPage && !infinite.isFetchNextPageError,
      loadMore,
      loadFailed: infinite.isFetchNextPageError,
      total,
      totalCapped,
      rowCount: scrolledRowCount(total, totalCapped, items.length),
    }
  }
  const status: ListStatus = query.isPending
    ? 'loading'
    : query.error && !data
      ? 'error'
      : items.length === 0
        ? 'empty'
        : 'ready'

  const { filtered, kept } = useMemo(() => narrowing(config.url.serialise(url), config.url.keep), [config, url])
  const clearFilters = useCallback(() => goToQuery(kept), [goToQuery, kept])

  const published = useMemo(
    () => ({ selection, focused: focusedId ? { kind: config.kind, id: focusedId } : undefined }),
    [selection, focusedId, config],
  )
  return {
    url,
    searchText,
    setSearchText,
    searchRef,
    focusSearch,
    actor,
    rows,
    focus: shownFocus,
    selection,
    focusedId,
    focusRow,
    items,
    status,
    error: query.error,
    retry,
    paging,
    scrolling,
    published,
    filtered,
    clearFilters,
  }
}

/**
 * Whether the list query `query` narrows the list (a key other than `page` and the `keep` keys),
 * and the query with only the `keep` keys.
 */
export function narrowing(query: string, keep: readonly string[]): { filtered: boolean; kept: string } {
  const params = new URLSearchParams(query)
  const keys = [...params.keys()]
  const kept = new URLSearchParams([...params].filter(([key]) => keep.includes(key)))
  return { filtered: keys.some((key) => key !== 'page' && !keep.includes(key)), kept: kept.toString() }
}
