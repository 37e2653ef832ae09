/**
 * Deleting the stale drafts Add Project lists (decision 038: drafts untouched for
 * STALE_DRAFT_DAYS days are offered for deletion, never deleted silently): idle → confirming
 * (how many, named) → deleting (one bulk delete, all or nothing) → idle. Success emits
 * 'drafts.deleted' with the count; a failure emits 'Failed to delete projects: {reason}' (SPEC.md 5).
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { bulkDeleteProjects } from '../api/projects'
import { withReason } from '../api/error-text'
import { STALE_DRAFT_DAYS } from '../domain/upload-resume'

export interface UploadDraftsContext {
  /** The drafts the confirmation is about. */
  ids: string[]
}

export type UploadDraftsEvent =
  { type: 'stale.delete'; ids: string[] } | { type: 'confirm.accept' } | { type: 'confirm.cancel' }

export type UploadDraftsEmitted = { type: 'drafts.deleted'; count: number } | { type: 'notify.error'; text: string }

/** The confirmation's question for `n` drafts. */
export const staleQuestion = (n: number) =>
  `Delete ${n} draft${n === 1 ? '' : 's'} nobody touched for ${STALE_DRAFT_DAYS} days or more, with their staged uploads? This cannot be undone.`

export const uploadDraftsMachine = setup({
  types: { context: {} as UploadDraftsContext, events: {} as UploadDraftsEvent, emitted: {} as UploadDraftsEmitted },
  actors: { deleteDrafts: fromPromise<number, string[]>(({ input }) => bulkDeleteProjects(input)) },
  actions: {
    keepIds: assign(({ event }) => (assertEvent(event, 'stale.delete'), { ids: event.ids })),
    forgetIds: assign({ ids: [] }),
    announceDeleted: emit((_, params: { count: number }) => ({ type: 'drafts.deleted' as const, count: params.count })),
    notifyFailed: emit((_, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: withReason('Failed to delete projects', params.error),
    })),
  },
  guards: {
    someIds: ({ event }) => event.type === 'stale.delete' && event.ids.length > 0,
  },
}).createMachine({
  id: 'uploadDrafts',
  context: { ids: [] },
  initial: 'idle',
  states: {
    idle: {
      on: { 'stale.delete': { guard: 'someIds', target: 'confirming', actions: 'keepIds' } },
    },
    confirming: {
      on: {
        'confirm.accept': 'deleting',
        'confirm.cancel': { target: 'idle', actions: 'forgetIds' },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteDrafts',
        src: 'deleteDrafts',
        input: ({ context }) => context.ids,
        onDone: {
          target: 'idle',
          actions: ['forgetIds', { type: 'announceDeleted', params: ({ event }) => ({ count: event.output }) }],
        },
        onError: {
          target: 'idle',
          actions: ['forgetIds', { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
})
