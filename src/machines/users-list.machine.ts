/**
 * Users list triage (SPEC.md 2 "Users list", 5, 8): focus, selection, and row or bulk
 * activate/deactivate. I/O in the `updateStatus` actor, outcomes emitted, so the machine stays free
 * of UI. States: docs/machines/usersList.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import {
  listSelectionActions,
  listSelectionOn,
  type ListSelectionContext,
  type ListSelectionEvent,
} from './shared/list-selection.rules'
import { failureText, NO_SELECTION_TEXT, successText, type UsersStatusAction } from './users-list.rules'
import { runUsersAction } from './users-list.actors'
import { isStepUpCancelled, withStepUp } from './shared/step-up-gate'
import type { UndoOffered } from './shared/undo-offer.rules'
import { bulkNotice } from './shared/bulk-outcome.rules'
import { versionsOf } from '../api/bulk-outcome'

/** What the machine needs of a row. */
export interface UserRow {
  id: string
  name: string
  isActive: boolean
  /** The row's version as listed (updatedAt): a bulk write sends it back so a row changed since is left alone. */
  updatedAt?: string
}

export interface UsersListContext extends ListSelectionContext<UserRow> {
  /** The action waiting for the server. */
  pending: UsersStatusAction | null
}

export type UsersListEvent =
  | ListSelectionEvent<UserRow>
  /** A row's toggle (or `e` on the focus or selection): ids are never empty. */
  | { type: 'status.set'; ids: string[]; isActive: boolean }
  /** Bulk Activate/Deactivate of the selection; an empty selection is refused with a message. */
  | { type: 'bulk.set'; ids: string[]; isActive: boolean }

export type UsersListEmitted =
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }
  | { type: 'users.changed' }
  | UndoOffered

/** The action in flight; `acting` is only entered with one set. */
function pendingOf(c: UsersListContext): UsersStatusAction {
  if (!c.pending) throw new Error('usersList: no pending action')
  return c.pending
}

export const usersListMachine = setup({
  types: { context: {} as UsersListContext, events: {} as UsersListEvent, emitted: {} as UsersListEmitted },
  // An admin's status is a sensitive action: the whole action runs through the step-up gate, so one code covers every row.
  actors: {
    updateStatus: fromPromise<unknown, UsersStatusAction>(({ input }) => withStepUp(() => runUsersAction(input))),
  },
  actions: {
    ...listSelectionActions<UserRow, UsersListContext, UsersListEvent>(),
    holdAction: assign({ pending: (_, params: { action: UsersStatusAction }) => params.action }),
    dropAction: assign({ pending: null }),
    notifyNoSelection: emit({ type: 'notify.error' as const, text: NO_SELECTION_TEXT }),
    notifySuccess: emit(({ context }, params: { output: unknown }) =>
      bulkNotice(pendingOf(context), params.output, successText),
    ),
    notifyFailure: emit(({ context }, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: failureText(pendingOf(context), errorText(params.error, 'Request failed')),
    })),
    announceChange: emit({ type: 'users.changed' as const }),
  },
  guards: {
    hasIds: (_, params: { ids: string[] }) => params.ids.length > 0,
    wasCancelled: (_, params: { error: unknown }) => isStepUpCancelled(params.error),
  },
}).createMachine({
  id: 'usersList',
  context: { rows: [], focus: -1, selection: [], anchor: null, pending: null },
  initial: 'idle',
  on: listSelectionOn,
  states: {
    idle: {
      on: {
        'status.set': {
          guard: { type: 'hasIds', params: ({ event }) => ({ ids: event.ids }) },
          target: 'acting',
          actions: {
            type: 'holdAction',
            params: ({ event }) => ({ action: { ids: event.ids, isActive: event.isActive, bulk: false } }),
          },
        },
        'bulk.set': [
          {
            guard: { type: 'hasIds', params: ({ event }) => ({ ids: event.ids }) },
            target: 'acting',
            actions: {
              type: 'holdAction',
              params: ({ event }) => ({ action: { ids: event.ids, isActive: event.isActive, bulk: true } }),
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
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notifySuccess', params: ({ event }) => ({ output: event.output }) },
            'announceChange',
            'dropAction',
          ],
        },
        onError: [
          // Cancelled: no failure to report; refetch anyway, as a row status call may have landed before the server asked.
          {
            guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: ['announceChange', 'dropAction'],
          },
          {
            target: 'idle',
            actions: [
              { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
              'announceChange',
              'dropAction',
            ],
          },
        ],
      },
    },
  },
})
