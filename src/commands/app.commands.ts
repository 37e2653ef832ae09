/**
 * Console-level commands: the palette, the keyboard shortcuts sheet, the key hint bar, the API
 * reference (the OpenAPI document browsed at /api/docs, in a new tab) and the small-screen menu.
 * The palette and the sheet exist only inside the protected layout (`ctx.ui`); the menu toggle
 * only where the shell publishes `view.menu`.
 */
import type { Command } from './registry'

/** What the app shell publishes: whether the small-screen sidebar is open, and a typed toggle. */
export interface MenuHandle {
  open: boolean
  setOpen: (open: boolean) => void
}

/** What the hint bar publishes: whether it is shown, and a typed toggle. */
export interface HintsHandle {
  visible: boolean
  setVisible: (visible: boolean) => void
}

declare module './registry' {
  interface ViewCommandContext {
    menu?: MenuHandle
    hints?: HintsHandle
    /** A screen that failed to load publishes how to load it again. */
    retry?: { run: () => void }
  }
}

export const appCommands: Command[] = [
  {
    id: 'app.palette',
    title: 'Open command palette',
    group: 'General',
    keywords: ['commands', 'search', 'actions'],
    shortcut: 'mod+k',
    label: () => 'Search or run a command',
    when: (ctx) => !!ctx.ui,
    run: (ctx) => ctx.ui?.openPalette(),
  },
  {
    id: 'app.shortcuts',
    title: 'Show keyboard shortcuts',
    group: 'General',
    keywords: ['help', 'keys', 'hotkeys'],
    shortcut: '?',
    label: () => 'Keyboard shortcuts',
    when: (ctx) => !!ctx.ui,
    run: (ctx) => ctx.ui?.openShortcuts(),
  },
  {
    id: 'app.toggleHints',
    title: 'Show / hide the key hints',
    group: 'General',
    keywords: ['hint bar', 'keys', 'shortcuts', 'footer', 'help'],
    label: (ctx) => (ctx.view.hints?.visible ? 'Hide key hints' : 'Show key hints'),
    checked: (ctx) => !!ctx.view.hints?.visible,
    when: (ctx) => !!ctx.view.hints,
    run: (ctx) => ctx.view.hints?.setVisible(!ctx.view.hints.visible),
  },
  {
    id: 'app.toggleMenu',
    title: 'Open / close the menu',
    group: 'General',
    keywords: ['sidebar', 'navigation'],
    label: (ctx) => (ctx.view.menu?.open ? 'Close menu' : 'Open menu'),
    checked: (ctx) => !!ctx.view.menu?.open,
    when: (ctx) => !!ctx.view.menu,
    run: (ctx) => ctx.view.menu?.setOpen(!ctx.view.menu.open),
  },
  {
    id: 'app.apiDocs',
    title: 'Open the API reference',
    group: 'General',
    keywords: ['api', 'openapi', 'swagger', 'docs', 'endpoints', 'help'],
    label: () => 'API reference',
    when: (ctx) => !!ctx.ui,
    run: (ctx) => ctx.ui?.openTab('/api/docs'),
  },
  {
    id: 'app.retry',
    title: 'Retry loading this screen',
    group: 'General',
    keywords: ['reload', 'again', 'error'],
    shortcut: 'r',
    label: () => 'Retry',
    when: (ctx) => !!ctx.view.retry,
    run: (ctx) => ctx.view.retry?.run(),
  },
]
