/**
 * The virtualized list table shared by the admin lists (projects, users, orders and
 * payments), SPEC.md 2 and 8: a CSS-grid `Table` whose body mounts only the rows in view
 * (@tanstack/react-virtual) and scrolls the j/k focus row into view. The list supplies the header
 * cells and a `renderRow` that returns a `VirtualRow`; focus and selection come from the list's
 * machine (src/machines/shared/list-selection.rules.ts).
 *
 * Optional load-more (orders and payments "scroll through every matching row without
 * page jumps", under 2,500 DOM nodes however far): with `hasMore`, one extra slot after the rows
 * shows `footer` (a loading line, or a failed page's Retry), and when the last mounted row comes
 * within `threshold` rows of the end of what is loaded and `canLoadMore`, `onLoadMore` asks for the
 * next cursor page. Without these props it is a plain table for page-numbered lists.
 */
import { Fragment, useEffect, useRef, type CSSProperties, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRecentChange } from '../../lib/recent-changes'
import { Table, TableBody, TableHeader, TableRow, type TableRowProps } from '../table'

/** Where and how `renderRow` draws row `index`. */
export interface VirtualRowSlot {
  index: number
  /** Offset from the top of the body, px. */
  start: number
  /** Row height, px. */
  height: number
  /** The keyboard focus row (j/k). */
  active: boolean
  selected: boolean
}

export interface VirtualTableProps<T> {
  rows: readonly T[]
  /** The row's id: the React key and what `selection` holds. */
  rowId: (row: T) => string
  /** CSS grid-template-columns shared by header and rows. */
  columns: string
  /** Fixed row height, px. */
  rowHeight: number
  /** The header cells (`TableHeadCell`s). */
  header: ReactNode
  /** Index of the focus row; -1 = none. */
  focus: number
  selection: readonly string[]
  renderRow: (row: T, slot: VirtualRowSlot) => ReactNode
  /** Extra class on the table, after 'list-table'. */
  className?: string
  /** data-testid of the scrolling body. */
  bodyTestId?: string
  /** Every matching row (the server's count), for aria-rowcount; -1 when the count was capped (ARIA: unknown); defaults to the loaded count. */
  total?: number
  /** Load-more: whether a next page exists and may be requested now (not while one loads or after one failed). */
  canLoadMore?: boolean
  /** Load-more: true while more rows exist than are loaded: keeps the footer slot. */
  hasMore?: boolean
  /** Load-more: asks for the next page. */
  onLoadMore?: () => void
  /** The slot after the last row while `hasMore`: 'Loading more…' or a failed page's Retry. */
  footer?: ReactNode
  /** How close to the end (rows) the next page is requested. */
  threshold?: number
}

/**
 * Rows mounted beyond each edge of the view. Every mounted row is a few dozen components that
 * render on each move to the screen, and j/k steps one row at a time; three keep a wheel scroll
 * from showing empty space without drawing a third of a screen nobody sees.
 */
const OVERSCAN = 3

/**
 * Whether to ask for the next page: one may be requested now and the last mounted row
 * (`lastMounted`, -1 for none) is within `threshold` rows of the `loaded` count.
 */
export function shouldLoadMore(canLoadMore: boolean, lastMounted: number, loaded: number, threshold: number): boolean {
  return canLoadMore && lastMounted >= 0 && lastMounted >= loaded - threshold
}

/**
 * Whether row `index` (fixed `rowHeight` px) lies wholly inside the scrolled view (`offset` and
 * `size` px, as the virtualizer last observed them). A view not measured yet (size 0) holds none.
 */
export function rowInView(index: number, rowHeight: number, view: { offset: number; size: number }): boolean {
  const start = index * rowHeight
  return view.size > 0 && start >= view.offset && start + rowHeight <= view.offset + view.size
}

export function VirtualTable<T>({
  rows,
  rowId,
  columns,
  rowHeight,
  header,
  focus,
  selection,
  renderRow,
  className,
  bodyTestId,
  total,
  canLoadMore = false,
  hasMore = false,
  onLoadMore,
  footer,
  threshold = 20,
}: VirtualTableProps<T>) {
  const bodyRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length + (hasMore ? 1 : 0),
    getScrollElement: () => bodyRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
  })
  useEffect(() => {
    // A row already in view needs no scroll: asking anyway reads the layout for a few frames.
    const view = { offset: virtualizer.scrollOffset ?? 0, size: virtualizer.scrollRect?.height ?? 0 }
    if (focus >= 0 && !rowInView(focus, rowHeight, view)) virtualizer.scrollToIndex(focus, { align: 'auto' })
  }, [focus, rowHeight, virtualizer])

  const items = virtualizer.getVirtualItems()
  const lastMounted = items.length ? items[items.length - 1].index : -1
  // Runs when the range or the loaded rows change: near the end, ask for the next page once.
  useEffect(() => {
    if (onLoadMore && shouldLoadMore(canLoadMore, lastMounted, rows.length, threshold)) onLoadMore()
  }, [canLoadMore, lastMounted, rows.length, threshold, onLoadMore])

  const selected = new Set(selection)
  return (
    <Table
      columns={columns}
      className={className ? `list-table ${className}` : 'list-table'}
      aria-rowcount={total ?? rows.length}
    >
      <TableHeader>{header}</TableHeader>
      <TableBody ref={bodyRef} className="list-table__body" data-testid={bodyTestId}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            if (item.index >= rows.length) {
              return (
                <div
                  key="footer"
                  className="infinite-table__footer"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: item.size,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  {footer}
                </div>
              )
            }
            const row = rows[item.index]
            const id = rowId(row)
            return (
              <Fragment key={id}>
                {renderRow(row, {
                  index: item.index,
                  start: item.start,
                  height: item.size,
                  active: item.index === focus,
                  selected: selected.has(id),
                })}
              </Fragment>
            )
          })}
        </div>
      </TableBody>
    </Table>
  )
}

export interface VirtualRowProps extends Omit<TableRowProps, 'onClick' | 'active' | 'selected'>, VirtualRowSlot {
  /** The row's id (data-id) and what `onOpen` receives. */
  id: string
  onOpen: (id: string) => void
}

/**
 * An absolutely positioned `TableRow` at the slot (spread the `VirtualRowSlot` as props, so a
 * memoized row component compares plain values); a click opens the row.
 */
export function VirtualRow({
  id,
  index,
  start,
  height,
  active,
  selected,
  onOpen,
  className,
  style,
  ...rest
}: VirtualRowProps) {
  // Another admin changed this record a moment ago (live events, decision 044): say who.
  const changedBy = useRecentChange(id)
  const position: CSSProperties = {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height,
    transform: `translateY(${start}px)`,
  }
  return (
    <TableRow
      active={active}
      selected={selected}
      aria-rowindex={index + 1}
      data-id={id}
      className={['list-row', changedBy && 'list-row--changed', className].filter(Boolean).join(' ')}
      style={{ ...position, ...style }}
      {...(changedBy ? { title: `${changedBy} changed this`, 'data-changed-by': changedBy } : {})}
      onClick={() => onOpen(id)}
      {...rest}
    />
  )
}
