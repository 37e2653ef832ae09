/**
 * The protected layout's command system: a `CommandScope` whose `ui` opens the cmdk palette
 * (loaded on first use, so cmdk stays out of the first bundle) and the '?' shortcuts sheet.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react'
import { CommandScope } from './command-scope'
import { registry } from './registry'
import { ShortcutsSheet } from './shortcuts-sheet'
import { useCommandContext } from './use-command-context'

const CommandPalette = lazy(() => import('./palette').then((m) => ({ default: m.CommandPalette })))

export function CommandProvider({ children }: { children: ReactNode }) {
  const [paletteOpen, setPaletteOpen] = useState(false)
  const [paletteLoaded, setPaletteLoaded] = useState(false)
  const [sheetOpen, setSheetOpen] = useState(false)
  const ui = useMemo(() => ({
    openPalette: () => {
      setSheetOpen(false)
      setPaletteLoaded(true)
      setPaletteOpen(true)
    },
    openShortcuts: () => {
      setPaletteOpen(false)
      setSheetOpen(true)
    },
  }), [])
  return (
    <CommandScope ui={ui}>
      {children}
      {paletteLoaded ? (
        <Suspense fallback={null}>
          <Palette open={paletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      ) : null}
      <ShortcutsSheet open={sheetOpen} onOpenChange={setSheetOpen} registry={registry} />
    </CommandScope>
  )
}

function Palette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return <CommandPalette open={open} onOpenChange={onOpenChange} registry={registry} ctx={useCommandContext()} />
}
