/**
 * This admin's presence on an open record and the others there (decision 045): runs the
 * presence machine while the record is mounted (a heartbeat now and every PRESENCE_HEARTBEAT_MS,
 * at once when `section` changes, a leave on unmount and on pagehide, back on pageshow) and
 * answers the other viewers from the query `['presence', entityType, entityId]`, which each
 * heartbeat's answer refreshes and the event stream invalidates.
 */
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { createActor, type ActorRefFrom } from 'xstate'
import { presenceKeys, useViewers } from '../../api/presence'
import type { PresenceEntity, Viewer } from '../../api/schemas/live'
import { presenceMachine } from '../../machines/presence.machine'
import { actorOptions } from '../../machines/shared/inspect'

/**
 * Presence on the record `entityType`/`entityId` (undefined while it loads: nothing is sent),
 * editing `section` (null while only viewing). Answers the other viewers, earliest first.
 */
export function usePresence(
  entityType: PresenceEntity,
  entityId: string | undefined,
  section: string | null,
): Viewer[] {
  const queryClient = useQueryClient()
  const [actor, setActor] = useState<ActorRefFrom<typeof presenceMachine> | null>(null)

  // Created here rather than by useActorRef: the leave must be sent before the actor stops, and
  // useActorRef stops it before any effect cleanup of this component runs.
  useEffect(() => {
    if (!entityId) return
    const target = { entityType, entityId }
    const started = createActor(presenceMachine, actorOptions({ input: { target } }))
    const seen = started.on('viewers.seen', (e) => queryClient.setQueryData(presenceKeys.of(target), e.viewers))
    started.start()
    setActor(started)
    const hide = () => started.send({ type: 'page.hide' })
    const show = () => started.send({ type: 'page.show' })
    window.addEventListener('pagehide', hide)
    window.addEventListener('pageshow', show)
    return () => {
      window.removeEventListener('pagehide', hide)
      window.removeEventListener('pageshow', show)
      seen.unsubscribe()
      started.send({ type: 'page.hide' })
      started.stop()
      setActor(null)
    }
  }, [queryClient, entityType, entityId])

  // Also right after the actor starts: a section already open then is sent at once.
  useEffect(() => actor?.send({ type: 'section.change', section }), [actor, section])

  return useViewers({ entityType, entityId: entityId ?? '' }, entityId !== undefined)
}
