/**
 * Records another admin changed a moment ago (decision 044): entity id → their name, for
 * RECENT_CHANGE_MS, so a list row can show "Asha changed this" while its new values settle in.
 * A small external store read with useSyncExternalStore; each row subscribes to its own id.
 */
import { useCallback, useSyncExternalStore } from 'react'

/** How long a row stays marked after a change (ms). */
export const RECENT_CHANGE_MS = 4000

export type RecentChanges = {
  /** Mark `entityId` as changed by `name` for RECENT_CHANGE_MS (a newer mark restarts the time). */
  mark: (entityId: string, name: string) => void
  /** Who changed `entityId` a moment ago, if anyone. */
  get: (entityId: string) => string | undefined
  subscribe: (listener: () => void) => () => void
}

export function createRecentChanges(holdMs = RECENT_CHANGE_MS): RecentChanges {
  const marks = new Map<string, { name: string; timer: ReturnType<typeof setTimeout> }>()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  return {
    mark(entityId, name) {
      clearTimeout(marks.get(entityId)?.timer)
      const timer = setTimeout(() => {
        marks.delete(entityId)
        notify()
      }, holdMs)
      marks.set(entityId, { name, timer })
      notify()
    },
    get: (entityId) => marks.get(entityId)?.name,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** The console's marks (fed by the shell's live events feed). */
export const recentChanges = createRecentChanges()

/** Who changed record `entityId` a moment ago (re-renders when that changes), else undefined. */
export function useRecentChange(entityId: string): string | undefined {
  const get = useCallback(() => recentChanges.get(entityId), [entityId])
  return useSyncExternalStore(recentChanges.subscribe, get, get)
}
