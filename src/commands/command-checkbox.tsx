/**
 * `<CommandCheckbox id target? labelled?>`: a checkbox whose state is the command's `checked` and
 * whose toggle runs it (decision 003). `labelled` shows the command's label beside the box (form
 * fields); otherwise the label is the aria-label only (table rows, select-all).
 */
import { Checkbox } from '../components/checkbox'
import { useCommandControl } from './command-button'
import type { CommandTarget } from './registry'

export function CommandCheckbox({
  id,
  target,
  labelled = false,
}: {
  id: string
  target?: CommandTarget
  labelled?: boolean
}) {
  const { visible, reason, label, checked, run } = useCommandControl(id, target)
  if (!visible) return null
  const box = (
    <Checkbox
      aria-label={label}
      title={reason ?? undefined}
      data-command={id}
      checked={checked}
      disabled={!!reason}
      onCheckedChange={() => run()}
    />
  )
  if (!labelled) return box
  return (
    <label className="check-field" title={reason ?? undefined}>
      {box}
      <span>{label}</span>
    </label>
  )
}
