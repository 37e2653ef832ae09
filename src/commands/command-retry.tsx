/** The Retry of a screen that failed to load: publishes `retry` for the `app.retry` command and renders its button. */
import { useMemo } from 'react'
import { CommandButton } from './command-button'
import { usePublishCommandContext } from './use-command-context'

export function CommandRetry({ retry }: { retry: () => void }) {
  usePublishCommandContext(useMemo(() => ({ retry: { run: retry } }), [retry]))
  return <CommandButton id="app.retry" />
}
