/**
 * Table primitives on CSS grid (role="table"), so later lists can virtualize the body with
 * @tanstack/react-virtual by absolutely positioning `TableRow`s. `columns` is a CSS
 * grid-template-columns value shared by header and rows, e.g. '32px 2fr 1fr 120px'; the sum of
 * its minimums is set as `--table-min-width`, so a wide table scrolls sideways instead of
 * squeezing its columns (src/components/list/list.css), without a hand-kept copy of that sum per table.
 */
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react'

type DivProps = HTMLAttributes<HTMLDivElement> & { ref?: React.Ref<HTMLDivElement> }

const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ')

/**
 * The smallest width in px of a grid-template-columns value: each fixed `Npx` track and each
 * `minmax(Npx, …)` track's minimum, summed (fr, auto and other tracks count 0).
 */
export function columnsMinWidth(columns: string): number {
  const tracks = columns.match(/minmax\([^)]*\)|\S+/g) ?? []
  return tracks.reduce((sum, track) => sum + Number(/^(?:minmax\(\s*)?(\d+(?:\.\d+)?)px/.exec(track)?.[1] ?? 0), 0)
}

export function Table({ columns, className, style, ...rest }: DivProps & { columns: string }) {
  const vars = { '--table-columns': columns, '--table-min-width': `${columnsMinWidth(columns)}px` }
  return (
    <div role="table" className={cx('table', className)} style={{ ...style, ...vars } as CSSProperties} {...rest} />
  )
}

export function TableHeader({ className, children, ...rest }: DivProps) {
  return (
    <div role="rowgroup" className={cx('table__header', className)} {...rest}>
      <div role="row" className="table__row table__row--head">
        {children}
      </div>
    </div>
  )
}

/** The scroll container of the rows; give it a height when virtualizing. */
export function TableBody({ className, ...rest }: DivProps) {
  return <div role="rowgroup" className={cx('table__body', className)} {...rest} />
}

export interface TableRowProps extends DivProps {
  selected?: boolean
  /** Keyboard focus (j/k) highlight, separate from DOM focus. */
  active?: boolean
}

export function TableRow({ selected, active, className, ...rest }: TableRowProps) {
  return (
    <div
      role="row"
      aria-selected={selected || undefined}
      data-active={active || undefined}
      className={cx('table__row', rest.onClick && 'table__row--clickable', className)}
      {...rest}
    />
  )
}

export function TableHeadCell({ className, align, ...rest }: DivProps & { align?: 'start' | 'end' }) {
  return (
    <div
      role="columnheader"
      className={cx('table__cell', 'table__cell--head', align === 'end' && 'table__cell--end', className)}
      {...rest}
    />
  )
}

export function TableCell({ className, align, ...rest }: DivProps & { align?: 'start' | 'end'; children?: ReactNode }) {
  return <div role="cell" className={cx('table__cell', align === 'end' && 'table__cell--end', className)} {...rest} />
}
