/**
 * `<CommandRadioGroup label options>`: a radix RadioGroup whose items are commands (decision 003),
 * drawn as the design system's radio (`.radio`): an item is chosen when its command's `checked`
 * says so, and choosing it runs that command with the item's target.
 */
import { RadioGroup } from 'radix-ui'
import { resolveCommand } from './command-button'
import type { CommandTarget } from './registry'
import { useCommandContext, useRegistry } from './use-command-context'

export function CommandRadioGroup({
  label,
  options,
}: {
  label: string
  options: readonly { id: string; target: CommandTarget }[]
}) {
  const registry = useRegistry()
  const ctx = useCommandContext()
  const items = options.map((option) => ({ ...option, ...resolveCommand(registry, ctx, option.id, option.target) }))
  const value = items.find((item) => item.checked)?.target.id ?? ''
  return (
    <RadioGroup.Root
      className="radio-group"
      aria-label={label}
      orientation="horizontal"
      value={value}
      onValueChange={(chosen) => items.find((item) => item.target.id === chosen)?.run()}
    >
      {items
        .filter((item) => item.visible)
        .map((item) => (
          <label key={item.target.id} className="check-field" title={item.reason ?? undefined}>
            <RadioGroup.Item value={item.target.id} className="radio" data-command={item.id} disabled={!!item.reason}>
              <RadioGroup.Indicator className="radio__indicator" />
            </RadioGroup.Item>
            <span>{item.label}</span>
          </label>
        ))}
    </RadioGroup.Root>
  )
}
