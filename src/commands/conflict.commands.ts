/**
 * Keep mine / Take theirs (decision 042): the pair of commands that settles a stale save held in
 * a machine's `conflict` state, the same on every screen that edits a shared record. Each screen
 * names the pair's prefix, its palette group, what is in conflict and how to reach its machine.
 */
import type { Command, CommandContext } from './registry'

/** The event each command sends to the machine holding the conflict. */
export type ConflictChoice = { type: 'conflict.keepMine' } | { type: 'conflict.takeTheirs' }

export interface ConflictCommandsOptions {
  /** Command id prefix: `${prefix}.conflict.keepMine`, `${prefix}.conflict.takeTheirs`. */
  prefix: string
  group: string
  /** What the admin keeps or takes, in the titles: 'values' (Keep my values), 'status'. */
  noun: string
  /** Keep mine's and Take theirs' keys (keys.ts notation). */
  shortcuts: { keepMine: string; takeTheirs: string }
  /** True while a conflict waits on the screen. */
  when: (ctx: CommandContext) => boolean
  /** Sends the choice to the machine holding the conflict. */
  send: (ctx: CommandContext, choice: ConflictChoice) => void
}

/** The Keep mine and Take theirs commands of one screen. */
export function conflictCommands({ prefix, group, noun, shortcuts, when, send }: ConflictCommandsOptions): Command[] {
  return [
    {
      id: `${prefix}.conflict.keepMine`,
      title: `Keep my ${noun}`,
      group,
      shortcut: shortcuts.keepMine,
      keywords: ['conflict', 'overwrite', 'mine'],
      label: () => 'Keep mine',
      when,
      run: (ctx) => send(ctx, { type: 'conflict.keepMine' }),
    },
    {
      id: `${prefix}.conflict.takeTheirs`,
      title: `Take their ${noun}`,
      group,
      shortcut: shortcuts.takeTheirs,
      keywords: ['conflict', 'discard', 'theirs'],
      label: () => 'Take theirs',
      when,
      run: (ctx) => send(ctx, { type: 'conflict.takeTheirs' }),
    },
  ]
}
