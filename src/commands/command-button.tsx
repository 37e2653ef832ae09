/** `<CommandButton id="projects.approve"/>`: a button running the same registry command as its shortcut. */
import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '../components/button'
import { ShortcutKeys } from '../components/kbd'
import { registry } from './registry'
import { useCommandContext } from './use-command-context'

export interface CommandButtonProps extends Omit<ButtonProps, 'onClick' | 'id'> {
  id: string
  /** Defaults to the command's title. */
  children?: ReactNode
  /** Show the shortcut keys inside the button. */
  showShortcut?: boolean
}

/** Hidden when the command does not apply; disabled with its reason as the tooltip when it cannot run. */
export function CommandButton({ id, children, showShortcut = false, ...rest }: CommandButtonProps) {
  const ctx = useCommandContext()
  const command = registry.get(id)
  if (!command) throw new Error(`Unknown command: ${id}`)
  if (!registry.isVisible(command, ctx)) return null
  const reason = registry.disabledReason(command, ctx)
  const title = command.label?.(ctx) ?? command.title
  return (
    <Button {...rest} data-command={id} disabled={!!reason || rest.disabled} title={reason ?? title} onClick={() => registry.run(command, ctx)}>
      {children ?? title}
      {showShortcut && command.shortcut ? <ShortcutKeys shortcut={command.shortcut} /> : null}
    </Button>
  )
}
