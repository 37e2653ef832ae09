/**
 * Verification History panel (SPEC.md 2 "Project detail", 4, 5 "Verification", 8): status
 * changes (offered for undo), entry edits and deletes, and the panel state commands drive (draft,
 * notes prompt, dialogs, filter). States: docs/machines/verification.mmd.
 */
import { BANNER_MS, editOf } from './verification.rules'
import { verificationSetup } from './verification.setup'
import { changeOf } from './verification.types'
import { ticketIn } from './shared/undo-offer.rules'

export { BANNER_MS, statusUpdatedText, verificationInputError } from './verification.rules'
export type { VerificationEmitted } from './verification.setup'
export type { VerificationContext, VerificationEvent } from './verification.types'

const failed = (message: string) => ({ type: 'fail' as const, params: { message } })

export const verificationMachine = verificationSetup.createMachine({
  id: 'verification',
  type: 'parallel',
  context: ({ input }) => ({
    projectId: input.projectId,
    currentStatus: input.currentStatus,
    history: [],
    error: null,
    success: null,
    change: null,
    quick: { status: '', notes: '' },
    requested: null,
    entryEdit: null,
    deleting: null,
    filter: { status: '', search: '' },
  }),
  on: {
    'error.dismiss': { actions: 'dismissError' },
    'filter.status': { actions: { type: 'setFilterStatus', params: ({ event }) => ({ status: event.status }) } },
    'filter.search': { actions: { type: 'setFilterSearch', params: ({ event }) => ({ search: event.search }) } },
    'quick.status': { actions: { type: 'setQuick', params: ({ event }) => ({ status: event.status }) } },
    'quick.notes': { actions: { type: 'setQuick', params: ({ event }) => ({ notes: event.notes }) } },
    'status.request': { actions: { type: 'requestStatus', params: ({ event }) => ({ status: event.status }) } },
    'prompt.cancel': { actions: 'closePrompt' },
    'entry.edit': {
      guard: { type: 'isKnownEntry', params: ({ event }) => ({ entryId: event.entryId }) },
      actions: {
        type: 'openEdit',
        params: ({ context, event }) => ({ edit: editOf(context.history.find((e) => e._id === event.entryId)) }),
      },
    },
    'edit.status': { actions: { type: 'changeEdit', params: ({ event }) => ({ status: event.status }) } },
    'edit.notes': { actions: { type: 'changeEdit', params: ({ event }) => ({ notes: event.notes }) } },
    'edit.cancel': { actions: 'closeEdit' },
    'entry.delete': {
      guard: { type: 'isKnownEntry', params: ({ event }) => ({ entryId: event.entryId }) },
      actions: { type: 'askDelete', params: ({ event }) => ({ entryId: event.entryId }) },
    },
    'delete.cancel': { actions: 'closeDelete' },
    // An undo put the project's status back: the panel follows, then reloads its history.
    'status.sync': { actions: { type: 'syncStatus', params: ({ event }) => ({ status: event.status }) } },
  },
  states: {
    flow: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchHistory',
            id: 'fetchHistory',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignHistory', params: ({ event }) => ({ history: event.output }) },
            },
            onError: { target: 'idle', actions: failed('Failed to fetch verification history') },
          },
        },
        idle: {
          on: {
            'quick.submit': { guard: 'isQuickValid', target: 'submitting', actions: 'takeQuick' },
            'prompt.submit': {
              guard: { type: 'isPromptValid', params: ({ event }) => ({ notes: event.notes }) },
              target: 'submitting',
              actions: { type: 'takePrompt', params: ({ event }) => ({ notes: event.notes }) },
            },
            'edit.save': [
              { guard: 'isEditValid', target: 'updatingEntry', actions: 'takeEdit' },
              { actions: 'markEditTried' },
            ],
            'delete.confirm': { guard: 'hasDeleteRequest', target: 'deletingEntry', actions: 'takeDelete' },
            'history.reload': 'loading',
          },
        },
        submitting: {
          invoke: {
            src: 'submitStatus',
            id: 'submitStatus',
            input: ({ context }) => ({ projectId: context.projectId, ...changeOf(context) }),
            onDone: {
              target: 'reloading',
              actions: [
                'applyStatus',
                'resetQuick',
                {
                  type: 'announceStatus',
                  params: ({ context, event }) => ({ status: context.currentStatus, undo: ticketIn(event.output) }),
                },
                'showBanner',
              ],
            },
            onError: { target: 'idle', actions: failed('Failed to update project status') },
          },
        },
        updatingEntry: {
          invoke: {
            src: 'updateEntry',
            id: 'updateEntry',
            input: ({ context }) => ({
              projectId: context.projectId,
              ...changeOf(context),
              entryId: changeOf(context).entryId ?? '',
            }),
            onDone: {
              target: 'reloading',
              actions: { type: 'notifySuccess', params: { text: 'Verification history entry updated successfully' } },
            },
            onError: { target: 'idle', actions: failed('Failed to update verification entry') },
          },
        },
        deletingEntry: {
          invoke: {
            src: 'deleteEntry',
            id: 'deleteEntry',
            input: ({ context }) => ({ projectId: context.projectId, entryId: changeOf(context).entryId ?? '' }),
            onDone: {
              target: 'reloading',
              actions: { type: 'notifySuccess', params: { text: 'Verification history entry deleted successfully' } },
            },
            onError: { target: 'idle', actions: failed('Failed to delete verification entry') },
          },
        },
        reloading: {
          invoke: {
            src: 'fetchHistory',
            id: 'fetchHistory',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'assignHistory', params: ({ event }) => ({ history: event.output }) }, 'dropChange'],
            },
            onError: { target: 'idle', actions: failed('Failed to fetch verification history') },
          },
        },
      },
    },
    banner: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'banner.show': 'shown' } },
        shown: {
          // Re-entering restarts the 3 s timer when another change succeeds meanwhile.
          on: { 'banner.show': { target: 'shown', reenter: true } },
          after: { [BANNER_MS]: { target: 'hidden', actions: 'hideBanner' } },
        },
      },
    },
  },
})
