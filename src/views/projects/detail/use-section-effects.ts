/**
 * Answers the UI effects a files/images/report/repository machine emits (they never touch the
 * DOM): 'notify.success' / 'notify.error' → toasts, 'tab.open' → a new tab ('onTabBlocked' when
 * the browser refuses it), 'picker.open' → `onPicker` (the view clicks its hidden input),
 * 'project.patch' → the page's project (sections actor and query cache).
 */
import { useEffect, useRef } from 'react'
import { toast } from '../../../components/toast'
import type { Project } from '../../../api/schemas/projects'
import { useProjectPatch } from './use-project-patch'

type Emitted =
  | { type: 'notify.success' | 'notify.error'; text: string }
  | { type: 'tab.open'; url: string }
  | { type: 'picker.open'; picker?: string }
  | { type: 'project.patch'; patch: Partial<Project> }
  | { type: string }

interface Emitter<E> {
  on(type: '*', handler: (event: E) => void): { unsubscribe(): void }
}

/** What only the view can do: click a hidden input, report a blocked tab. */
export interface SectionEffectHandlers {
  onPicker?: (picker: string | undefined) => void
  onTabBlocked?: () => void
}

/** Subscribes to every event `actor` emits while mounted. */
export function useSectionEffects<E extends Emitted>(actor: Emitter<E> | null, handlers: SectionEffectHandlers = {}) {
  const patchProject = useProjectPatch()
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })
  useEffect(() => {
    if (!actor) return
    const sub = actor.on('*', (event: Emitted) => {
      if ('text' in event)
        return void (event.type === 'notify.success' ? toast.success(event.text) : toast.error(event.text))
      if ('url' in event) {
        const tab = window.open(event.url, '_blank')
        if (tab) tab.opener = null
        else latest.current.onTabBlocked?.()
        return
      }
      if ('patch' in event) return patchProject(event.patch)
      if (event.type === 'picker.open') latest.current.onPicker?.('picker' in event ? event.picker : undefined)
    })
    return () => sub.unsubscribe()
  }, [actor, patchProject])
}
