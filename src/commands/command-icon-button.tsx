/**
 * `<CommandIconButton id icon target?>`: an icon-only control of the signed-in screens, with the
 * design-system tooltip showing the command's label and shortcut. Same rule as `<CommandButton/>`
 * (hidden / disabled with its reason / labelled by the command); needs the TooltipProvider of the
 * protected area, so the login route keeps to `<CommandButton iconOnly/>`.
 */
import type { ReactNode } from 'react'
import type { ButtonProps } from '../components/button'
import { IconButton } from '../components/icon-button'
import { useCommandControl } from './command-button'
import type { CommandTarget } from './registry'

export interface CommandIconButtonProps extends Omit<ButtonProps, 'onClick' | 'id' | 'children' | 'icon'> {
  id: string
  icon: ReactNode
  /** The record this control belongs to; omitted for screen-level controls. */
  target?: CommandTarget
}

export function CommandIconButton({ id, icon, target, ...rest }: CommandIconButtonProps) {
  const { command, visible, reason, label, run } = useCommandControl(id, target)
  if (!visible) return null
  return (
    <IconButton
      {...rest}
      data-command={id}
      label={reason ?? label}
      icon={icon}
      shortcut={command.shortcut}
      disabled={!!reason || rest.disabled}
      onClick={(e) => {
        // Row controls sit inside a clickable row: the control acts, the row does not open.
        e.stopPropagation()
        run()
      }}
    />
  )
}
