/**
 * The other controls a command renders, with CommandButton's one rule (visible / disabled with
 * the reason as tooltip / label) and `data-command`: `CommandLink` (a link-styled button),
 * `CommandCheckbox` (checked from the command's `checked`) and `CommandSelect` (each option is a
 * command; the selected one is the option whose `checked` holds, choosing one runs it).
 */
import type { ReactNode } from 'react'
import { Checkbox } from '../components/checkbox'
import { Select } from '../components/select'
import { resolveCommand, useCommandControl } from './command-button'
import type { CommandTarget } from './registry'
import { useCommandContext } from './use-command-context'

interface LinkProps {
  id: string
  target?: CommandTarget
  /** Defaults to the command's label. */
  children?: ReactNode
  className?: string
  /** Drop the link look (for custom list items such as the owner picker's users). */
  plain?: boolean
  'data-testid'?: string
}

/** A text button (`link-button`), or with `plain` an unstyled button; `aria-pressed` follows `checked` when the command has one. */
export function CommandLink({ id, target, children, className, plain = false, ...rest }: LinkProps) {
  const { command, visible, reason, label, checked, run } = useCommandControl(id, target)
  if (!visible) return null
  return (
    <button type="button" className={[plain ? '' : 'link-button', className].filter(Boolean).join(' ')} data-command={id}
      disabled={!!reason} title={reason ?? (children ? label : undefined)} aria-pressed={command.checked ? checked === true : undefined}
      data-testid={rest['data-testid']} onClick={(e) => { e.stopPropagation(); run() }}>
      {children ?? label}
    </button>
  )
}

/** A checkbox whose state is the command's `checked` and whose toggle runs it; aria-label is the label. */
export function CommandCheckbox({ id, target }: { id: string; target?: CommandTarget }) {
  const { visible, reason, label, checked, run } = useCommandControl(id, target)
  if (!visible) return null
  return <Checkbox aria-label={label} title={reason ?? undefined} data-command={id} checked={checked} disabled={!!reason} onCheckedChange={() => run()} />
}

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
  const resolved = options.map((o) => ({ option: o, ...resolveCommand(ctx, o.id, o.target) })).filter((r) => r.visible)
  if (resolved.length === 0) return null
  const selected = resolved.find((r) => r.checked === true)
  return (
    <Select id={id} aria-label={rest['aria-label']} placeholder={placeholder} size={size}
      data-command={(selected ?? resolved[0]).option.id} value={selected ? keyOf(selected.option) : ''}
      options={resolved.map((r) => ({ value: keyOf(r.option), label: r.label, disabled: !!r.reason, command: r.option.id }))}
      onValueChange={(value) => resolved.find((r) => keyOf(r.option) === value)?.run()} />
  )
}
