/**
 * Warms a screen's code before it is opened: `warmRoute('/projects/:id')` asks the route-preload
 * script of index.html (scripts/route-preload.ts, `window.__preloadRoute`) to modulepreload the
 * chunks and CSS of that route when the browser is next idle, once per page. Fetching and
 * compiling ahead is what the first open of a screen otherwise waits for; nothing runs until the
 * route is opened. A no-op in development, where index.html has no such script.
 */
declare global {
  interface Window {
    /** Set by the route-preload script of the built index.html. */
    __preloadRoute?: (route: string) => void
  }
}

const warmed = new Set<string>()

/** Preloads the chunks of `route` (as written in vite.config.ts PRELOADS) when the browser is idle; later calls do nothing. */
export function warmRoute(route: string): void {
  if (warmed.has(route) || typeof window === 'undefined') return
  warmed.add(route)
  const preload = () => window.__preloadRoute?.(route)
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(preload, { timeout: 2_000 })
  else setTimeout(preload, 0)
}
