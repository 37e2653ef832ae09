/**
 * Hooks over the command context: `useCommandContext()` for anything that runs commands, and
 * `usePublishCommandContext(partial)` for views exposing their focus/selection/actors. Pass a
 * memoized object (useMemo) so it republishes only when the values change.
 */
import { createContext, useContext, useEffect } from 'react'
import type { CommandContext, CommandRegistry, ViewCommandContext } from './registry'
import type { ViewStore } from './view-store'

export interface CommandContextValue {
  ctx: CommandContext
  store: ViewStore
  /** The commands this scope runs: the login route's or the whole app's. */
  registry: CommandRegistry
}

export const CommandContextReact = createContext<CommandContextValue | null>(null)

function useValue(): CommandContextValue {
  const value = useContext(CommandContextReact)
  if (!value) throw new Error('useCommandContext must be used inside <CommandProvider>')
  return value
}

/** The current CommandContext (route, navigate, auth actor, ui openers, published view state). */
export function useCommandContext(): CommandContext {
  return useValue().ctx
}

/** The registry of the current scope (src/commands/app-registry.ts). */
export function useRegistry(): CommandRegistry {
  return useValue().registry
}

/** Publishes `partial` while the calling component is mounted. */
export function usePublishCommandContext(partial: Partial<ViewCommandContext>): void {
  const { store } = useValue()
  useEffect(() => {
    const token = store.publish(partial)
    return () => store.retract(token)
  }, [store, partial])
}
