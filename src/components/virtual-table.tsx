/**
 * The virtualized list table shared by the admin lists (projects, users; issue 10 orders and
 * payments), SPEC.md 2 and 8: a CSS-grid `Table` whose body mounts only the rows in view
 * (@tanstack/react-virtual) and scrolls the j/k focus row into view. The list supplies the header
 * cells and a `renderRow` that returns a `VirtualRow`; focus and selection come from the list's
 * machine (src/machines/list-selection.ts).
 */
import { Fragment, useEffect, useRef, type CSSProperties, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Table, TableBody, TableHeader, TableRow, type TableRowProps } from './table'

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
  /** Extra class on the table, after 'projects-table'. */
  className?: string
  /** data-testid of the scrolling body. */
  bodyTestId?: string
}

export function VirtualTable<T>({ rows, rowId, columns, rowHeight, header, focus, selection, renderRow, className, bodyTestId }: VirtualTableProps<T>) {
  const bodyRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => bodyRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  })
  useEffect(() => {
    if (focus >= 0) virtualizer.scrollToIndex(focus, { align: 'auto' })
  }, [focus, virtualizer])

  return (
    <Table columns={columns} className={className ? `projects-table ${className}` : 'projects-table'} aria-rowcount={rows.length}>
      <TableHeader>{header}</TableHeader>
      <TableBody ref={bodyRef} className="projects-table__body" data-testid={bodyTestId}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]
            const id = rowId(row)
            return (
              <Fragment key={id}>
                {renderRow(row, { index: item.index, start: item.start, height: item.size, active: item.index === focus, selected: selection.includes(id) })}
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
export function VirtualRow({ id, index, start, height, active, selected, onOpen, className, style, ...rest }: VirtualRowProps) {
  const position: CSSProperties = { position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${start}px)` }
  return (
    <TableRow
      active={active}
      selected={selected}
      aria-rowindex={index + 1}
      data-id={id}
      className={className ? `projects-row ${className}` : 'projects-row'}
      style={{ ...position, ...style }}
      onClick={() => onOpen(id)}
      {...rest}
    />
  )
}
