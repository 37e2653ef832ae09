/** Full-area states every screen uses: loading, empty and error (with Retry). */
import type { ReactNode } from 'react'
import { CircleAlert, Inbox } from 'lucide-react'
import { Button } from './button'
import { Spinner } from './spinner'

export function LoadingState({ title, description }: { title: string; description?: string }) {
  return (
    <div className="state" data-testid="loading-state">
      <Spinner size={24} label={title} />
      <h2>{title}</h2>
      {description ? <p className="muted">{description}</p> : null}
    </div>
  )
}

export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode
  title: string
  description?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="state" data-testid="empty-state">
      <span className="state__icon">{icon ?? <Inbox size={20} />}</span>
      <h2>{title}</h2>
      {description ? <p className="muted">{description}</p> : null}
      {action}
    </div>
  )
}

/** `action` is the screen's retry control (a command); `onRetry` a plain Retry button for screens without one. */
export function ErrorState({
  title,
  message,
  onRetry,
  action,
}: {
  title: string
  message: string
  onRetry?: () => void
  action?: ReactNode
}) {
  return (
    <div className="state state--error" role="alert" data-testid="error-state">
      <span className="state__icon">
        <CircleAlert size={20} />
      </span>
      <h2>{title}</h2>
      <p className="muted">{message}</p>
      {action ?? (onRetry ? <Button onClick={onRetry}>Retry</Button> : null)}
    </div>
  )
}
