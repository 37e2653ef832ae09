/**
 * The console's one undo actor (src/machines/undo.machine.ts), shared through React
 * context like the auth actor. Views hand an undoable outcome to it with `useOfferUndo()` (the
 * undo toast then shows the text with Undo and the seconds left) and follow successful undos of
 * their resource with `useUndoDone()` (e.g. a detail screen reloads its record).
 */
import { useCallback, useEffect, useRef } from 'react'
import { createActorContext } from '@xstate/react'
import type { UndoTicket } from '../../api/schemas/undo'
import { toast } from '../../components/toast'
import { undoMachine, type UndoResource } from '../../machines/undo.machine'

export const UndoActor = createActorContext(undoMachine)

/** `(text, ticket, resource)`: with a ticket the undo toast shows it, without one a plain success toast. */
export function useOfferUndo() {
  const actor = UndoActor.useActorRef()
  return useCallback(
    (text: string, ticket: UndoTicket | null | undefined, resource: UndoResource) => {
      if (ticket) actor.send({ type: 'undo.offer', ticket, text, resource, at: Date.now() })
      else toast.success(text)
    },
    [actor],
  )
}

/** Calls `onDone` after each successful undo of `resource` while the caller is mounted. */
export function useUndoDone(resource: UndoResource, onDone: () => void) {
  const actor = UndoActor.useActorRef()
  const latest = useRef(onDone)
  useEffect(() => {
    latest.current = onDone
  })
  useEffect(() => {
    const sub = actor.on('undo.done', (e) => {
      if (e.resource === resource) latest.current()
    })
    return () => sub.unsubscribe()
  }, [actor, resource])
}
