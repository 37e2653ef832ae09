/**
 * A details panel docked on the right of a list screen (a payment or an order opens in a
 * side panel). Not modal: the list behind it keeps its keys (j/k, Enter opens another row in it).
 * The screen passes the panel's controls as `actions` (its close command among them), so every
 * control stays a command; the panel itself holds no state.
 */
import type { ReactNode } from 'react'

export interface SidePanelProps {
  title: ReactNode
  /** A line under the title (ids, dates). */
  subtitle?: ReactNode
  /** The header's controls (CommandIconButtons: close, open elsewhere). */
  actions?: ReactNode
  children: ReactNode
  'data-testid'?: string
}

export function SidePanel({ title, subtitle, actions, children, ...rest }: SidePanelProps) {
  return (
    <aside
      className="side-panel"
      aria-label={typeof title === 'string' ? title : undefined}
      data-testid={rest['data-testid']}
    >
      <header className="side-panel__header">
        <div className="side-panel__heading">
          <h2 className="side-panel__title">{title}</h2>
          {subtitle ? <p className="side-panel__subtitle muted">{subtitle}</p> : null}
        </div>
        {actions ? <div className="side-panel__actions">{actions}</div> : null}
      </header>
      <div className="side-panel__body">{children}</div>
    </aside>
  )
}

/** A label/value list inside a panel section. */
export function DetailList({ items }: { items: ReadonlyArray<{ label: string; value: ReactNode; testId?: string }> }) {
  return (
    <dl className="detail-list">
      {items.map((item) => (
        <div className="detail-list__item" key={item.label} data-testid={item.testId}>
          <dt className="detail-list__label">{item.label}</dt>
          <dd className="detail-list__value">{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
