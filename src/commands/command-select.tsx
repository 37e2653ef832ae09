/**
 * `<CommandSelect options>`: a select whose options are commands; the selected one is the option
 * whose `checked` holds, choosing one runs it. Each option and the trigger carry `data-command`.
 */
import { Select } from '../components/select'
import { resolveCommand } from './command-button'
import type { CommandTarget } from './registry'
import { useCommandContext, useRegistry } from './use-command-context'

/** One option of a CommandSelect: a command, optionally with the value it stands for as `target`. */
export interface CommandOption {
  id: string
  target?: CommandTarget
}

const keyOf = (o: CommandOption) => (o.target ? `${o.id}:${o.target.id}` : o.id)

interface SelectProps {
  options: readonly CommandOption[]
  'aria-label'?: string
  placeholder?: string
  size?: 'sm' | 'md'
  id?: string
}

/** A select over option commands; the trigger carries the selected (else the first) option's id. */
export function CommandSelect({ options, placeholder, size, id, ...rest }: SelectProps) {
  const ctx = useCommandContext()
  const registry = useRegistry()
  const resolved = options
    .map((o) => ({ option: o, ...resolveCommand(registry, ctx, o.id, o.target) }))
    .filter((r) => r.visible)
  if (resolved.length === 0) return null
  const selected = resolved.find((r) => r.checked === true)
  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      placeholder={placeholder}
      size={size}
      data-command={(selected ?? resolved[0]).option.id}
      value={selected ? keyOf(selected.option) : ''}
      options={resolved.map((r) => ({
        value: keyOf(r.option),
        label: r.label,
        disabled: !!r.reason,
        command: r.option.id,
      }))}
      onValueChange={(value) => resolved.find((r) => keyOf(r.option) === value)?.run()}
    />
  )
}
