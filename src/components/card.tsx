/** Surfaces: `Card` (titled panel) and `StatCard` (one figure with an optional trend line). */
import type { ReactNode } from 'react'

export function Card({
  title,
  actions,
  children,
  className,
  ...rest
}: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string } & Omit<
  React.HTMLAttributes<HTMLElement>,
  'title'
>) {
  return (
    <section className={['card', className].filter(Boolean).join(' ')} {...rest}>
      {title || actions ? (
        <header className="card__header">
          {title ? <h2>{title}</h2> : null}
          {actions}
        </header>
      ) : null}
      <div className="card__body">{children}</div>
    </section>
  )
}

export type Trend = 'up' | 'down' | 'flat'

export interface StatCardProps {
  label: string
  /** Shown in place of `label`'s text (e.g. the label with its definition as a tooltip); `label` stays the card's name. */
  term?: ReactNode
  value: ReactNode
  icon?: ReactNode
  /** A line under the value, coloured by `trend` (up = green, down = red, flat = neutral). */
  footer?: ReactNode
  trend?: Trend
  /** Stable name for tests and styling: rendered as data-stat. */
  name?: string
}

export function StatCard({ label, term, value, icon, footer, trend = 'flat', name }: StatCardProps) {
  return (
    <section className="stat-card" data-testid="stat-card" data-stat={name} aria-label={label}>
      <div className="stat-card__top">
        <span className="stat-card__label">{term ?? label}</span>
        {icon ? <span className="stat-card__icon">{icon}</span> : null}
      </div>
      <div className="stat-card__value num">{value}</div>
      {footer ? <div className={`stat-card__footer trend--${trend}`}>{footer}</div> : null}
    </section>
  )
}
