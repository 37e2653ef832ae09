/**
 * The flow's banner: the current error with Retry (for a failed step) and Dismiss, or the success
 * notice. Both buttons are commands. A new error is scrolled into view: it sits below a file list
 * that may be long, and the admin pressed Upload Files above it.
 */
import { useEffect, useRef } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { CommandButton } from '../../../commands/command-button'
import type { uploadMachine } from '../../../machines/upload.machine'

export function FlowMessages({ actor }: { actor: ActorRefFrom<typeof uploadMachine> }) {
  const error = useSelector(actor, (s) => s.context.error)
  const notice = useSelector(actor, (s) => s.context.notice)
  const banner = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (error) banner.current?.scrollIntoView({ block: 'nearest' })
  }, [error])
  if (error) {
    return (
      <div ref={banner} className="banner banner--error flow-message" role="alert" data-testid="flow-error">
        <div>
          <strong>{error.title}</strong>
          {error.detail ? <p className="flow-message__detail">{error.detail}</p> : null}
        </div>
        <div className="flow-message__actions">
          <CommandButton id="projects.new.retry" size="sm">
            Retry
          </CommandButton>
          <CommandButton id="projects.new.dismiss" size="sm" variant="ghost" />
        </div>
      </div>
    )
  }
  return notice ? (
    <p className="banner banner--success" role="status" data-testid="flow-notice">
      {notice}
    </p>
  ) : null
}
