/**
 * Projects list triage (SPEC.md 2 "Projects list", 4 "Project verificationStatus" / "isActive",
 * 5 "Projects list", 8): focus row (j/k), selection (x, shift+x), and the row or bulk actions
 * idle → prompting (notes / reason) | confirming (delete) → acting → idle; a decision about
 * projects another moderator holds in triage asks first (confirmingClaim: 'Decide anyway?',
 * decision 043). Cancelling a prompt or a confirmation aborts. I/O is the `runAction` actor; results are emitted as `notify.success` /
 * `notify.error` (toast text) and `projects.changed` (reload the page) so the machine stays free of UI.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import type { VerificationStatus } from '../api/schemas/projects'
import { runListAction } from './projects-list.actors'
import { failureText, successText, type ListAction } from './projects-list.rules'
import type { UndoOffered } from './shared/undo-offer.rules'
import { bulkNotice } from './shared/bulk-outcome.rules'
import { versionsOf } from '../api/bulk-outcome'
import {
  listSelectionActions,
  listSelectionOn,
  type ListSelectionContext,
  type ListSelectionEvent,
} from './shared/list-selection.rules'

/** What the machine needs of a row. */
export interface ListRow {
  id: string
  title: string
  isActive: boolean
  verificationStatus: VerificationStatus
  /** The row's version as listed (updatedAt): a bulk write sends it back so a row changed since is left alone. */
  updatedAt?: string
}

export interface ProjectsListContext extends ListSelectionContext<ListRow> {
  /** The action waiting for a prompt, a confirmation or the server. */
  pending: ListAction | null
}

export type ProjectsListEvent =
  | ListSelectionEvent<ListRow>
  /**
   * With `notes` (the palette's reason page) it runs at once; without, it asks for them first.
   * `claimedBy`: the names of the other moderators holding targets in triage, one per such target.
   */
  | { type: 'action.verify'; ids: string[]; status: VerificationStatus; notes?: string; claimedBy?: string[] }
  | { type: 'action.delete'; ids: string[] }
  | { type: 'action.setActive'; ids: string[]; isActive: boolean }
  | { type: 'prompt.submit'; notes: string }
  | { type: 'prompt.cancel' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }

export type ProjectsListEmitted =
  | { type: 'notify.success'; text: string }
  | { type: 'notify.error'; text: string }
  | { type: 'projects.changed' }
  | UndoOffered

/** The action in flight; the states that read it are only entered with one set. */
function pendingOf(c: ProjectsListContext): ListAction {
  if (!c.pending) throw new Error('projectsList: no pending action')
  return c.pending
}

export const projectsListMachine = setup({
  types: { context: {} as ProjectsListContext, events: {} as ProjectsListEvent, emitted: {} as ProjectsListEmitted },
  actors: { runAction: fromPromise<unknown, ListAction>(({ input }) => runListAction(input)) },
  actions: {
    ...listSelectionActions<ListRow, ProjectsListContext, ProjectsListEvent>(),
    holdAction: assign({ pending: (_, params: { action: ListAction }) => params.action }),
    addNotes: assign({
      pending: ({ context }, params: { notes: string }) =>
        ({ ...pendingOf(context), notes: params.notes }) as ListAction,
    }),
    dropAction: assign({ pending: null }),
    /** After a delete the deleted rows leave the selection. */
    finishAction: assign(({ context }) => {
      const action = pendingOf(context)
      return {
        selection:
          action.kind === 'delete' ? context.selection.filter((s) => !action.ids.includes(s)) : context.selection,
        pending: null,
      }
    }),
    notifySuccess: emit(({ context }, params: { output: unknown }) =>
      bulkNotice(pendingOf(context), params.output, successText),
    ),
    notifyFailure: emit(({ context }, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: failureText(pendingOf(context), errorText(params.error, 'Request failed')),
    })),
    announceChange: emit({ type: 'projects.changed' as const }),
  },
  guards: {
    hasIds: (_, params: { ids: string[] }) => params.ids.length > 0,
    hasIdsAndNotes: (_, params: { ids: string[]; notes: string | undefined }) =>
      params.ids.length > 0 && !!params.notes?.trim(),
    hasIdsClaimedByOthers: (_, params: { ids: string[]; claimedBy: string[] | undefined }) =>
      params.ids.length > 0 && (params.claimedBy?.length ?? 0) > 0,
    pendingHasNotes: ({ context }) => {
      const action = pendingOf(context)
      return action.kind === 'verify' && action.notes.trim() !== ''
    },
  },
}).createMachine({
  id: 'projectsList',
  context: { rows: [], focus: -1, selection: [], anchor: null, pending: null },
  initial: 'idle',
  on: listSelectionOn,
  states: {
    idle: {
      on: {
        'action.verify': [
          {
            guard: {
              type: 'hasIdsClaimedByOthers',
              params: ({ event }) => ({ ids: event.ids, claimedBy: event.claimedBy }),
            },
            target: 'confirmingClaim',
            actions: {
              type: 'holdAction',
              params: ({ event }) => ({
                action: {
                  kind: 'verify',
                  ids: event.ids,
                  status: event.status,
                  notes: event.notes ?? '',
                  claimedBy: event.claimedBy,
                },
              }),
            },
          },
          {
            guard: { type: 'hasIdsAndNotes', params: ({ event }) => ({ ids: event.ids, notes: event.notes }) },
            target: 'acting',
            actions: {
              type: 'holdAction',
              params: ({ event }) => ({
                action: { kind: 'verify', ids: event.ids, status: event.status, notes: event.notes ?? '' },
              }),
            },
          },
          {
            guard: { type: 'hasIds', params: ({ event }) => ({ ids: event.ids }) },
            target: 'prompting',
            actions: {
              type: 'holdAction',
              params: ({ event }) => ({ action: { kind: 'verify', ids: event.ids, status: event.status, notes: '' } }),
            },
          },
        ],
        'action.delete': {
          guard: { type: 'hasIds', params: ({ event }) => ({ ids: event.ids }) },
          target: 'confirming',
          actions: { type: 'holdAction', params: ({ event }) => ({ action: { kind: 'delete', ids: event.ids } }) },
        },
        'action.setActive': {
          guard: { type: 'hasIds', params: ({ event }) => ({ ids: event.ids }) },
          target: 'acting',
          actions: {
            type: 'holdAction',
            params: ({ event }) => ({ action: { kind: 'setActive', ids: event.ids, isActive: event.isActive } }),
          },
        },
      },
    },
    prompting: {
      on: {
        'prompt.submit': {
          target: 'acting',
          actions: { type: 'addNotes', params: ({ event }) => ({ notes: event.notes }) },
        },
        'prompt.cancel': { target: 'idle', actions: 'dropAction' },
      },
    },
    confirming: {
      on: {
        'confirm.accept': 'acting',
        'confirm.cancel': { target: 'idle', actions: 'dropAction' },
      },
    },
    /** Other moderators hold some targets in triage: decide anyway (then the notes, unless given) or not at all. */
    confirmingClaim: {
      on: {
        'confirm.accept': [{ guard: 'pendingHasNotes', target: 'acting' }, { target: 'prompting' }],
        'confirm.cancel': { target: 'idle', actions: 'dropAction' },
      },
    },
    acting: {
      invoke: {
        src: 'runAction',
        id: 'runAction',
        input: ({ context }) => ({ ...pendingOf(context), versions: versionsOf(context.rows, pendingOf(context).ids) }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notifySuccess', params: ({ event }) => ({ output: event.output }) },
            'announceChange',
            'finishAction',
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'dropAction'],
        },
      },
    },
  },
})
