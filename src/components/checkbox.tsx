/** A radix checkbox; `checked` may be 'indeterminate' for a partly selected list header. */
import { Checkbox as C } from 'radix-ui'
import { Check, Minus } from 'lucide-react'

export interface CheckboxProps {
  checked: boolean | 'indeterminate'
  onCheckedChange: (checked: boolean) => void
  'aria-label'?: string
  id?: string
  disabled?: boolean
  title?: string
  'data-command'?: string
}

export function Checkbox({ checked, onCheckedChange, id, disabled, title, ...rest }: CheckboxProps) {
  return (
    <C.Root
      id={id}
      className="checkbox"
      checked={checked}
      disabled={disabled}
      aria-label={rest['aria-label']}
      title={title}
      data-command={rest['data-command']}
      onCheckedChange={(next) => onCheckedChange(next === true)}
      onClick={(e) => e.stopPropagation()}
    >
      <C.Indicator className="checkbox__indicator">
        {checked === 'indeterminate' ? <Minus size={12} /> : <Check size={12} />}
      </C.Indicator>
    </C.Root>
  )
}
