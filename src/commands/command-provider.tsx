/**
 * The protected layout's command system: a `CommandScope` whose `ui` opens the cmdk palette and
 * the '?' shortcuts sheet, with the admin's single-key shortcuts preference for the key handler.
 * The palette is its own chunk, fetched as soon as the layout mounts (so cmdk stays out of the
 * login route, and keys typed right after Ctrl+K reach it).
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react'
import { usePreferences } from '../api/preferences'
import { CommandScope } from './command-scope'
import { toast } from '../components/toast'
import { registry } from './app-registry'
import { ShortcutsSheet } from './shortcuts-sheet'
import { useCommandContext } from './use-command-context'

const CommandPalette = lazy(() => import('./palette').then((m) => ({ default: m.CommandPalette })))

const showBlocked = (reason: string) => void toast.info(reason)

export function CommandProvider({ children }: { children: ReactNode }) {
  const [paletteOpen, setPaletteOpen] = useState(false)
  const [sheetOpen, setSheetOpen] = useState(false)
  const { singleKeyShortcuts } = usePreferences()
  const ui = useMemo(
    () => ({
      openPalette: () => {
        setSheetOpen(false)
        setPaletteOpen(true)
      },
      openShortcuts: () => {
        setPaletteOpen(false)
        setSheetOpen(true)
      },
      openTab: (path: string) => void window.open(path, '_blank', 'noopener'),
    }),
    [],
  )
  return (
    <CommandScope registry={registry} ui={ui} onBlocked={showBlocked} singleKeys={singleKeyShortcuts}>
      {children}
      <Suspense fallback={null}>
        <Palette open={paletteOpen} onOpenChange={setPaletteOpen} />
      </Suspense>
      <ShortcutsSheet open={sheetOpen} onOpenChange={setSheetOpen} registry={registry} />
    </CommandScope>
  )
}

function Palette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return <CommandPalette open={open} onOpenChange={onOpenChange} registry={registry} ctx={useCommandContext()} />
}
