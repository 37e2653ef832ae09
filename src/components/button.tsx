/** Buttons: one look for every action. `IconButton` requires a label (aria-label and tooltip). */
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Spinner } from './spinner'
import { Tooltip } from './tooltip'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: 'sm' | 'md'
  /** Shows a spinner and disables the button. */
  loading?: boolean
  icon?: ReactNode
  ref?: React.Ref<HTMLButtonElement>
}

export function Button({ variant = 'secondary', size = 'md', loading, icon, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={['btn', `btn--${variant}`, size === 'sm' ? 'btn--sm' : '', className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={14} /> : icon}
      {children}
    </button>
  )
}

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'icon'> {
  label: string
  icon: ReactNode
  /** Shortcut shown in the tooltip, keys.ts notation. */
  shortcut?: string
}

export function IconButton({ label, icon, shortcut, variant = 'ghost', className, ...rest }: IconButtonProps) {
  return (
    <Tooltip content={label} shortcut={shortcut}>
      <Button variant={variant} aria-label={label} className={['btn--icon', className].filter(Boolean).join(' ')} icon={icon} {...rest} />
    </Tooltip>
  )
}
