/**
 * Deleting the stale drafts Add Project lists (decision 038: drafts untouched for
 * STALE_DRAFT_DAYS days are offered for deletion, never deleted silently): idle → confirming
 * (how many, named) → deleting (one bulk delete) → idle. The delete sends the drafts' versions as
 * listed and `onlyDrafts`, so a draft another admin published or changed meanwhile is kept
 * (decision 042). Success emits 'drafts.deleted' with how many went and how many were kept; a
 * failure emits 'Failed to delete projects: {reason}' (SPEC.md 5).
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { bulkDeleteProjects, type BulkDeleteOutcome } from '../api/projects'
import type { RowVersions } from '../api/schemas/versions'
import { withReason } from '../api/error-text'
import { STALE_DRAFT_DAYS } from '../domain/upload-resume'

export interface UploadDraftsContext {
  /** The drafts the confirmation is about. */
  ids: string[]
  /** Their versions as listed (updatedAt by id), where known. */
  versions: RowVersions
}

export type UploadDraftsEvent =
  | { type: 'stale.delete'; ids: string[]; versions?: RowVersions }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }

export type UploadDraftsEmitted =
  /** `count` deleted; `kept` left because they were published or changed after they were listed. */
  { type: 'drafts.deleted'; count: number; kept: number } | { type: 'notify.error'; text: string }

/** What the toast says after a delete of stale drafts: 'Deleted 2 stale drafts. 1 draft was published or changed meanwhile and kept'. */
export function deletedText(count: number, kept: number): string {
  const deleted = `Deleted ${count} stale draft${count === 1 ? '' : 's'}`
  if (kept === 0) return deleted
  const keptText = `${kept} draft${kept === 1 ? ' was' : 's were'} published or changed meanwhile and kept`
  return count === 0 ? `Nothing deleted: ${keptText}` : `${deleted}. ${keptText}`
}

/** The confirmation's question for `n` drafts. */
export const staleQuestion = (n: number) =>
  `Delete ${n} draft${n === 1 ? '' : 's'} nobody touched for ${STALE_DRAFT_DAYS} days or more, with their staged uploads? This cannot be undone.`

export const uploadDraftsMachine = setup({
  types: { context: {} as UploadDraftsContext, events: {} as UploadDraftsEvent, emitted: {} as UploadDraftsEmitted },
  actors: {
    deleteDrafts: fromPromise<BulkDeleteOutcome, { ids: string[]; versions: RowVersions }>(({ input }) =>
      bulkDeleteProjects(input.ids, input.versions, true),
    ),
  },
  actions: {
    keepIds: assign(
      ({ event }) => (assertEvent(event, 'stale.delete'), { ids: event.ids, versions: event.versions ?? {} }),
    ),
    forgetIds: assign({ ids: [], versions: {} }),
    announceDeleted: emit((_, params: { count: number; requested: number }) => ({
      type: 'drafts.deleted' as const,
      count: params.count,
      kept: Math.max(0, params.requested - params.count),
    })),
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
  context: { ids: [], versions: {} },
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
        input: ({ context }) => ({ ids: context.ids, versions: context.versions }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'announceDeleted',
              params: ({ context, event }) => ({ count: event.output.count, requested: context.ids.length }),
            },
            'forgetIds',
          ],
        },
        onError: {
          target: 'idle',
          actions: ['forgetIds', { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
})
