/**
 * The header's connection status: "Reconnecting…" while the server cannot be reached, "Back
 * online" for a moment after, nothing otherwise. The live region is always mounted so that
 * screen readers announce each change.
 */
import { CloudCheck, CloudOff } from 'lucide-react'
import { useConnectionFeed, useConnectionStatus } from '../connection-context'

export function ConnectionPill() {
  useConnectionFeed()
  const status = useConnectionStatus()
  return (
    <div className="connection" role="status" aria-live="polite" data-testid="connection-status">
      {status === 'reconnecting' ? (
        <span className="connection__pill connection__pill--reconnecting" title="The server cannot be reached">
          <CloudOff size={14} aria-hidden />
          Reconnecting…
        </span>
      ) : status === 'backOnline' ? (
        <span className="connection__pill connection__pill--online">
          <CloudCheck size={14} aria-hidden />
          Back online
        </span>
      ) : null}
    </div>
  )
}
