/**
 * Contact detail commands (SPEC.md 2 "Contact detail", 4 "Contact status"): back to the
 * contacts (u), to the registered user with the contact's e-mail, open the related project (o),
 * the reply box (r focuses it, mod+Enter sends — from inside it too —, Escape leaves it) and the
 * quick actions Mark as Read (i), Mark as Replied (y), Archive (e), Mark as Unread (shift+u), each
 * disabled when the contact already has that status, and a stale status change waiting in its
 * conflict bar settled by Keep mine (m) or Take theirs (t) (decision 042). They read what the detail view publishes
 * (`contactDetail`) and send typed events to its reply and status actors, or navigate.
 */
import type { ActorRefFrom } from 'xstate'
import { CONTACT_STATUS_LABELS, REPLY_REQUIRED_MESSAGE, type ContactDetail } from '../api/schemas/contacts'
import type { contactReplyMachine } from '../machines/contact-reply.machine'
import { CONTACT_STATUS_ACTIONS, type contactStatusMachine } from '../machines/contact-status.machine'
import type { Command, CommandContext } from './registry'
import { conflictCommands } from './conflict.commands'

/** What the contact detail view publishes for its commands. */
export interface ContactDetailHandle {
  contact: ContactDetail
  reply: ActorRefFrom<typeof contactReplyMachine>
  status: ActorRefFrom<typeof contactStatusMachine>
  /** The typed reply is empty or whitespace only. */
  replyBlank: boolean
  /** A reply is with the server. */
  sending: boolean
  /** A status change (or the mark-read of opening) is with the server, or waits in its conflict bar. */
  updating: boolean
  /** A stale status change waits for Keep mine / Take theirs. */
  conflict?: boolean
  /** The keyboard is in the reply box. */
  replyFocused: boolean
  focusReply: () => void
  leaveReply: () => void
}

declare module './registry' {
  interface ViewCommandContext {
    contactDetail?: ContactDetailHandle
  }
}

const GROUP = 'Contact'
const detail = (ctx: CommandContext) => ctx.view.contactDetail
/** On /contacts/{id}, loaded or not ('Contact not found' and 'Error Loading Contact' offer the way back too). */
const onDetailRoute = (ctx: CommandContext) => /^\/contacts\/[^/]+$/.test(ctx.route)
/** SPEC.md 4: the reply form is shown only while the contact is not replied. */
const replyOpen = (ctx: CommandContext) => {
  const d = detail(ctx)
  return !!d && d.contact.status !== 'replied'
}

const statusCommands = CONTACT_STATUS_ACTIONS.map(({ status, label, shortcut }): Command => ({
  id: `contacts.detail.status.${status}`,
  title: `${label} (this contact)`,
  group: GROUP,
  shortcut,
  label: () => label,
  keywords: ['status', CONTACT_STATUS_LABELS[status].toLowerCase()],
  when: (ctx) => !!detail(ctx),
  disabledReason: (ctx) => {
    const d = detail(ctx)
    if (d?.contact.status === status) return `Already ${CONTACT_STATUS_LABELS[status].toLowerCase()}`
    if (d?.conflict) return 'Keep your status or take theirs first'
    return d?.updating || d?.sending ? 'Wait for the current change to finish' : null
  },
  run: (ctx) => detail(ctx)?.status.send({ type: 'status.set', status }),
}))

export const contactDetailCommands: Command[] = [
  {
    id: 'contacts.detail.back',
    title: 'Back to Contacts',
    group: GROUP,
    shortcut: 'u',
    when: onDetailRoute,
    run: (ctx) => ctx.navigate('/contacts'),
  },
  {
    id: 'contacts.detail.openUser',
    title: 'Open the registered user of this contact',
    group: GROUP,
    keywords: ['user', 'customer', 'account'],
    when: (ctx) => !!detail(ctx)?.contact.user,
    label: (ctx) => `Back to ${detail(ctx)?.contact.user?.name ?? 'user'}`,
    run: (ctx) => {
      const user = detail(ctx)?.contact.user
      if (user) ctx.navigate(`/users/${user._id}`)
    },
  },
  {
    id: 'contacts.detail.openProject',
    title: 'Open the related project',
    group: GROUP,
    shortcut: 'o',
    keywords: ['project'],
    when: (ctx) => !!detail(ctx)?.contact.project,
    label: () => 'Open project',
    run: (ctx) => {
      const project = detail(ctx)?.contact.project
      if (project) ctx.navigate(`/projects/${project._id}`)
    },
  },
  {
    id: 'contacts.detail.focusReply',
    title: 'Write a reply',
    group: GROUP,
    shortcut: 'r',
    keywords: ['reply', 'answer', 'email'],
    when: (ctx) => replyOpen(ctx) && !detail(ctx)?.replyFocused,
    run: (ctx) => detail(ctx)?.focusReply(),
  },
  {
    id: 'contacts.detail.sendReply',
    title: 'Send the reply by e-mail',
    group: GROUP,
    shortcut: 'mod+enter',
    keywords: ['reply', 'send', 'email'],
    when: replyOpen,
    label: () => 'Send Reply',
    disabledReason: (ctx) => {
      const d = detail(ctx)
      if (d?.sending) return 'Sending…'
      return d?.replyBlank ? REPLY_REQUIRED_MESSAGE : null
    },
    run: (ctx) => detail(ctx)?.reply.send({ type: 'reply.send' }),
  },
  {
    id: 'contacts.detail.leaveReply',
    title: 'Leave the reply box',
    group: GROUP,
    shortcut: 'escape',
    when: (ctx) => replyOpen(ctx) && !!detail(ctx)?.replyFocused,
    run: (ctx) => detail(ctx)?.leaveReply(),
  },
  ...conflictCommands({
    prefix: 'contacts.detail',
    group: GROUP,
    noun: 'status',
    shortcuts: { keepMine: 'm', takeTheirs: 't' },
    when: (ctx) => !!detail(ctx)?.conflict,
    send: (ctx, choice) => detail(ctx)?.status.send(choice),
  }),
  ...statusCommands,
]
