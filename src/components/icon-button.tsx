/**
 * An icon-only button: requires a label (aria-label and tooltip). Kept apart from `Button` so
 * that screens with plain buttons (login) do not load the tooltip and its positioning library.
 */
import type { ReactNode } from 'react'
import { Button, type ButtonProps } from './button'
import { Tooltip } from './tooltip'

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'icon'> {
  label: string
  icon: ReactNode
  /** Shortcut shown in the tooltip, keys.ts notation. */
  shortcut?: string
}

export function IconButton({ label, icon, shortcut, variant = 'ghost', className, ...rest }: IconButtonProps) {
  return (
    <Tooltip content={label} shortcut={shortcut}>
      <Button
        variant={variant}
        aria-label={label}
        className={['btn--icon', className].filter(Boolean).join(' ')}
        icon={icon}
        {...rest}
      />
    </Tooltip>
  )
}
