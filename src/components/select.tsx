/**
 * A radix Select with the console's look. Option values must be non-empty strings (radix rule).
 *
 * The options mount once the select is first focused or opened: a closed radix Select otherwise
 * renders every option (eight components each) to read the selected one's text, and a list
 * screen's filter bar holds several selects that most visits never open. The trigger shows the
 * selected option's label itself; typing on a focused trigger still picks an option, since focus
 * mounts them.
 */
import { useState } from 'react'
import { Select as S } from 'radix-ui'
import { Check, ChevronDown } from 'lucide-react'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
  /** The command id the option runs (a test hook, as on every command control). */
  command?: string
}

export interface SelectProps {
  value: string
  onValueChange: (value: string) => void
  options: readonly SelectOption[]
  placeholder?: string
  'aria-label'?: string
  id?: string
  disabled?: boolean
  size?: 'sm' | 'md'
  'data-command'?: string
  title?: string
}

export function Select({
  value,
  onValueChange,
  options,
  placeholder,
  id,
  disabled,
  size = 'md',
  ...rest
}: SelectProps) {
  const [armed, setArmed] = useState(false)
  const selected = options.find((o) => o.value === value)
  return (
    <S.Root value={value} onValueChange={onValueChange} disabled={disabled} onOpenChange={() => setArmed(true)}>
      <S.Trigger
        onFocus={() => setArmed(true)}
        id={id}
        className={`select ${size === 'sm' ? 'select--sm' : ''}`}
        aria-label={rest['aria-label']}
        data-command={rest['data-command']}
        title={rest.title}
      >
        <S.Value placeholder={placeholder}>{selected?.label}</S.Value>
        <S.Icon className="select__icon">
          <ChevronDown size={14} />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content className="menu select__content" position="popper" sideOffset={4}>
          <S.Viewport>
            {(armed ? options : []).map((o) => (
              <S.Item
                key={o.value}
                value={o.value}
                className="menu__item"
                disabled={o.disabled}
                data-command={o.command}
              >
                <S.ItemText>{o.label}</S.ItemText>
                <S.ItemIndicator className="menu__indicator">
                  <Check size={14} />
                </S.ItemIndicator>
              </S.Item>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  )
}
