/** `<CommandCheckbox id target?>`: a checkbox whose state is the command's `checked` and whose toggle runs it. */
import { Checkbox } from '../components/checkbox'
import { useCommandControl } from './command-button'
import type { CommandTarget } from './registry'

/** A checkbox whose state is the command's `checked` and whose toggle runs it; aria-label is the label. */
export function CommandCheckbox({ id, target }: { id: string; target?: CommandTarget }) {
  const { visible, reason, label, checked, run } = useCommandControl(id, target)
  if (!visible) return null
  return <Checkbox aria-label={label} title={reason ?? undefined} data-command={id} checked={checked} disabled={!!reason} onCheckedChange={() => run()} />
}

