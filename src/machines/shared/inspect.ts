/**
 * Developer inspection of every running actor: open the console with `?inspect` in the
 * URL (dev server or built app) and each actor it starts reports to the Stately inspector
 * (@statelyai/inspect, loaded only then, in its own chunk). Actors are created through
 * `actorOptions()` (`useActorRef(machine, actorOptions({ input }))`) so none is missed.
 *
 * The inspector is a pop-up window on stately.ai: a blocked pop-up or an inspector page that
 * cannot be reached (offline) would otherwise fail without a word, so `inspectorProblem()` says
 * which, and how to fix it, for the page's notice (inspector-notice.tsx); the words come with the inspector's chunk
 * (inspect-window.ts), so pages without `?inspect` never load them.
 */
import type { InspectionEvent, Observer } from 'xstate'

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

let inspect: Inspect | undefined

let problem: string | null = null
const listeners = new Set<() => void>()

function setProblem(next: string | null) {
  problem = next
  listeners.forEach((listener) => listener())
}

/** What went wrong with `?inspect` in words, or null (no `?inspect`, or connected, or still connecting). */
export const inspectorProblem = (): string | null => problem

/** Calls `listener` whenever `inspectorProblem()` changes; returns the unsubscribe. */
export function onInspectorProblem(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * Starts the browser inspector when `search` has an `inspect` parameter; resolves once started or
 * skipped (true when started). `win` is the page's window (a fake in tests).
 */
export async function startInspector(
  search: string = window.location.search,
  win: Pick<Window, 'open' | 'addEventListener' | 'setTimeout'> = window,
): Promise<boolean> {
  if (!new URLSearchParams(search).has('inspect')) return false
  const { openInspector } = await import('./inspect-window')
  inspect = openInspector(win, setProblem)
  return true
}

/** `options` plus the inspector when one is running; pass every actor's options through it. */
export function actorOptions<T extends object>(options: T = {} as T): T & { inspect?: Inspect } {
  return inspect ? { ...options, inspect } : options
}
