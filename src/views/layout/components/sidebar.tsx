/** The sidebar entries with their g-key hints, the admin's name and role, and Logout. */
import { Link } from 'wouter'
import {
  ChartColumn,
  CreditCard,
  History,
  FolderKanban,
  LayoutDashboard,
  LogOut,
  MessageSquare,
  Percent,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Users,
} from 'lucide-react'
import type { ComponentType } from 'react'
import { ShortcutKeys } from '../../../components/kbd'
import { CommandButton } from '../../../commands/command-button'
import { SCREENS, isOnScreen, type ScreenId } from '../../../commands/navigation.commands'
import { AuthActor } from '../auth-context'

const ICONS: Record<ScreenId, ComponentType<{ size?: number }>> = {
  dashboard: LayoutDashboard,
  projects: FolderKanban,
  users: Users,
  orders: ShoppingCart,
  contacts: MessageSquare,
  payments: CreditCard,
  commission: Percent,
  analytics: ChartColumn,
  settings: Settings,
  audit: History,
}

const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s)

export function Sidebar({ route }: { route: string }) {
  const admin = AuthActor.useSelector((s) => s.context.admin)
  return (
    <aside className="sidebar" id="sidebar" aria-label="Main navigation">
      <div className="sidebar__brand">
        <span className="sidebar__logo" aria-hidden>
          <ShieldCheck size={16} />
        </span>
        <span>Admin Panel</span>
      </div>
      <nav className="sidebar__nav">
        {SCREENS.map((screen) => {
          const Icon = ICONS[screen.id]
          const active = isOnScreen(route, screen.path)
          return (
            <Link
              key={screen.id}
              href={screen.path}
              className="nav-item"
              aria-current={active ? 'page' : undefined}
              data-testid={`nav-${screen.id}`}
              data-command={`nav.${screen.id}`}
            >
              <Icon size={16} />
              <span className="nav-item__label">{screen.title}</span>
              <ShortcutKeys shortcut={screen.shortcut} className="nav-item__keys" />
            </Link>
          )
        })}
      </nav>
      <div className="sidebar__footer">
        <div className="sidebar__user">
          <span className="avatar" aria-hidden>
            {(admin?.name ?? '?').slice(0, 1).toUpperCase()}
          </span>
          <div className="sidebar__who">
            <span className="sidebar__name" data-testid="admin-name">
              {admin?.name}
            </span>
            <span className="sidebar__role faint" data-testid="admin-role">
              {capitalise(admin?.role ?? '')}
            </span>
          </div>
        </div>
        <CommandButton id="auth.signOut" variant="ghost" size="sm" icon={<LogOut size={14} />} data-testid="logout">
          Logout
        </CommandButton>
      </div>
    </aside>
  )
}
