/**
 * The console's one connection actor (src/machines/connection.machine.ts), shared through React
 * context like the auth and undo actors. `useConnectionFeed()` (mounted once by the shell) feeds
 * it every API answer and network failure and keeps react-query's onlineManager in step: while
 * the server is not answering, queries pause instead of failing, and resume (with paused
 * mutations) once it answers.
 */
import { useEffect } from 'react'
import { onlineManager } from '@tanstack/react-query'
import { createActorContext } from '@xstate/react'
import { onApiConnection } from '../../api/client'
import { connectionMachine, connectionStatus, queriesMayRun } from '../../machines/connection.machine'

export const ConnectionActor = createActorContext(connectionMachine)

/** The shell's connection status: 'online', 'reconnecting' or 'backOnline'. */
export const useConnectionStatus = () => ConnectionActor.useSelector((s) => connectionStatus(s.value))

/**
 * Feeds the connection actor from the API client and mirrors it into react-query's onlineManager:
 * offline from the first failed request (while the probe checks) until the server answers, so a
 * query's retry waits instead of failing. Subscribed to the actor, not to a render, so the switch
 * happens in the same tick as the transition.
 */
export function useConnectionFeed(): void {
  const actor = ConnectionActor.useActorRef()
  useEffect(() => {
    const stopFeed = onApiConnection((signal) =>
      actor.send({ type: signal === 'failed' ? 'request.failed' : 'request.answered' }),
    )
    const mirror = (value: unknown) => {
      const online = queriesMayRun(value)
      if (onlineManager.isOnline() !== online) onlineManager.setOnline(online)
    }
    mirror(actor.getSnapshot().value)
    const sub = actor.subscribe((snapshot) => mirror(snapshot.value))
    return () => {
      stopFeed()
      sub.unsubscribe()
      onlineManager.setOnline(true)
    }
  }, [actor])
}
