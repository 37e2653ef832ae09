/**
 * Builds the CommandContext (route, navigate, auth actor, ui openers, published view state),
 * installs the global key handler and mounts the palette and the shortcuts sheet. Mounted once
 * inside the protected layout.
 */
import { useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { AuthActor } from '../views/layout/auth-context'
import { CommandPalette } from './palette'
import { registry } from './registry'
import { ShortcutsSheet } from './shortcuts-sheet'
import { CommandContextReact } from './use-command-context'
import { useShortcuts } from './use-shortcuts'
import { createViewStore } from './view-store'

export function CommandProvider({ children }: { children: ReactNode }) {
  const [route, navigate] = useLocation()
  const auth = AuthActor.useActorRef()
  const [store] = useState(createViewStore)
  const view = useSyncExternalStore(store.subscribe, store.get)
  const [paletteOpen, setPaletteOpen] = useState(false)
  const [sheetOpen, setSheetOpen] = useState(false)

  const openPalette = useCallback(() => {
    setSheetOpen(false)
    setPaletteOpen(true)
  }, [])
  const openShortcuts = useCallback(() => {
    setPaletteOpen(false)
    setSheetOpen(true)
  }, [])
  const go = useCallback((to: string) => navigate(to), [navigate])

  const ctx = useMemo(() => ({ route, navigate: go, auth, ui: { openPalette, openShortcuts }, view }), [route, go, auth, openPalette, openShortcuts, view])
  const value = useMemo(() => ({ ctx, store }), [ctx, store])
  useShortcuts(registry, ctx)

  return (
    <CommandContextReact.Provider value={value}>
      {children}
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} registry={registry} ctx={ctx} />
      <ShortcutsSheet open={sheetOpen} onOpenChange={setSheetOpen} registry={registry} />
    </CommandContextReact.Provider>
  )
}
