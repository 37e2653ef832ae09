/**
 * `<CommandButton id="projects.approve"/>`: a button running the same registry command as its
 * shortcut and palette entry. One rule for every control: hidden when the command does not apply,
 * disabled with its reason as the tooltip when it cannot run, labelled by the command. Per-item
 * controls pass `target` (the row, image or entry they belong to); `iconOnly` shows only the icon,
 * with the label as aria-label and native title. It loads no tooltip library, so the login route
 * can use it; the signed-in screens use `<CommandIconButton/>` (the design-system tooltip with the
 * shortcut). Siblings: command-icon-button, command-link, command-checkbox, command-select.
 */
import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '../components/button'
import { ShortcutKeys } from '../components/kbd'
import { withTarget, type CommandContext, type CommandRegistry, type CommandTarget } from './registry'
import { useCommandContext, useRegistry } from './use-command-context'

export interface CommandButtonProps extends Omit<ButtonProps, 'onClick' | 'id'> {
  id: string
  /** The record this control belongs to; omitted for screen-level controls. */
  target?: CommandTarget
  /** Defaults to the command's label or title. */
  children?: ReactNode
  /** Show the shortcut keys inside the button. */
  showShortcut?: boolean
  /** Render only `icon`, with the label as aria-label and native title (no tooltip library). */
  iconOnly?: boolean
}

/** The resolved state of command `id` of `registry` in `base` (with `target` focused): visible, disabled reason, label, checked, run. */
export function resolveCommand(registry: CommandRegistry, base: CommandContext, id: string, target?: CommandTarget) {
  const command = registry.get(id)
  if (!command) throw new Error(`Unknown command: ${id} (not in this scope's registry)`)
  const ctx = withTarget(base, target)
  return {
    command,
    visible: registry.isVisible(command, ctx),
    reason: registry.disabledReason(command, ctx),
    label: command.label?.(ctx) ?? command.title,
    checked: command.checked?.(ctx) ?? false,
    run: () => registry.run(command, ctx),
  }
}

/** `resolveCommand` in the current command context. */
export function useCommandControl(id: string, target?: CommandTarget) {
  return resolveCommand(useRegistry(), useCommandContext(), id, target)
}

export function CommandButton({
  id,
  target,
  children,
  showShortcut = false,
  iconOnly = false,
  icon,
  ...rest
}: CommandButtonProps) {
  const { command, visible, reason, label, run } = useCommandControl(id, target)
  if (!visible) return null
  const common = {
    ...rest,
    'data-command': id,
    disabled: !!reason || rest.disabled,
    onClick: (e: React.MouseEvent) => {
      // Row controls sit inside a clickable row: the control acts, the row does not open.
      e.stopPropagation()
      run()
    },
  }
  if (iconOnly && icon) {
    return (
      <Button
        variant="ghost"
        {...common}
        className={['btn--icon', rest.className].filter(Boolean).join(' ')}
        aria-label={label}
        icon={icon}
        title={reason ?? label}
      />
    )
  }
  return (
    <Button {...common} icon={icon} title={reason ?? label}>
      {children ?? label}
      {showShortcut && command.shortcut ? <ShortcutKeys shortcut={command.shortcut} /> : null}
    </Button>
  )
}
