/**
 * The contact detail's status (SPEC.md 2 "Contact detail", 4 "Contact status", 8): opening a new
 * contact marks it read once, without a toast; the quick actions run one at a time. Which action
 * applies is the commands' rule. States: docs/machines/contactStatus.mmd.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate'
import { setContactStatus } from '../api/contacts'
import { withReason } from '../api/error-text'
import { isUnreadStatus, type ContactDetail, type ContactStatus } from '../api/schemas/contacts'

/** The quick actions in page order: the status each sets, its button label, key and success text. */
export const CONTACT_STATUS_ACTIONS: ReadonlyArray<{
  status: ContactStatus
  label: string
  shortcut: string
  done: string
}> = [
  { status: 'read', label: 'Mark as Read', shortcut: 'i', done: 'Contact marked as read' },
  { status: 'replied', label: 'Mark as Replied', shortcut: 'y', done: 'Contact marked as replied' },
  { status: 'archived', label: 'Archive', shortcut: 'e', done: 'Contact archived' },
  { status: 'new', label: 'Mark as Unread', shortcut: 'shift+u', done: 'Contact marked as unread' },
]

/** The success text of setting `status`. */
export function statusDoneText(status: ContactStatus): string {
  return CONTACT_STATUS_ACTIONS.find((a) => a.status === status)?.done ?? 'Contact updated'
}

/** SPEC.md 8: 'Failed to update contact status: {reason}'. */
export const statusFailureText = (error: unknown) => withReason('Failed to update contact status', error)

export interface ContactStatusContext {
  contactId: string
  /** The contact's version as last seen (updatedAt), sent with each status change (If-Match). */
  version: string | undefined
  /** Whether the contact was unread when opened (then it is marked read once). */
  openedUnread: boolean
  /** The status being set; null when idle. */
  target: ContactStatus | null
  /** The last failure's text, shown with the quick actions until the next one. */
  error: string | null
}

export type ContactStatusEvent =
  | { type: 'status.set'; status: ContactStatus }
  /** A newer copy of the contact (a reply sent, a refetch): its version is the one the next change sends. */
  | { type: 'contact.refresh'; version: string }

export type ContactStatusEmitted =
  | { type: 'contact.changed'; contact: ContactDetail }
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }

function held(target: ContactStatus | null): ContactStatus {
  if (!target) throw new Error('contactStatus: no status in flight')
  return target
}

export const contactStatusMachine = setup({
  types: {
    context: {} as ContactStatusContext,
    events: {} as ContactStatusEvent,
    emitted: {} as ContactStatusEmitted,
    input: {} as { contact: Pick<ContactDetail, '_id' | 'status'> & { updatedAt?: string } },
  },
  actors: {
    updateStatus: fromPromise<ContactDetail, { id: string; status: ContactStatus; version?: string }>(({ input }) =>
      setContactStatus(input.id, input.status, input.version),
    ),
  },
  actions: {
    holdTarget: assign((_, params: { status: ContactStatus }) => ({ target: params.status, error: null })),
    dropTarget: assign({ target: null }),
    keepFailure: assign({ target: null, error: (_, params: { error: unknown }) => statusFailureText(params.error) }),
    announceChange: enqueueActions(({ enqueue }, params: { contact: ContactDetail }) => {
      enqueue.assign({ version: params.contact.updatedAt })
      enqueue.emit({ type: 'contact.changed' as const, contact: params.contact })
    }),
    notifyDone: emit(({ context }) => ({
      type: 'notify.success' as const,
      text: statusDoneText(held(context.target)),
    })),
    notifyFailure: emit(({ context }) => ({ type: 'notify.error' as const, text: context.error ?? '' })),
  },
  guards: {
    wasOpenedUnread: ({ context }) => context.openedUnread,
  },
}).createMachine({
  id: 'contactStatus',
  context: ({ input }) => ({
    contactId: input.contact._id,
    version: input.contact.updatedAt,
    openedUnread: isUnreadStatus(input.contact.status),
    target: null,
    error: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'wasOpenedUnread', target: 'markingRead' }, { target: 'idle' }],
    },
    markingRead: {
      invoke: {
        src: 'updateStatus',
        id: 'updateStatus',
        input: ({ context }) => ({ id: context.contactId, status: 'read' as const, version: context.version }),
        onDone: {
          target: 'idle',
          actions: { type: 'announceChange', params: ({ event }) => ({ contact: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'keepFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyFailure'],
        },
      },
    },
    idle: {
      on: {
        'contact.refresh': { actions: assign({ version: ({ event }) => event.version }) },
        'status.set': {
          target: 'updating',
          actions: { type: 'holdTarget', params: ({ event }) => ({ status: event.status }) },
        },
      },
    },
    updating: {
      invoke: {
        src: 'updateStatus',
        id: 'updateStatus',
        input: ({ context }) => ({ id: context.contactId, status: held(context.target), version: context.version }),
        onDone: {
          target: 'idle',
          actions: [
            'notifyDone',
            { type: 'announceChange', params: ({ event }) => ({ contact: event.output }) },
            'dropTarget',
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'keepFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyFailure'],
        },
      },
    },
  },
})
