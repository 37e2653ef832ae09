/**
 * The Retry of a screen that failed to load: publishes `retry` for the `app.retry` command and
 * renders its button. The published object stays the same across renders (it calls the latest
 * `retry`): a screen that both publishes its own context and passes an inline `retry` would
 * otherwise republish on every render it causes, without end.
 */
import { useEffect, useMemo, useRef } from 'react'
import { CommandButton } from './command-button'
import { usePublishCommandContext } from './use-command-context'

export function CommandRetry({ retry, showShortcut = false }: { retry: () => void; showShortcut?: boolean }) {
  const latest = useRef(retry)
  useEffect(() => {
    latest.current = retry
  }, [retry])
  usePublishCommandContext(useMemo(() => ({ retry: { run: () => latest.current() } }), []))
  return <CommandButton id="app.retry" showShortcut={showShortcut} />
}
