/** A small status pill. Tones map to the design tokens (success = green, danger = red, ...). */
import type { ReactNode } from 'react'

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'danger' | 'warning' | 'info'

export function Badge({ tone = 'neutral', children, dot }: { tone?: BadgeTone; children: ReactNode; dot?: boolean }) {
  return (
    <span className={`badge badge--${tone}`}>
      {dot ? <span className="badge__dot" /> : null}
      {children}
    </span>
  )
}
