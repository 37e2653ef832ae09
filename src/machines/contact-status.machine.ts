/**
 * The contact detail's status (SPEC.md 2 "Contact detail", 4 "Contact status", 8): opening a new
 * contact marks it read once, without a toast; the quick actions run one at a time. Which action
 * applies is the commands' rule. A status change refused as stale (409, decision 042) refetches
 * the contact and merges by field (shared/stale-save.ts): when the other admin left the status
 * alone or set the same one it is written at once with the new version; otherwise it waits in
 * `conflict` until Keep mine (my status over theirs) or Take theirs (theirs stays, nothing is
 * written). States: docs/machines/contactStatus.mmd.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate'
import { fetchContact, setContactStatus } from '../api/contacts'
import { withReason } from '../api/error-text'
import { CONTACT_STATUS_LABELS, isUnreadStatus, type ContactDetail, type ContactStatus } from '../api/schemas/contacts'
import { fieldWords, mergeEdits } from '../domain/merge-edits'
import { isVersionConflict } from './shared/section-conflict.rules'
import { staleSaveFailure, staleSaveRules, staleSaveStates, type StaleSaveContext } from './shared/stale-save'

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

export interface ContactStatusContext extends StaleSaveContext<ContactDetail> {
  contactId: string
  /** The contact's version as last seen (updatedAt), sent with each status change (If-Match). */
  version: string | undefined
  /** Its status as last seen: the base a stale change is merged against. */
  status: ContactStatus
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
  | { type: 'contact.refresh'; version: string; status?: ContactStatus }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeTheirs' }

export type ContactStatusEmitted =
  | { type: 'contact.changed'; contact: ContactDetail }
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }

function held(target: ContactStatus | null): ContactStatus {
  if (!target) throw new Error('contactStatus: no status in flight')
  return target
}

/** A field's label in the merge notice and the conflict bar ('Status'). */
export const contactFieldLabel = (field: string) => fieldWords(field)

/** A field's value in the conflict bar: a status by its label. */
export const contactValueText = (field: string, value: unknown): string | undefined =>
  field === 'status' && typeof value === 'string' && value in CONTACT_STATUS_LABELS
    ? CONTACT_STATUS_LABELS[value as ContactStatus]
    : undefined

/** The stale-save flow's rules for the status (decision 042, shared/stale-save.ts). */
const stale = staleSaveRules<ContactStatusContext, ContactDetail>({
  name: 'contactStatus',
  merge: (c, theirs) => mergeEdits({ status: c.status }, { status: theirs.status }, { status: held(c.target) }),
  rebase: (_, theirs, values) => ({
    version: theirs.updatedAt,
    status: theirs.status,
    target: values.status as ContactStatus,
  }),
  label: contactFieldLabel,
})

const updateInput = ({ context }: { context: ContactStatusContext }) => ({
  id: context.contactId,
  status: held(context.target),
  version: context.version,
})

const staleStates = staleSaveStates({
  save: { src: 'updateStatus', input: updateInput },
  refetch: {
    src: 'fetchContact',
    input: ({ context }: { context: ContactStatusContext }) => ({ id: context.contactId }),
  },
  editing: 'idle',
  saved: {
    target: 'idle',
    actions: [
      'notifyNotice',
      {
        type: 'announceChange',
        params: ({ event }: { event: { output: ContactDetail } }) => ({ contact: event.output }),
      },
      'dropTarget',
    ],
  },
  beforeFailure: [],
})

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
    fetchContact: fromPromise<ContactDetail, { id: string }>(({ input, signal }) => fetchContact(input.id, signal)),
  },
  actions: {
    holdTarget: assign((_, params: { status: ContactStatus }) => ({ target: params.status, error: null })),
    dropTarget: assign({ target: null, changes: [], conflict: null, notice: null }),
    keepFailure: assign({ target: null, error: (_, params: { error: unknown }) => statusFailureText(params.error) }),
    announceChange: enqueueActions(({ enqueue }, params: { contact: ContactDetail }) => {
      enqueue.assign({ version: params.contact.updatedAt, status: params.contact.status })
      enqueue.emit({ type: 'contact.changed' as const, contact: params.contact })
    }),
    keepChanges: assign((_, params: { error: unknown }) => stale.keepChanges(params.error)),
    holdConflict: assign(({ context }, params: { theirs: ContactDetail }) =>
      stale.holdConflict(context, params.theirs),
    ),
    adoptMerge: assign(({ context }) => stale.adoptMerge(context)),
    keepMine: assign(({ context }) => stale.keepMine(context)),
    /** Take theirs: nothing is written; the page shows the contact as the other admin left it. */
    takeTheirs: enqueueActions(({ context, enqueue }) => {
      const theirs = stale.theirs(context)
      enqueue.assign({ ...stale.takeTheirs(context), target: null })
      enqueue.emit({ type: 'contact.changed' as const, contact: theirs })
    }),
    /** A failed refetch or merge: the reason shown and told, the flow dropped. */
    showSaveError: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const text = statusFailureText(params.error)
      enqueue.assign({ target: null, error: text, ...stale.cleared() })
      enqueue.emit({ type: 'notify.error' as const, text })
    }),
    notifyNotice: emit(({ context }) => ({ type: 'notify.success' as const, text: context.notice ?? 'Saved' })),
    notifyDone: emit(({ context }) => ({
      type: 'notify.success' as const,
      text: statusDoneText(held(context.target)),
    })),
    notifyFailure: emit(({ context }) => ({ type: 'notify.error' as const, text: context.error ?? '' })),
  },
  guards: {
    wasOpenedUnread: ({ context }) => context.openedUnread,
    isStale: (_, params: { error: unknown }) => isVersionConflict(params.error),
    hasFieldConflicts: ({ context }, params: { theirs: ContactDetail }) =>
      stale.hasFieldConflicts(context, params.theirs),
  },
}).createMachine({
  id: 'contactStatus',
  context: ({ input }) => ({
    contactId: input.contact._id,
    version: input.contact.updatedAt,
    status: input.contact.status,
    openedUnread: isUnreadStatus(input.contact.status),
    target: null,
    error: null,
    changes: [],
    conflict: null,
    notice: null,
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
        'contact.refresh': {
          actions: assign(({ context, event }) => ({
            version: event.version,
            status: event.status ?? context.status,
          })),
        },
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
        input: updateInput,
        onDone: {
          target: 'idle',
          actions: [
            'notifyDone',
            { type: 'announceChange', params: ({ event }) => ({ contact: event.output }) },
            'dropTarget',
          ],
        },
        onError: [
          staleSaveFailure,
          {
            target: 'idle',
            actions: [{ type: 'keepFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyFailure'],
          },
        ],
      },
    },
    ...staleStates,
  },
})
