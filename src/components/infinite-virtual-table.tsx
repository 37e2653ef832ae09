/**
 * A virtualized table over a cursor-paged list that grows as it scrolls (issue 10: orders and
 * payments "scroll through every matching row without page jumps", under 2,500 DOM nodes however
 * far): only the rows in view (plus `overscan`) are mounted (@tanstack/react-virtual), the j/k
 * focus row is scrolled into view, and when the last mounted row comes within `threshold` rows of
 * the end of what is loaded, `onLoadMore` asks for the next page. While more can come, one extra
 * slot after the rows shows `footer` (a loading line, or a failed page's Retry). Generic: the list
 * supplies the header cells, the row id and `renderRow` (a `VirtualRow`); focus and selection come
 * from its machine (src/machines/list-selection.ts). VirtualTable (virtual-table.tsx) is the same
 * table without the load-more slot, for page-numbered lists.
 */
import { Fragment, useEffect, useRef, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Table, TableBody, TableHeader } from './table'
import type { VirtualRowSlot } from './virtual-table'

/** Where and how `renderRow` draws row `index`: the slot of VirtualTable, drawn with its `VirtualRow`. */
export type InfiniteRowSlot = VirtualRowSlot

export interface InfiniteVirtualTableProps<T> {
  rows: readonly T[]
  rowId: (row: T) => string
  /** CSS grid-template-columns shared by header and rows. */
  columns: string
  /** Fixed row height, px. */
  rowHeight: number
  header: ReactNode
  /** Index of the focus row; -1 = none. */
  focus: number
  selection: readonly string[]
  renderRow: (row: T, slot: InfiniteRowSlot) => ReactNode
  /** Every matching row (the server's count), for aria-rowcount; defaults to the loaded count. */
  total?: number
  /** Whether a next page exists and may be requested now (not while one loads or after one failed). */
  canLoadMore: boolean
  /** True while more rows exist than are loaded: keeps the footer slot. */
  hasMore: boolean
  onLoadMore: () => void
  /** The slot after the last row while `hasMore`: 'Loading more…' or a failed page's Retry. */
  footer?: ReactNode
  /** How close to the end (rows) the next page is requested. */
  threshold?: number
  /** Extra class on the table, after 'projects-table' (as VirtualTable). */
  className?: string
  /** data-testid of the scrolling body. */
  bodyTestId?: string
}

const OVERSCAN = 8

/**
 * Whether to ask for the next page: one may be requested now and the last mounted row
 * (`lastMounted`, -1 for none) is within `threshold` rows of the `loaded` count.
 */
export function shouldLoadMore(canLoadMore: boolean, lastMounted: number, loaded: number, threshold: number): boolean {
  return canLoadMore && lastMounted >= 0 && lastMounted >= loaded - threshold
}

export function InfiniteVirtualTable<T>({ rows, rowId, columns, rowHeight, header, focus, selection, renderRow, total, canLoadMore,
  hasMore, onLoadMore, footer, threshold = 20, className, bodyTestId }: InfiniteVirtualTableProps<T>) {
  const bodyRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length + (hasMore ? 1 : 0),
    getScrollElement: () => bodyRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
  })
  useEffect(() => {
    if (focus >= 0) virtualizer.scrollToIndex(focus, { align: 'auto' })
  }, [focus, virtualizer])

  const items = virtualizer.getVirtualItems()
  const lastMounted = items.length ? items[items.length - 1].index : -1
  // Runs when the range or the loaded rows change: near the end, ask for the next page once.
  useEffect(() => {
    if (shouldLoadMore(canLoadMore, lastMounted, rows.length, threshold)) onLoadMore()
  }, [canLoadMore, lastMounted, rows.length, threshold, onLoadMore])

  const selected = new Set(selection)
  return (
    <Table columns={columns} className={className ? `projects-table ${className}` : 'projects-table'} aria-rowcount={total ?? rows.length}>
      <TableHeader>{header}</TableHeader>
      <TableBody ref={bodyRef} className="projects-table__body" data-testid={bodyTestId}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            if (item.index >= rows.length) {
              return (
                <div key="footer" className="infinite-table__footer" style={{ position: 'absolute', top: 0, left: 0, right: 0,
                  height: item.size, transform: `translateY(${item.start}px)` }}>
                  {footer}
                </div>
              )
            }
            const row = rows[item.index]
            const id = rowId(row)
            return (
              <Fragment key={id}>
                {renderRow(row, { index: item.index, start: item.start, height: item.size, active: item.index === focus, selected: selected.has(id) })}
              </Fragment>
            )
          })}
        </div>
      </TableBody>
    </Table>
  )
}
