/**
 * The console's one connection actor (src/machines/connection.machine.ts), shared through React
 * context like the auth and undo actors. `useConnectionFeed()` (mounted once by the shell) feeds
 * it every API answer and network failure and keeps react-query's onlineManager in step: while
 * reconnecting, queries pause instead of failing, and resume (with paused mutations) once back.
 */
import { useEffect } from 'react'
import { onlineManager } from '@tanstack/react-query'
import { createActorContext } from '@xstate/react'
import { onApiConnection } from '../../api/client'
import { connectionMachine, connectionStatus } from '../../machines/connection.machine'

export const ConnectionActor = createActorContext(connectionMachine)

/** The shell's connection status: 'online', 'reconnecting' or 'backOnline'. */
export const useConnectionStatus = () => ConnectionActor.useSelector((s) => connectionStatus(s.value))

/** Feeds the connection actor from the API client and mirrors it into react-query's onlineManager. */
export function useConnectionFeed(): void {
  const actor = ConnectionActor.useActorRef()
  const status = useConnectionStatus()
  useEffect(
    () =>
      onApiConnection((signal) => actor.send({ type: signal === 'failed' ? 'request.failed' : 'request.answered' })),
    [actor],
  )
  useEffect(() => {
    onlineManager.setOnline(status !== 'reconnecting')
  }, [status])
  useEffect(() => () => onlineManager.setOnline(true), [])
}
