/**
 * A checkbox that runs a registered command (decision 003), like `<CommandButton/>` for buttons:
 * hidden when the command does not apply, disabled with its reason as the tooltip, labelled by the
 * command's title. `checked` is the state the view selected from its actor.
 */
import { Checkbox } from '../../../components/checkbox'
import { useCommandControl } from '../../../commands/command-button'
import type { CommandTarget } from '../../../commands/registry'

export function CommandCheckbox({ id, checked, target, label }: { id: string; checked: boolean; target?: CommandTarget; label?: string }) {
  const { command, visible, reason, run } = useCommandControl(id, target)
  if (!visible) return null
  const text = label ?? command.title
  return (
    <label className="check-field" title={reason ?? undefined}>
      <Checkbox checked={checked} disabled={!!reason} onCheckedChange={() => run()} aria-label={text} data-command={id} />
      <span>{text}</span>
    </label>
  )
}
