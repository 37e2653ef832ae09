/**
 * The inspector's own chunk, loaded only with `?inspect` (inspect.ts): opens the Stately
 * inspector window and says in words when the browser blocked it or it never connected.
 */
import { createBrowserInspector } from '@statelyai/inspect'

/** How long the inspector window may take to say it is connected before the notice says so (ms). */
export const INSPECTOR_CONNECT_MS = 15_000

/** The notice when the browser refused to open the inspector window. */
export const INSPECTOR_BLOCKED =
  'The state inspector could not open: the browser blocked its pop-up. Allow pop-ups for this site (the blocked pop-up icon in the address bar), then reload the page.'

/** The notice when the inspector window opened but never connected. */
export const INSPECTOR_UNREACHABLE =
  'The state inspector window opened but has not connected: the inspector page on stately.ai could not be reached (offline or blocked by the network). The console works as usual; reload the page once it can be reached.'

/**
 * Opens the inspector from `win` and returns its `inspect` observer; `report` gets the notice
 * text (or null once connected).
 */
export function openInspector(
  win: Pick<Window, 'open' | 'addEventListener' | 'setTimeout'>,
  report: (problem: string | null) => void,
) {
  let connected = false
  win.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown } | null
    if (data?.type !== '@statelyai.connected') return
    connected = true
    report(null)
  })
  let opened: Window | null = null
  // The library opens its window through this object: it tells whether the pop-up was refused (null).
  const host = {
    open: (...args: Parameters<Window['open']>) => (opened = win.open(...args)),
    addEventListener: win.addEventListener.bind(win),
  }
  const { inspect } = createBrowserInspector({ window: host as unknown as Window })
  if (!opened) report(INSPECTOR_BLOCKED)
  else win.setTimeout(() => !connected && report(INSPECTOR_UNREACHABLE), INSPECTOR_CONNECT_MS)
  return inspect
}
