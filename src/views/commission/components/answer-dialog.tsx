/**
 * A question the admin answers before something is lost (SPEC.md 2 "Are you sure you want to delete
 * this configuration?", the modal's 'Discard changes?'), on radix AlertDialog: focus starts on
 * Cancel, Escape and Cancel answer no, the confirm button answers yes. Marked `data-dialog="answer"`:
 * its two buttons only answer it (decision 003).
 */
import type { ReactNode } from 'react'
import { AlertDialog } from 'radix-ui'
import { Button } from '../../../components/button'
import { useReturnFocus } from '../../../components/return-focus'

export interface AnswerDialogProps {
  open: boolean
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  cancelLabel?: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
  'data-testid'?: string
}

export function AnswerDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy,
  onConfirm,
  onCancel,
  ...rest
}: AnswerDialogProps) {
  const returnFocus = useReturnFocus()
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel()
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay answer-dialog__overlay" />
        <AlertDialog.Content
          className="dialog dialog--sm answer-dialog"
          data-dialog="answer"
          data-testid={rest['data-testid']}
          {...returnFocus}
        >
          <header className="dialog__header">
            <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          </header>
          <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
          <footer className="dialog__footer">
            <AlertDialog.Cancel asChild>
              <Button disabled={busy}>{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </footer>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
