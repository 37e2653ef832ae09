/**
 * React.lazy with a `preload()`: a component whose chunk has already loaded renders at once
 * instead of suspending. That matters because React 19 keeps a Suspense fallback on screen for
 * at least 300 ms once shown; the entry preloads the current address's chunks before its first
 * render (src/routes.tsx `preloadRoute`), so a cold load never shows that fallback at all.
 *
 * A failed load (the server was down) can be retried: React caches a lazy component's rejected
 * promise for good, so `renewFailedLoads()` gives every component whose load failed a new lazy
 * component, whose load is a new import, for its next mount. The error boundaries call it when
 * they reset (Retry, or a move to another address). Not at the failure itself: React renders a
 * failed tree once more before it shows the boundary, and a new import each time would never end.
 */
import { createElement, lazy, useState, type ComponentType, type LazyExoticComponent } from 'react'

const failed = new Set<() => void>()

/** Lets every component whose chunk failed to load try again at its next mount (a new import). */
export function renewFailedLoads(): void {
  for (const renew of failed) renew()
  failed.clear()
}

/** A lazily loaded component with `preload()`, which starts (or joins) the load of its chunk, and `isLoaded()`. */
export type Preloadable<P extends object> = ComponentType<P> & {
  preload(): Promise<unknown>
  /** True once its chunk has loaded: a mount renders it at once, without suspending. */
  isLoaded(): boolean
}

/** Wraps `load` (a dynamic import with a default export) as a preloadable lazy component. */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        pending = undefined // the next preload() loads again
        failed.add(renew)
        throw error
      },
    ))
  let Lazy: LazyExoticComponent<ComponentType<P>> = lazy(preload)
  const renew = () => {
    Lazy = lazy(preload)
  }
  function PreloadableScreen(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded type later would remount the screen.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(Component, props)
  }
  return Object.assign(PreloadableScreen, { preload, isLoaded: () => loaded !== undefined })
}
