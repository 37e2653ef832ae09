/**
 * Warms a screen's code before it is opened: `warmRoute('/projects/:id')` loads the chunks of
 * that screen (src/routes.tsx `preloadScreen`) when the browser is next idle, once per page, so
 * its first open renders at once: no chunk to wait for, and no Suspense fallback, which React
 * keeps on screen for at least 300 ms once shown. A load that fails (the server was down) is
 * tried again when the screen is opened; one that finds the chunk gone after a deploy reloads the
 * page like any stale chunk (src/lib/stale-chunk.ts), which happens only just after a list first
 * shows its rows, and the list's state is in its address.
 */
import { preloadScreen } from '../routes'

const warmed = new Set<string>()

/** Loads the code of the screen at `route` (a path pattern of src/routes.tsx SCREENS) when the browser is idle; later calls do nothing. */
export function warmRoute(route: string): void {
  if (warmed.has(route)) return
  warmed.add(route)
  const load = () => void preloadScreen(route).catch((error: unknown) => console.error(error))
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 2_000 })
  else setTimeout(load, 0)
}
