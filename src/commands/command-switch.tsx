/**
 * `<CommandSwitch id label description?>`: a radix switch (role="switch") whose state is the
 * command's `checked` and whose toggle runs it (decision 003), for settings that are on or off.
 * `label` names the setting itself ('Single-key shortcuts'); the command's own label ('Turn
 * single-key shortcuts off') is the palette's.
 */
import { useId, type ReactNode } from 'react'
import { Switch } from 'radix-ui'
import { useCommandControl } from './command-button'

export function CommandSwitch({ id, label, description }: { id: string; label: string; description?: ReactNode }) {
  const { visible, reason, checked, run } = useCommandControl(id)
  const labelId = useId()
  const descriptionId = useId()
  if (!visible) return null
  return (
    <div className="switch-field" title={reason ?? undefined}>
      <div className="switch-field__text">
        <span id={labelId} className="switch-field__label">
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className="switch-field__description muted">
            {description}
          </span>
        ) : null}
      </div>
      <Switch.Root
        className="switch"
        checked={checked === true}
        disabled={!!reason}
        onCheckedChange={() => run()}
        data-command={id}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
      >
        <Switch.Thumb className="switch__thumb" />
      </Switch.Root>
    </div>
  )
}
