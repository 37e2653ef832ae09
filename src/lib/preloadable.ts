/**
 * React.lazy with a `preload()`: a component whose chunk has already loaded renders at once
 * instead of suspending. That matters because React 19 keeps a Suspense fallback on screen for
 * at least 300 ms once shown; the entry preloads the current address's chunks before its first
 * render (src/routes.tsx `preloadRoute`), so a cold load never shows that fallback at all.
 */
import { createElement, lazy, useState, type ComponentType } from 'react'

/** A lazily loaded component with `preload()`, which starts (or joins) the load of its chunk. */
export type Preloadable<P extends object> = ComponentType<P> & { preload(): Promise<unknown> }

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
        pending = undefined // a failed load may be retried by the next render
        throw error
      },
    ))
  const Lazy = lazy(preload)
  function PreloadableScreen(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded type later would remount the screen.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(Component, props)
  }
  return Object.assign(PreloadableScreen, { preload })
}
