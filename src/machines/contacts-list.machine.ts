/**
 * Contacts list triage (SPEC.md 2 "Contacts list", 4 "Contact status", 5, 8): focus, selection,
 * and row or bulk status actions; a failed bulk action keeps the selection for another try. I/O in
 * the `updateStatus` actor, outcomes emitted, so the machine stays free of UI.
 * States: docs/machines/contactsList.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { ContactBulkAction, ContactDetail, ContactStatus } from '../api/schemas/contacts'
import { failureText, NO_SELECTION_TEXT, successText, type ContactsStatusAction } from './contacts-list.rules'
import { runContactsAction } from './contacts-list.actors'
import {
  listSelectionActions,
  listSelectionOn,
  type ListSelectionContext,
  type ListSelectionEvent,
} from './shared/list-selection.rules'
import { ticketIn, type UndoOffered } from './shared/undo-offer.rules'
import { bulkNotice } from './shared/bulk-outcome.rules'
import { versionsOf, type BulkOutcome } from '../api/bulk-outcome'

/** What the machine (and the commands) need of a row. */
export interface ContactRow {
  id: string
  name: string
  status: ContactStatus
  /** The row's version as listed (updatedAt): a bulk write sends it back so a row changed since is left alone. */
  updatedAt?: string
}

export interface ContactsListContext extends ListSelectionContext<ContactRow> {
  /** The action waiting for the server. */
  pending: ContactsStatusAction | null
}

export type ContactsListEvent =
  | ListSelectionEvent<ContactRow>
  /** A row's action (the focused row, or a row's own button). */
  | { type: 'status.set'; id: string; action: ContactBulkAction }
  /** A bulk action of the selection; an empty selection is refused with a message. */
  | { type: 'bulk.run'; ids: string[]; action: ContactBulkAction }

export type ContactsListEmitted =
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }
  | { type: 'contacts.changed'; contact?: ContactDetail }
  | UndoOffered

/** The action in flight; `acting` is only entered with one set. */
function pendingOf(c: ContactsListContext): ContactsStatusAction {
  if (!c.pending) throw new Error('contactsList: no pending action')
  return c.pending
}

export const contactsListMachine = setup({
  types: { context: {} as ContactsListContext, events: {} as ContactsListEvent, emitted: {} as ContactsListEmitted },
  actors: {
    updateStatus: fromPromise<ContactDetail | BulkOutcome | null | undefined, ContactsStatusAction>(({ input }) =>
      runContactsAction(input),
    ),
  },
  actions: {
    ...listSelectionActions<ContactRow, ContactsListContext, ContactsListEvent>(),
    holdAction: assign({ pending: (_, params: ContactsStatusAction) => params }),
    dropAction: assign({ pending: null }),
    clearSelection: assign({ selection: [], anchor: null }),
    notifyNoSelection: emit({ type: 'notify.error' as const, text: NO_SELECTION_TEXT }),
    notifySuccess: emit(({ context }, params: { output: unknown }) =>
      bulkNotice(pendingOf(context), params.output, successText),
    ),
    notifyFailure: emit(({ context }, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: failureText(pendingOf(context), params.error),
    })),
    announceChange: emit((_, params: { contact?: ContactDetail }) => ({
      type: 'contacts.changed' as const,
      contact: params.contact,
    })),
  },
  guards: {
    hasIds: (_, params: { ids: string[] }) => params.ids.length > 0,
    wasBulk: ({ context }) => pendingOf(context).bulk,
  },
}).createMachine({
  id: 'contactsList',
  context: { rows: [], focus: -1, selection: [], anchor: null, pending: null },
  initial: 'idle',
  on: listSelectionOn,
  states: {
    idle: {
      on: {
        'status.set': {
          target: 'acting',
          actions: {
            type: 'holdAction',
            params: ({ event }) => ({ ids: [event.id], action: event.action, bulk: false }),
          },
        },
        'bulk.run': [
          {
            guard: { type: 'hasIds', params: ({ event }) => ({ ids: event.ids }) },
            target: 'acting',
            actions: {
              type: 'holdAction',
              params: ({ event }) => ({ ids: event.ids, action: event.action, bulk: true }),
            },
          },
          { actions: 'notifyNoSelection' },
        ],
      },
    },
    acting: {
      invoke: {
        src: 'updateStatus',
        id: 'updateStatus',
        input: ({ context }) => ({ ...pendingOf(context), versions: versionsOf(context.rows, pendingOf(context).ids) }),
        onDone: [
          {
            guard: 'wasBulk',
            target: 'idle',
            actions: [
              { type: 'notifySuccess', params: ({ event }) => ({ output: event.output }) },
              'clearSelection',
              { type: 'announceChange', params: {} },
              'dropAction',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'notifySuccess', params: { output: null } },
              {
                type: 'announceChange',
                params: ({ event }) => ({
                  contact: ticketIn(event.output) ? undefined : (event.output as ContactDetail | undefined),
                }),
              },
              'dropAction',
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'announceChange', params: {} },
            'dropAction',
          ],
        },
      },
    },
  },
})
