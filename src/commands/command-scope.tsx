/**
 * A command context without the palette: the route, navigate, the auth actor, the published view
 * state and the global key handler. The login route mounts it alone (no cmdk in its bundle);
 * the protected layout mounts it through `CommandProvider` with the palette and the '?' sheet.
 */
import { useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { AuthActor } from '../views/layout/auth-context'
import type { CommandContext, CommandRegistry, ViewCommandContext } from './registry'
import { CommandContextReact } from './use-command-context'
import { useShortcuts } from './use-shortcuts'
import { createViewStore } from './view-store'

export interface CommandScopeProps {
  registry: CommandRegistry
  ui?: CommandContext['ui']
  /** Told why a shortcut's command cannot run now (a toast in the signed-in area). */
  onBlocked?: (reason: string) => void
  /** Whether single-key shortcuts are on (the admin's preference; default on). */
  singleKeys?: boolean
  /** The view state of the first render, before the views publish theirs (a prerendered page's controls). */
  initialView?: Partial<ViewCommandContext>
  children: ReactNode
}

export function CommandScope({ registry, ui, onBlocked, singleKeys = true, initialView, children }: CommandScopeProps) {
  const [route, navigate] = useLocation()
  const auth = AuthActor.useActorRef()
  const [store] = useState(() => createViewStore(initialView))
  const view = useSyncExternalStore(store.subscribe, store.get, store.get)
  const go = useCallback((to: string) => navigate(to), [navigate])
  const ctx = useMemo<CommandContext>(() => ({ route, navigate: go, auth, ui, view }), [route, go, auth, ui, view])
  const value = useMemo(() => ({ ctx, store, registry }), [ctx, store, registry])
  useShortcuts(registry, ctx, onBlocked, singleKeys)
  return <CommandContextReact.Provider value={value}>{children}</CommandContextReact.Provider>
}
