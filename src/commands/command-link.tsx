/**
 * `<CommandLink id>`: a text button (`link-button`) or, with `plain`, an unstyled button that
 * renders from its command with CommandButton's one rule (visible / disabled with the reason as
 * tooltip / label) and `data-command`.
 */
import type { ReactNode } from 'react'
import { useCommandControl } from './command-button'
import type { CommandTarget } from './registry'

interface LinkProps {
  id: string
  target?: CommandTarget
  /** Defaults to the command's label. */
  children?: ReactNode
  className?: string
  /** Drop the link look (for custom list items such as the owner picker's users). */
  plain?: boolean
  'data-testid'?: string
}

/** A text button (`link-button`), or with `plain` an unstyled button; `aria-pressed` follows `checked` when the command has one. */
export function CommandLink({ id, target, children, className, plain = false, ...rest }: LinkProps) {
  const { command, visible, reason, label, checked, run } = useCommandControl(id, target)
  if (!visible) return null
  return (
    <button
      type="button"
      className={[plain ? '' : 'link-button', className].filter(Boolean).join(' ')}
      data-command={id}
      disabled={!!reason}
      title={reason ?? (children ? label : undefined)}
      aria-pressed={command.checked ? checked === true : undefined}
      data-testid={rest['data-testid']}
      onClick={(e) => {
        e.stopPropagation()
        run()
      }}
    >
      {children ?? label}
    </button>
  )
}
