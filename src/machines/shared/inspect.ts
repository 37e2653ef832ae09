/**
 * Developer inspection of every running actor: open the console with `?inspect` in the
 * URL (dev server or built app) and each actor it starts reports to the Stately inspector
 * (@statelyai/inspect, loaded only then, in its own chunk). Actors are created through
 * `actorOptions()` (`useActorRef(machine, actorOptions({ input }))`) so none is missed.
 *
 * The inspector is a pop-up window on stately.ai: a blocked pop-up or an inspector page that
 * cannot be reached (offline) would otherwise fail without a word, so `inspectorProblem()` says
 * which, and how to fix it, for the page's notice (inspector-notice.tsx).
 */
import type { InspectionEvent, Observer } from 'xstate'

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

let inspect: Inspect | undefined

/** How long the inspector window may take to say it is connected before the notice says so (ms). */
export const INSPECTOR_CONNECT_MS = 15_000

/** The notice when the browser refused to open the inspector window. */
export const INSPECTOR_BLOCKED =
  'The state inspector could not open: the browser blocked its pop-up. Allow pop-ups for this site (the blocked pop-up icon in the address bar), then reload the page.'

/** The notice when the inspector window opened but never connected. */
export const INSPECTOR_UNREACHABLE =
  'The state inspector window opened but has not connected: the inspector page on stately.ai could not be reached (offline or blocked by the network). The console works as usual; reload the page once it can be reached.'

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
  const { createBrowserInspector } = await import('@statelyai/inspect')
  let opened: Window | null = null
  let connected = false
  win.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown } | null
    if (data?.type !== '@statelyai.connected') return
    connected = true
    setProblem(null)
  })
  // The library opens its window through this object: it tells whether the pop-up was refused (null).
  const host = {
    open: (...args: Parameters<Window['open']>) => (opened = win.open(...args)),
    addEventListener: win.addEventListener.bind(win),
  }
  inspect = createBrowserInspector({ window: host as unknown as Window }).inspect
  if (!opened) setProblem(INSPECTOR_BLOCKED)
  else win.setTimeout(() => !connected && setProblem(INSPECTOR_UNREACHABLE), INSPECTOR_CONNECT_MS)
  return true
}

/** `options` plus the inspector when one is running; pass every actor's options through it. */
export function actorOptions<T extends object>(options: T = {} as T): T & { inspect?: Inspect } {
  return inspect ? { ...options, inspect } : options
}
