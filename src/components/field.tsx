/**
 * Form controls: `Field` (label + control + hint/error), `Input` and `TextArea`. The label is a
 * native <label> with radix Label's one behaviour (no text selection on double click) rather
 * than radix Label itself, which would add its Slot and Primitive packages to the login chunk.
 */
import { useId, type InputHTMLAttributes, type MouseEvent, type ReactNode, type TextareaHTMLAttributes } from 'react'

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
      <label className="field__label" htmlFor={id} onMouseDown={keepSelection}>
        {label}
      </label>
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

/** A double click on a label would select its text; the control gets the focus either way. */
function keepSelection(event: MouseEvent<HTMLLabelElement>) {
  if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean
  /** Content placed at the right edge inside the input (e.g. a show/hide toggle). */
  trailing?: ReactNode
  ref?: React.Ref<HTMLInputElement>
}

export function Input({ invalid, trailing, className, ...rest }: InputProps) {
  const input = (
    <input className={['input', className].filter(Boolean).join(' ')} aria-invalid={invalid || undefined} {...rest} />
  )
  if (!trailing) return input
  return (
    <div className="input-wrap">
      {input}
      <span className="input-wrap__trailing">{trailing}</span>
    </div>
  )
}

export function TextArea({
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  return <textarea className={['input', 'textarea', className].filter(Boolean).join(' ')} {...rest} />
}
