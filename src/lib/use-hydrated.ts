/**
 * `useHydrated()`: false while React renders on the server or hydrates server markup, true in
 * every render after that (and from the first render of a page that was not prerendered). A
 * prerendered control that needs the script can so be shown inert until the script has taken over.
 */
import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
}
