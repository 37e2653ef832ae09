/**
 * The undo toast (docs/decisions/014-undo.md): the newest pending undoable change with
 * its text, the seconds left of its 10 s and the `app.undo` button (Ctrl+Z or U); a close button
 * drops it. Mounted once by the protected layout, it also publishes the undo handle for the
 * command and turns outcomes into a toast plus a refetch of the resource's queries.
 */
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Undo2, X } from 'lucide-react'
import { CommandButton } from '../../../commands/command-button'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { toast } from '../../../components/toast'
import { secondsLeft } from '../../../machines/undo.machine'
import { UndoActor } from '../undo-context'

export function UndoToast() {
  const actor = UndoActor.useActorRef()
  const queryClient = useQueryClient()
  const newest = UndoActor.useSelector((s) => s.context.entries.at(-1))
  const now = UndoActor.useSelector((s) => s.context.now)
  const pending = UndoActor.useSelector((s) => s.context.entries.length > 0 && !s.context.running)
  const running = UndoActor.useSelector((s) => s.context.running?.text)

  useEffect(() => {
    const refetch = (resource: string) => void queryClient.invalidateQueries({ queryKey: [resource] })
    const subs = [
      actor.on('undo.done', (e) => {
        toast.success(e.text)
        refetch(e.resource)
        refetch('dashboard')
      }),
      actor.on('undo.failed', (e) => {
        toast.error(e.text)
        refetch(e.resource)
      }),
    ]
    return () => subs.forEach((s) => s.unsubscribe())
  }, [actor, queryClient])

  const published = useMemo(() => ({ undo: { pending, actor } }), [pending, actor])
  usePublishCommandContext(published)

  if (!newest && !running) return null
  return (
    <div className="undo-toast toast toast--info" role="status" aria-live="polite" data-testid="toast" data-undo="">
      <Undo2 size={16} className="toast__icon" />
      <div className="toast__text">
        <div className="toast__title">{newest?.text ?? running}</div>
        <div className="toast__description" data-testid="undo-countdown" aria-live="off">
          {newest ? `Undo within ${secondsLeft(newest, now)} s` : 'Undoing…'}
        </div>
      </div>
      <CommandButton id="app.undo" size="sm" variant="secondary" showShortcut />
      <CommandButton id="app.undoDismiss" size="sm" variant="ghost" iconOnly icon={<X size={14} />} />
    </div>
  )
}
