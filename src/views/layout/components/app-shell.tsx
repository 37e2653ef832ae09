/** Sidebar + header + content. Below 900px the sidebar slides in from the menu button. */
import { useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { Keyboard, Menu, Search } from 'lucide-react'
import { IconButton } from '../../../components/icon-button'
import { ShortcutKeys } from '../../../components/kbd'
import { useCommandContext } from '../../../commands/use-command-context'
import { AuthActor } from '../auth-context'
import { Sidebar } from './sidebar'

export function AppShell({ children }: { children: ReactNode }) {
  const [route] = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const name = AuthActor.useSelector((s) => s.context.admin?.name ?? '')
  const ctx = useCommandContext()

  // Navigating (by click, palette or g-keys) closes the small-screen menu.
  useEffect(() => setMenuOpen(false), [route])

  return (
    <div className="shell" data-menu-open={menuOpen || undefined}>
      <Sidebar route={route} />
      <button className="shell__backdrop" aria-label="Close menu" tabIndex={-1} onClick={() => setMenuOpen(false)} />
      <div className="shell__main">
        <header className="header">
          <IconButton
            className="header__menu"
            label={menuOpen ? 'Close menu' : 'Open menu'}
            icon={<Menu size={16} />}
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            data-testid="menu-toggle"
            onClick={() => setMenuOpen((o) => !o)}
          />
          <p className="header__welcome" data-testid="welcome">
            Welcome, {name}
          </p>
          <div className="header__actions">
            <button type="button" className="header__search" onClick={ctx.ui.openPalette} data-testid="open-palette">
              <Search size={14} />
              <span>Search or run a command</span>
              <ShortcutKeys shortcut="mod+k" />
            </button>
            <IconButton label="Keyboard shortcuts" shortcut="?" icon={<Keyboard size={16} />} onClick={ctx.ui.openShortcuts} />
          </div>
        </header>
        <main className="content" id="content">
          {children}
        </main>
      </div>
    </div>
  )
}
