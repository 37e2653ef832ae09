/**
 * Developer inspection of every running actor: open the console with `?inspect` in the
 * URL (dev server or built app) and each actor it starts reports to the Stately inspector
 * (@statelyai/inspect, loaded only then, in its own chunk). Actors are created through
 * `actorOptions()` (`useActorRef(machine, actorOptions({ input }))`) so none is missed.
 */
import type { InspectionEvent, Observer } from 'xstate'

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

let inspect: Inspect | undefined

/** Starts the browser inspector when `search` has an `inspect` parameter; resolves once connected or skipped. */
export async function startInspector(search: string = window.location.search): Promise<boolean> {
  if (!new URLSearchParams(search).has('inspect')) return false
  const { createBrowserInspector } = await import('@statelyai/inspect')
  inspect = createBrowserInspector().inspect
  return true
}

/** `options` plus the inspector when one is running; pass every actor's options through it. */
export function actorOptions<T extends object>(options: T = {} as T): T & { inspect?: Inspect } {
  return inspect ? { ...options, inspect } : options
}
