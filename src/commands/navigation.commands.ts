/** 'Go to …' commands for every screen of the sidebar (SPEC.md 2), with g-key sequences. */
import type { Command } from './registry'

/** The screens, in sidebar order; the layout renders its sidebar from this list too. */
export const SCREENS = [
  { id: 'dashboard', title: 'Dashboard', path: '/', shortcut: 'g d' },
  { id: 'projects', title: 'Projects', path: '/projects', shortcut: 'g p' },
  { id: 'users', title: 'Users', path: '/users', shortcut: 'g u' },
  { id: 'orders', title: 'Orders', path: '/orders', shortcut: 'g o' },
  { id: 'contacts', title: 'Contacts', path: '/contacts', shortcut: 'g c' },
  { id: 'payments', title: 'Payments', path: '/payments', shortcut: 'g y' },
  { id: 'commission', title: 'Commission', path: '/commission', shortcut: 'g m' },
  { id: 'analytics', title: 'Analytics', path: '/analytics', shortcut: 'g a' },
  { id: 'settings', title: 'Settings', path: '/settings', shortcut: 'g s' },
  { id: 'audit', title: 'Audit log', path: '/audit', shortcut: 'g l' },
] as const

export type ScreenId = (typeof SCREENS)[number]['id']

/** Whether `route` is inside the screen at `path` ('/' only matches itself). */
export function isOnScreen(route: string, path: string): boolean {
  return path === '/' ? route === '/' : route === path || route.startsWith(`${path}/`)
}

export const navigationCommands: Command[] = SCREENS.map((screen) => ({
  id: `nav.${screen.id}`,
  title: `Go to ${screen.title}`,
  group: 'Navigation',
  keywords: ['go', 'open', screen.title.toLowerCase()],
  shortcut: screen.shortcut,
  // Hidden on the screen itself, so 'g d' on the dashboard does nothing and the palette stays short.
  when: (ctx) => ctx.route !== screen.path,
  run: (ctx) => ctx.navigate(screen.path),
}))
