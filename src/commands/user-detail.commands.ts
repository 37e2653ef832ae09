/**
 * User detail commands (SPEC.md 2 "User detail", 6), named like the project detail's: back to the
 * users (u), activate/deactivate (e), reveal the bank account number (shift+r), edit a section
 * (1-7, in page order), save (mod+enter) / cancel (escape) the open section, and the draft's
 * checkboxes and selects (`users.detail.field.*`). They read what the detail view publishes
 * (`userDetail`) and send typed events to its sections actor, or navigate.
 */
import type { ActorRefFrom } from 'xstate'
import { AGENT_STATUSES, USER_YEARS, type UserUpdateGroup } from '../api/schemas/users'
import type { UserDraft } from '../machines/user-sections.form'
import type { userSectionsMachine } from '../machines/user-sections.machine'
import { userStatusRefusal } from '../domain/user-status'
import type { Command, CommandContext } from './registry'
import { conflictCommands } from './conflict.commands'

/** What the user detail view publishes for its commands. */
export interface UserDetailHandle {
  actor: ActorRefFrom<typeof userSectionsMachine>
  isActive: boolean
  /** Open section or null. */
  editing: UserUpdateGroup | null
  /** The open section's draft. */
  draft: UserDraft
  /** Whether a save, status change or reveal is under way. */
  busy: boolean
  /** Whether bank details hold an account number (masked). */
  hasAccountNumber: boolean
  /** Whether the full number is already shown. */
  revealed: boolean
  /** Whether the open section's save was refused as stale and waits for Keep mine / Take theirs. */
  conflict?: boolean
}

declare module './registry' {
  interface ViewCommandContext {
    userDetail?: UserDetailHandle
  }
}

const GROUP = 'User'
const detail = (ctx: CommandContext) => ctx.view.userDetail
const onDetail = (ctx: CommandContext) => !!detail(ctx)
/** On /users/{id}, loaded or not ('User not found' and 'Error Loading User' offer the way back too). */
const onDetailRoute = (ctx: CommandContext) => /^\/users\/[^/]+$/.test(ctx.route)
const busyEditing = (ctx: CommandContext) => {
  if (detail(ctx)?.editing) return 'Save or cancel the open section first'
  return detail(ctx)?.busy ? 'Wait for the current change to finish' : null
}
const send = (ctx: CommandContext, event: Parameters<UserDetailHandle['actor']['send']>[0]) =>
  detail(ctx)?.actor.send(event)
const editingIn = (sections: readonly UserUpdateGroup[]) => (ctx: CommandContext) => {
  const open = detail(ctx)?.editing
  return !!open && sections.includes(open)
}

/** The sections (groups of PUT /api/users/{id}) and their titles, in page order. */
export const USER_SECTIONS: Array<[UserUpdateGroup, string]> = [
  ['basic', 'Basic Details'],
  ['address', 'Address'],
  ['flags', 'Status Flags'],
  ['agent', 'Agent Settings'],
  ['socialMedia', 'Social Media'],
  ['bankDetails', 'Bank Details'],
  ['preferences', 'Preferences'],
]

/** The draft's yes/no fields: the sections they appear in, field and label (isAgent is in two). */
export const USER_CHECKBOXES: Array<[UserUpdateGroup[], string, string]> = [
  [['flags'], 'isActive', 'Active'],
  [['flags'], 'isAdmin', 'Admin'],
  [['flags', 'agent'], 'isAgent', 'Agent'],
  [['flags'], 'isEmailVerified', 'Email verified'],
  [['preferences'], 'newsletter', 'Newsletter'],
  [['preferences'], 'notifications', 'Notifications'],
  [['preferences'], 'marketingEmails', 'Marketing emails'],
]

/** A select option of the draft: `field` takes the option's `target.id` (a year or an agent status). */
function draftOption(
  field: 'year' | 'agentStatus',
  section: UserUpdateGroup,
  title: string,
  labelOf = (value: string) => value,
): Command {
  return {
    id: `users.detail.field.${field}`,
    title,
    group: GROUP,
    label: (ctx) => (ctx.view.focused ? labelOf(ctx.view.focused.id) : title),
    // Runs with the value as target (the select's options); not a palette entry of its own.
    when: (ctx) => editingIn([section])(ctx) && ctx.view.focused?.kind === field,
    checked: (ctx) => detail(ctx)?.draft[field] === ctx.view.focused?.id,
    run: (ctx) => send(ctx, { type: 'draft.change', patch: { [field]: ctx.view.focused?.id ?? '' } }),
  }
}

export const userDetailCommands: Command[] = [
  {
    id: 'users.detail.back',
    title: 'Back to users',
    group: GROUP,
    shortcut: 'u',
    when: onDetailRoute,
    run: (ctx) => ctx.navigate('/users'),
  },
  {
    id: 'users.detail.toggleActive',
    title: 'Activate / deactivate user',
    group: GROUP,
    shortcut: 'e',
    when: onDetail,
    label: (ctx) => (detail(ctx)?.isActive ? 'Deactivate user' : 'Activate user'),
    // The server's rule: nobody deactivates their own account (src/domain/user-status.ts).
    disabledReason: (ctx) => {
      const user = detail(ctx)
      const id = ctx.route.split('/')[2] ?? ''
      const me = ctx.auth.getSnapshot().context.admin?._id
      return (
        busyEditing(ctx) ??
        (user ? userStatusRefusal({ id, isActive: user.isActive }, !user.isActive, me)?.reason : null) ??
        null
      )
    },
    run: (ctx) => send(ctx, { type: 'user.toggleActive' }),
  },
  {
    id: 'users.detail.revealAccount',
    title: 'Reveal account number',
    group: GROUP,
    shortcut: 'shift+r',
    keywords: ['bank', 'account', 'show', 'unmask'],
    when: (ctx) => !!detail(ctx)?.hasAccountNumber && !detail(ctx)?.revealed,
    disabledReason: busyEditing,
    run: (ctx) => send(ctx, { type: 'account.reveal' }),
  },
  {
    id: 'users.detail.save',
    title: 'Save section',
    group: GROUP,
    shortcut: 'mod+enter',
    when: (ctx) => !!detail(ctx)?.editing && !detail(ctx)?.conflict,
    label: () => 'Save',
    disabledReason: (ctx) => (detail(ctx)?.busy ? 'Saving…' : null),
    run: (ctx) => send(ctx, { type: 'section.save' }),
  },
  {
    id: 'users.detail.cancel',
    title: 'Cancel editing',
    group: GROUP,
    shortcut: 'escape',
    when: (ctx) => !!detail(ctx)?.editing,
    label: () => 'Cancel',
    disabledReason: (ctx) => (detail(ctx)?.busy ? 'Saving…' : null),
    run: (ctx) => send(ctx, { type: 'section.cancel' }),
  },
  ...conflictCommands({
    prefix: 'users.detail',
    group: GROUP,
    noun: 'values',
    shortcuts: { keepMine: 'm', takeTheirs: 't' },
    when: (ctx) => !!detail(ctx)?.conflict,
    send,
  }),
  ...USER_SECTIONS.map(([section, title], i): Command => ({
    id: `users.detail.edit.${section}`,
    title: `Edit ${title}`,
    group: GROUP,
    keywords: ['edit', 'section', 'user'],
    shortcut: String(i + 1),
    when: (ctx) => onDetail(ctx) && detail(ctx)?.editing !== section,
    disabledReason: busyEditing,
    run: (ctx) => send(ctx, { type: 'section.edit', section }),
  })),
  ...USER_CHECKBOXES.map(([sections, field, label]): Command => ({
    id: `users.detail.field.${field}`,
    title: `Toggle ${label}`,
    group: GROUP,
    keywords: ['edit', label.toLowerCase()],
    label: () => label,
    when: editingIn(sections),
    checked: (ctx) => detail(ctx)?.draft[field] === true,
    run: (ctx) => send(ctx, { type: 'draft.change', patch: { [field]: detail(ctx)?.draft[field] !== true } }),
  })),
  draftOption('year', 'basic', 'Set the year'),
  draftOption(
    'agentStatus',
    'agent',
    'Set the agent status',
    (status) => status.charAt(0).toUpperCase() + status.slice(1),
  ),
]

/** The year options of the basic section (SPEC.md 3). */
export const YEAR_OPTIONS = USER_YEARS.map((y) => ({ id: 'users.detail.field.year', target: { kind: 'year', id: y } }))
/** The agent status options of the agent section (SPEC.md 3). */
export const AGENT_STATUS_OPTIONS = AGENT_STATUSES.map((s) => ({
  id: 'users.detail.field.agentStatus',
  target: { kind: 'agentStatus', id: s },
}))
