/**
 * Dialogs on radix: `Dialog` (general), `ConfirmDialog` (replaces window.confirm) and
 * `PromptDialog` (replaces window.prompt; e.g. the reject reason). All are controlled by `open`.
 * In every dialog mod+Enter (Ctrl+Enter, ⌘+Enter) presses its confirming button, from a text field too.
 */
import { useState, type KeyboardEvent, type ReactNode } from 'react'
import { Dialog as D } from 'radix-ui'
import { X } from 'lucide-react'
import { Button } from './button'
import { Field, TextArea } from './field'
import { useReturnFocus } from './return-focus'

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg'
  /** 'answer' marks a confirm or prompt dialog, whose footer and × only answer it (decision 003). */
  kind?: 'answer'
  /** The command the × stands for (it closes through onOpenChange, which runs the same event). */
  closeCommand?: string
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  kind,
  closeCommand,
}: DialogProps) {
  const returnFocus = useReturnFocus()
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="overlay" />
        <D.Content
          className={`dialog dialog--${size}`}
          data-dialog={kind}
          {...returnFocus}
          onKeyDown={confirmOnModEnter}
        >
          <header className="dialog__header">
            <D.Title className="dialog__title">{title}</D.Title>
            <D.Close asChild>
              <button
                className="btn btn--ghost btn--icon btn--sm dialog__close"
                aria-label="Close"
                data-command={closeCommand}
              >
                <X size={14} />
              </button>
            </D.Close>
          </header>
          {description ? (
            <D.Description className="dialog__description">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          {children ? <div className="dialog__body">{children}</div> : null}
          {footer ? <footer className="dialog__footer">{footer}</footer> : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}

/** The confirming button of a dialog's footer: the last primary or danger one (footers end with it). */
const CONFIRM_SELECTOR = '.dialog__footer .btn--primary, .dialog__footer .btn--danger'

/**
 * mod+Enter inside a dialog clicks its confirming button when that is enabled, so the dialog's
 * own rule (a command, a prompt's submit) decides what happens. A disabled one is left to the
 * global key handler, which says why (a command's disabled reason); a key already handled (a radix
 * checkbox's) is left alone.
 */
export function confirmOnModEnter(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return
  if (event.nativeEvent.isComposing) return
  const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>(CONFIRM_SELECTOR)
  const confirm = buttons[buttons.length - 1]
  if (!confirm || confirm.disabled || confirm.getAttribute('aria-disabled') === 'true') return
  event.preventDefault()
  confirm.click()
}

/** Cancel (closes) and the confirming action: the footer of ConfirmDialog and PromptDialog. */
function ConfirmFooter({
  onCancel,
  label,
  tone,
  busy,
  disabled,
  autoFocus,
  onConfirm,
}: {
  onCancel: () => void
  label: string
  tone: 'default' | 'danger'
  busy?: boolean
  disabled?: boolean
  autoFocus?: boolean
  onConfirm: () => void
}) {
  return (
    <>
      <Button onClick={onCancel}>Cancel</Button>
      <Button
        variant={tone === 'danger' ? 'danger' : 'primary'}
        loading={busy}
        disabled={disabled}
        onClick={onConfirm}
        autoFocus={autoFocus}
      >
        {label}
      </Button>
    </>
  )
}

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  confirmLabel?: string
  /** Danger styles the confirm button red (deletes). */
  tone?: 'default' | 'danger'
  busy?: boolean
  onConfirm: () => void
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  tone = 'default',
  busy,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      kind="answer"
      footer={
        <ConfirmFooter
          onCancel={() => onOpenChange(false)}
          label={confirmLabel}
          tone={tone}
          busy={busy}
          autoFocus
          onConfirm={onConfirm}
        />
      }
    />
  )
}

export interface PromptDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  label: string
  placeholder?: string
  initialValue?: string
  /** When true the confirm button needs non-blank text. */
  required?: boolean
  confirmLabel?: string
  tone?: 'default' | 'danger'
  /** Receives the trimmed text. Cancelling never calls it. */
  onSubmit: (value: string) => void
}

export function PromptDialog(props: PromptDialogProps) {
  // Remount the form each time it opens so the text starts from initialValue.
  return props.open ? (
    <PromptForm {...props} />
  ) : (
    <Dialog open={false} onOpenChange={props.onOpenChange} title={props.title} />
  )
}

function PromptForm({
  open,
  onOpenChange,
  title,
  description,
  label,
  placeholder,
  initialValue = '',
  required,
  confirmLabel = 'OK',
  tone = 'default',
  onSubmit,
}: PromptDialogProps) {
  const [value, setValue] = useState(initialValue)
  const blank = value.trim().length === 0
  const submit = () => {
    if (required && blank) return
    onSubmit(value.trim())
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      kind="answer"
      footer={
        <ConfirmFooter
          onCancel={() => onOpenChange(false)}
          label={confirmLabel}
          tone={tone}
          disabled={required && blank}
          onConfirm={submit}
        />
      }
    >
      <Field label={label}>
        {(id) => (
          <TextArea
            id={id}
            autoFocus
            rows={3}
            value={value}
            placeholder={placeholder}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Field>
    </Dialog>
  )
}
