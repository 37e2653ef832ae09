/** Console-level commands: the palette itself and the keyboard shortcuts sheet. */
import type { Command } from './registry'

export const appCommands: Command[] = [
  {
    id: 'app.palette',
    title: 'Open command palette',
    group: 'General',
    keywords: ['commands', 'search', 'actions'],
    shortcut: 'mod+k',
    run: (ctx) => ctx.ui.openPalette(),
  },
  {
    id: 'app.shortcuts',
    title: 'Show keyboard shortcuts',
    group: 'General',
    keywords: ['help', 'keys', 'hotkeys'],
    shortcut: '?',
    run: (ctx) => ctx.ui.openShortcuts(),
  },
]
