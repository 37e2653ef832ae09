/**
 * A figure's name with its definition (definitions.ts) as a radix tooltip: shown on hover and on
 * keyboard focus (the term is focusable but no control, so it runs no command).
 */
import type { ReactNode } from 'react'
import { Tooltip } from '../../../components/tooltip'
import { FIGURE_DEFINITIONS, type Figure } from '../definitions'

export function FigureTerm({ figure, children }: { figure: Figure; children: ReactNode }) {
  return (
    <Tooltip
      content={
        <span className="figure-definition" data-testid="figure-definition">
          {FIGURE_DEFINITIONS[figure]}
        </span>
      }
    >
      <span className="figure-term" tabIndex={0} data-figure={figure}>
        {children}
      </span>
    </Tooltip>
  )
}
