/**
 * The step-up dialog, mounted once in the protected layout: it renders the
 * console's step-up actor (step-up-gate.ts) while that actor is in a 'dialog' state — the notice
 * why it asks (the server names the sensitive action), that a code was mailed, the 6-digit code field, the server's message after a wrong code or a
 * failed send, and the Confirm / Send a new code / Cancel commands (`auth.stepUp.*`). Closing it
 * (×, Escape) is Cancel: the call is not made and the screen stays as it was. Leaving the
 * signed-in area cancels it too.
 */
import { useEffect, useMemo } from 'react'
import { useSelector } from '@xstate/react'
import { CommandButton, useCommandControl } from '../../../commands/command-button'
import { CommandLink } from '../../../commands/command-link'
import type { StepUpHandle } from '../../../commands/step-up.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { Dialog } from '../../../components/dialog'
import { Field, Input } from '../../../components/field'
import { stepUpGate } from '../../../machines/shared/step-up-gate'

export function StepUpDialog() {
  const actor = stepUpGate.actor
  const open = useSelector(actor, (s) => s.hasTag('dialog'))
  // Signing out unmounts the layout: a pending confirmation is cancelled, never left waiting.
  useEffect(() => () => actor.send({ type: 'cancel' }), [actor])
  return open ? <StepUpForm /> : null
}

function StepUpForm() {
  const actor = stepUpGate.actor
  const code = useSelector(actor, (s) => s.context.code)
  const reason = useSelector(actor, (s) => s.context.reason)
  const notice = useSelector(actor, (s) => s.context.notice)
  const error = useSelector(actor, (s) => s.context.error)
  const codeSent = useSelector(actor, (s) => s.context.sessionToken !== null)
  const sending = useSelector(actor, (s) => s.matches('sending'))
  const verifying = useSelector(actor, (s) => s.matches('verifying'))
  const handle = useMemo<StepUpHandle>(
    () => ({ actor, code, codeSent, busy: sending || verifying }),
    [actor, code, codeSent, sending, verifying],
  )
  usePublishCommandContext(useMemo(() => ({ stepUp: handle }), [handle]))
  const confirm = useCommandControl('auth.stepUp.confirm')
  const cancel = useCommandControl('auth.stepUp.cancel')

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && cancel.run()}
      title="Confirm it is you"
      size="sm"
      closeCommand="auth.stepUp.cancel"
      description={
        <>
          {reason && (
            <span className="step-up__reason" data-testid="step-up-reason">
              {reason}
            </span>
          )}
          {notice ??
            (sending
              ? 'Sending a code to your e-mail…'
              : reason
                ? null
                : 'This change needs a fresh confirmation: send a code to your e-mail.')}
        </>
      }
      footer={
        <>
          <CommandButton id="auth.stepUp.cancel" />
          <CommandButton id="auth.stepUp.confirm" variant="primary" loading={verifying} data-testid="step-up-confirm" />
        </>
      }
    >
      <form
        className="form-stack"
        noValidate
        data-testid="step-up-dialog"
        onSubmit={(e) => {
          e.preventDefault()
          confirm.run()
        }}
      >
        <Field label="Confirmation code" error={error ?? undefined}>
          {(id) => (
            <Input
              id={id}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              maxLength={6}
              placeholder="••••••"
              className="step-up__code"
              value={code}
              readOnly={verifying || sending}
              data-testid="step-up-code"
              onChange={(e) => actor.send({ type: 'code.change', code: e.target.value })}
            />
          )}
        </Field>
        <CommandLink id="auth.stepUp.resend" className="step-up__resend" />
      </form>
    </Dialog>
  )
}
