/**
 * Warms a screen's code before it is opened: `warmRoute('/projects/:id')` loads the chunks of
 * that screen (src/routes.tsx `preloadScreen`) when the browser is next idle, once per page, so
 * its first open renders at once: no chunk to wait for, and no Suspense fallback, which React
 * keeps on screen for at least 300 ms once shown. A load that fails (the server was down) is
 * tried again when the screen is opened; one that finds the chunk gone after a deploy reloads the
 * page like any stale chunk (src/lib/stale-chunk.ts), which happens only just after a list first
 * shows its rows, and the list's state is in its address.
 */
import { preloadScreen, screenCodeAt } from '../routes'

const warmed = new Set<string>()

/** Dwell on a list's focused row or a palette result before its screen's data is fetched, ms (holding j/k fetches nothing). */
export const PREFETCH_DELAY_MS = 150

/** Loads the code of the screen at `route` (a path pattern of src/routes.tsx SCREENS) when the browser is idle; later calls do nothing. */
export function warmRoute(route: string): void {
  if (warmed.has(route)) return
  warmed.add(route)
  const load = () => void preloadScreen(route).catch((error: unknown) => console.error(error))
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 2_000 })
  else setTimeout(load, 0)
}

/**
 * Starts what a move to `path` (an address within the console) would wait for: its screen's code
 * and first data (src/routes.tsx `screenCodeAt`), so the move, when it comes, finds them cached
 * and happens at once. A failure here is left to the move, which tries again and says what failed.
 */
export function prefetchAddress(path: string): void {
  const code = screenCodeAt(new URL(path, window.location.origin))
  if (!code.loaded()) void code.load().catch(() => undefined)
  void code.data?.()?.catch(() => undefined)
}
