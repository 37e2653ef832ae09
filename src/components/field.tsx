/** Form controls: `Field` (label + control + hint/error), `Input` and `TextArea`. */
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { Label } from 'radix-ui'

export interface FieldProps {
  label: ReactNode
  /** Render prop receives the id to put on the control. */
  children: (id: string) => ReactNode
  hint?: ReactNode
  error?: ReactNode
}

export function Field({ label, children, hint, error }: FieldProps) {
  const id = useId()
  return (
    <div className="field">
      <Label.Root className="field__label" htmlFor={id}>
        {label}
      </Label.Root>
      {children(id)}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint">{hint}</p>
      ) : null}
    </div>
  )
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean
  /** Content placed at the right edge inside the input (e.g. a show/hide toggle). */
  trailing?: ReactNode
  ref?: React.Ref<HTMLInputElement>
}

export function Input({ invalid, trailing, className, ...rest }: InputProps) {
  const input = <input className={['input', className].filter(Boolean).join(' ')} aria-invalid={invalid || undefined} {...rest} />
  if (!trailing) return input
  return (
    <div className="input-wrap">
      {input}
      <span className="input-wrap__trailing">{trailing}</span>
    </div>
  )
}

export function TextArea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  return <textarea className={['input', 'textarea', className].filter(Boolean).join(' ')} {...rest} />
}
