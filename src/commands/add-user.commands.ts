/**
 * Add User (SPEC.md 2 "Users list"; DESIGN.md 'Add User' creates a user): opening the dialog
 * (n, or the list's button), its role flags, Create (mod+enter), Cancel, and after a creation
 * Open user (mod+enter) or Add another. They send events to the dialog's actor, which the users
 * list view publishes as `addUser`.
 */
import type { ActorRefFrom } from 'xstate'
import type { AddUserDraft, AddUserFlag } from '../machines/add-user.form'
import type { addUserMachine } from '../machines/add-user.machine'
import type { Command, CommandContext } from './registry'

/** What the users list publishes of the Add User dialog. */
export interface AddUserHandle {
  actor: ActorRefFrom<typeof addUserMachine>
  state: 'closed' | 'editing' | 'submitting' | 'created'
  draft: AddUserDraft
}

declare module './registry' {
  interface ViewCommandContext {
    addUser?: AddUserHandle
  }
}

const state = (ctx: CommandContext) => ctx.view.addUser?.state
const inForm = (ctx: CommandContext) => state(ctx) === 'editing' || state(ctx) === 'submitting'
const sending = (ctx: CommandContext) => (state(ctx) === 'submitting' ? 'Creating the user…' : null)
const send = (ctx: CommandContext, event: Parameters<AddUserHandle['actor']['send']>[0]) =>
  ctx.view.addUser?.actor.send(event)

function flagCommand(id: string, flag: AddUserFlag, label: string): Command {
  return {
    id,
    title: `Add User: ${label} role`,
    group: 'Add User',
    label: () => label,
    keywords: ['role', label.toLowerCase()],
    when: inForm,
    checked: (ctx) => !!ctx.view.addUser?.draft[flag],
    disabledReason: sending,
    run: (ctx) => send(ctx, { type: 'flag.toggle', flag }),
  }
}

export const addUserCommands: Command[] = [
  {
    id: 'users.add',
    title: 'Add User',
    group: 'Users',
    shortcut: 'n',
    keywords: ['new', 'create', 'user', 'agent', 'admin'],
    when: (ctx) => !!ctx.view.addUser,
    disabledReason: (ctx) => (state(ctx) === 'closed' ? null : 'Add User is open'),
    run: (ctx) => send(ctx, { type: 'dialog.open' }),
  },
  flagCommand('users.addUser.admin', 'isAdmin', 'Admin'),
  flagCommand('users.addUser.agent', 'isAgent', 'Agent'),
  {
    id: 'users.addUser.submit',
    title: 'Create the user',
    group: 'Add User',
    shortcut: 'mod+enter',
    label: () => 'Create User',
    when: inForm,
    disabledReason: sending,
    run: (ctx) => send(ctx, { type: 'form.submit' }),
  },
  {
    id: 'users.addUser.cancel',
    title: 'Close Add User',
    group: 'Add User',
    label: (ctx) => (state(ctx) === 'created' ? 'Close' : 'Cancel'),
    when: (ctx) => state(ctx) === 'editing' || state(ctx) === 'created',
    run: (ctx) => send(ctx, { type: 'dialog.close' }),
  },
  {
    id: 'users.addUser.open',
    title: 'Open the new user',
    group: 'Add User',
    shortcut: 'mod+enter',
    label: () => 'Open user',
    when: (ctx) => state(ctx) === 'created',
    run: (ctx) => send(ctx, { type: 'created.open' }),
  },
  {
    id: 'users.addUser.another',
    title: 'Add another user',
    group: 'Add User',
    label: () => 'Add another',
    when: (ctx) => state(ctx) === 'created',
    run: (ctx) => send(ctx, { type: 'created.another' }),
  },
]
