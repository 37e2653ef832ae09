/**
 * The error boundary around every screen: a screen that throws (its chunk could not be fetched,
 * or a fault) is replaced by an error view inside the shell, so the sidebar, key-hint bar and
 * palette keep working. Retry (the `app.retry` command, key R) remounts the screen, which loads a
 * failed chunk again (src/lib/preloadable.ts); navigating elsewhere resets the boundary too. A
 * chunk that failed tells the connection actor, which checks whether the server answers.
 */
import type { ReactNode } from 'react'
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary'
import { useLocation } from 'wouter'
import { CommandRetry } from '../../../commands/command-retry'
import { ErrorState } from '../../../components/states'
import { renewFailedLoads } from '../../../lib/preloadable'
import { describeScreenFailure, isChunkLoadError } from '../../../lib/screen-failure'
import { ConnectionActor } from '../connection-context'

export function ScreenBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  const connection = ConnectionActor.useActorRef()
  return (
    <ErrorBoundary
      FallbackComponent={ScreenError}
      resetKeys={[location]}
      onReset={renewFailedLoads}
      onError={(error) => {
        if (isChunkLoadError(error)) connection.send({ type: 'request.failed' })
      }}
    >
      {children}
    </ErrorBoundary>
  )
}

function ScreenError({ error, resetErrorBoundary }: FallbackProps) {
  const { title, message } = describeScreenFailure(error)
  return (
    <div data-testid="screen-error">
      <ErrorState title={title} message={message} action={<CommandRetry retry={resetErrorBoundary} showShortcut />} />
    </div>
  )
}
