/**
 * Where views publish their part of the command context (focused record, selection, actors).
 * Publications stack in order and are merged; retracting one restores what was underneath.
 */
import type { ViewCommandContext } from './registry'

export interface ViewStore {
  publish(partial: Partial<ViewCommandContext>): number
  retract(token: number): void
  get(): ViewCommandContext
  subscribe(listener: () => void): () => void
}

/** A store whose view state starts as `initial` (what the first render shows, before any view has published). */
export function createViewStore(initial: Partial<ViewCommandContext> = {}): ViewStore {
  // Layer 0 is the initial view state: under every published layer, never retracted.
  const layers = new Map<number, Partial<ViewCommandContext>>([[0, initial]])
  const listeners = new Set<() => void>()
  let merged: ViewCommandContext = { ...initial }
  let next = 1
  const update = () => {
    merged = Object.assign({}, ...layers.values())
    listeners.forEach((l) => l())
  }
  return {
    publish(partial) {
      const token = next++
      layers.set(token, partial)
      update()
      return token
    },
    retract(token) {
      if (layers.delete(token)) update()
    },
    get: () => merged,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
