/**
 * Sidebar + header (with the connection pill) + content + the key hint bar (hint-bar.tsx); it runs
 * the live events feed (live-events-feed.ts) while signed in. Below 900px the sidebar slides in from the menu button. Every
 * header control is a command (`app.toggleMenu`, `app.palette`, `app.shortcuts`).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { Keyboard, Menu, Search } from 'lucide-react'
import { ShortcutKeys } from '../../../components/kbd'
import { useCommandControl } from '../../../commands/command-button'
import { CommandIconButton } from '../../../commands/command-icon-button'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { AuthActor } from '../auth-context'
import { ConnectionPill } from './connection-pill'
import { HintBar } from './hint-bar'
import { Sidebar } from './sidebar'
import { useLiveEventsFeed } from '../live-events-feed'

export function AppShell({ children }: { children: ReactNode }) {
  const [route] = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  useLiveEventsFeed()
  const name = AuthActor.useSelector((s) => s.context.admin?.name ?? '')
  usePublishCommandContext(useMemo(() => ({ menu: { open: menuOpen, setOpen: setMenuOpen } }), [menuOpen]))

  // Navigating (by click, palette or g-keys) closes the small-screen menu.
  useEffect(() => setMenuOpen(false), [route])

  return (
    <div className="shell" data-menu-open={menuOpen || undefined}>
      <Sidebar route={route} />
      <Backdrop />
      <div className="shell__main">
        <header className="header">
          <CommandIconButton
            id="app.toggleMenu"
            className="header__menu"
            icon={<Menu size={16} />}
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            data-testid="menu-toggle"
          />
          <p className="header__welcome" data-testid="welcome">
            Welcome, {name}
          </p>
          <div className="header__actions">
            <ConnectionPill />
            <PaletteButton />
            <CommandIconButton id="app.shortcuts" icon={<Keyboard size={16} />} />
          </div>
        </header>
        <main className="content" id="content">
          {children}
        </main>
        <HintBar />
      </div>
    </div>
  )
}

/** The header's search field look-alike that opens the palette. */
function PaletteButton() {
  const { visible, label, run } = useCommandControl('app.palette')
  if (!visible) return null
  return (
    <button
      type="button"
      className="header__search"
      onClick={() => run()}
      data-command="app.palette"
      data-testid="open-palette"
    >
      <Search size={14} />
      <span>{label}</span>
      <ShortcutKeys shortcut="mod+k" />
    </button>
  )
}

/** The dimmed area beside the open small-screen menu; clicking it closes the menu. */
function Backdrop() {
  const { label, run } = useCommandControl('app.toggleMenu')
  return (
    <button
      className="shell__backdrop"
      aria-label={label}
      tabIndex={-1}
      data-command="app.toggleMenu"
      onClick={() => run()}
    />
  )
}
