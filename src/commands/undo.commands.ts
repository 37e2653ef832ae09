/**
 * Undo (docs/decisions/014-undo.md): `app.undo` undoes the newest pending undoable change
 * (a decision or a bulk action) through the console's undo machine, which the undo host publishes
 * as `view.undo`. Keys: Ctrl/Cmd+Z, and `u`. The command applies only while an undo is pending, so
 * `u` keeps its other meaning (Back on the detail screens) the rest of the time: app.undo is joined
 * before those commands and the key handler runs the first visible one. Ctrl+Z inside a text field
 * stays the field's own undo (shortcut-handler.ts). `app.undoDismiss` keeps the change (closes the toast).
 */
import type { ActorRefFrom } from 'xstate'
import type { undoMachine } from '../machines/undo.machine'
import type { Command } from './registry'

/** What the undo host publishes: whether an undo can run now, and the machine to send `undo.run` to. */
export interface UndoHandle {
  pending: boolean
  actor: Pick<ActorRefFrom<typeof undoMachine>, 'send'>
}

declare module './registry' {
  interface ViewCommandContext {
    undo?: UndoHandle
  }
}

export const undoCommands: Command[] = [
  {
    id: 'app.undo',
    title: 'Undo the last change',
    group: 'General',
    keywords: ['undo', 'revert', 'restore', 'back'],
    shortcut: 'mod+z',
    altShortcuts: ['u'],
    label: () => 'Undo',
    when: (ctx) => !!ctx.view.undo?.pending,
    run: (ctx) => ctx.view.undo?.actor.send({ type: 'undo.run' }),
  },
  {
    id: 'app.undoDismiss',
    title: 'Dismiss the undo',
    group: 'General',
    keywords: ['undo', 'close', 'keep'],
    label: () => 'Dismiss undo',
    when: (ctx) => !!ctx.view.undo?.pending,
    run: (ctx) => ctx.view.undo?.actor.send({ type: 'undo.dismiss' }),
  },
]
