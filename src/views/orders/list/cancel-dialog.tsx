/**
 * The cancel confirmation of the orders screen (SPEC.md 4: cancelled is final): shown
 * while the list machine or the panel machine is `confirming`; its title names what is cancelled
 * ('Cancel order ORD-2026-000123?' / 'Cancel 3 orders?') with the line that it cannot be undone
 * (a bulk cancel: only from the undo toast, for 10 s).
 * Its buttons are the `orders.cancelConfirm.*` commands: Enter (the focused Cancel button) or
 * mod+Enter accepts, Escape / × / Keep dismisses and nothing changes.
 */
import { useMemo } from 'react'
import { CommandButton, useCommandControl } from '../../../commands/command-button'
import type { OrderCancelHandle } from '../../../commands/order-cancel.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { Dialog } from '../../../components/dialog'
import { cancelQuestion, cancelWarning } from '../../../machines/orders-list.rules'

export interface CancelDialogProps {
  open: boolean
  /** How many orders the answer cancels. */
  count: number
  /** The order's number (ORD-…) when one order is cancelled and known. */
  orderId?: string
  /** A bulk cancel (even of one order): undone from its toast. */
  undoable?: boolean
  answer: OrderCancelHandle['answer']
}

export function CancelDialog(props: CancelDialogProps) {
  return props.open ? <CancelQuestion {...props} /> : null
}

function CancelQuestion({ count, orderId, undoable = false, answer }: CancelDialogProps) {
  usePublishCommandContext(useMemo(() => ({ orderCancel: { answer, count } }), [answer, count]))
  const dismiss = useCommandControl('orders.cancelConfirm.dismiss')
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && dismiss.run()}
      size="sm"
      closeCommand="orders.cancelConfirm.dismiss"
      title={cancelQuestion(count, orderId)}
      description={cancelWarning(undoable)}
      footer={
        <>
          <CommandButton id="orders.cancelConfirm.dismiss" data-testid="cancel-dismiss" />
          <CommandButton
            id="orders.cancelConfirm.accept"
            variant="danger"
            autoFocus
            showShortcut
            data-testid="cancel-accept"
          />
        </>
      }
    />
  )
}
