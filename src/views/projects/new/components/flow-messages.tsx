/** The flow's banner: the current error with Retry (for a failed step) and Dismiss, or the success notice. */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Button } from '../../../../components/button'
import type { uploadMachine } from '../../../../machines/upload.machine'

export function FlowMessages({ actor }: { actor: ActorRefFrom<typeof uploadMachine> }) {
  const error = useSelector(actor, (s) => s.context.error)
  const notice = useSelector(actor, (s) => s.context.notice)
  const canRetry = useSelector(actor, (s) => s.matches('failed'))
  if (error) {
    return (
      <div className="banner banner--error flow-message" role="alert" data-testid="flow-error">
        <div>
          <strong>{error.title}</strong>
          {error.detail ? <p className="flow-message__detail">{error.detail}</p> : null}
        </div>
        <div className="flow-message__actions">
          {canRetry ? <Button size="sm" onClick={() => actor.send({ type: 'step.retry' })}>Retry</Button> : null}
          <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'error.dismiss' })}>Dismiss</Button>
        </div>
      </div>
    )
  }
  return notice ? <p className="banner banner--success" role="status" data-testid="flow-notice">{notice}</p> : null
}
