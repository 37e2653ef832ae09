/**
 * The shell's live events (decision 044): runs the live events actor while the console is signed
 * in (the shell is mounted only then; unmounting stops the stream) and turns each event into its
 * reaction (src/api/live-keys.ts): stale keys, coalesced into one invalidation each, and the
 * "changed by" mark of a row another admin changed.
 */
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef } from '@xstate/react'
import { createLiveInvalidator } from '../../api/live-invalidate'
import { liveReaction } from '../../api/live-keys'
import { recentChanges } from '../../lib/recent-changes'
import { liveEventsMachine } from '../../machines/live-events.machine'
import { actorOptions } from '../../machines/shared/inspect'
import { AuthActor } from './auth-context'

export function useLiveEventsFeed(): void {
  const queryClient = useQueryClient()
  const myId = AuthActor.useSelector((s) => s.context.admin?._id ?? null)
  const actor = useActorRef(liveEventsMachine, actorOptions())
  useEffect(() => {
    const invalidator = createLiveInvalidator(queryClient)
    const sub = actor.on('live.event', ({ event }) => {
      const reaction = liveReaction(event, myId)
      if (!reaction) return
      invalidator.add(reaction.keys)
      if (reaction.changedBy) recentChanges.mark(reaction.changedBy.entityId, reaction.changedBy.name)
    })
    return () => {
      sub.unsubscribe()
      invalidator.cancel()
    }
  }, [actor, queryClient, myId])
}
