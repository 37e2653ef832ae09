/**
 * Verification History panel (SPEC.md 2 "Project detail", 4, 5 "Verification", 8): status
 * changes (offered for undo), entry edits and deletes, and the panel state commands drive (draft,
 * notes prompt, dialogs, filter). States: docs/machines/verification.mmd.
 */
import { and, assign, emit, raise, setup } from 'xstate'
import type { VerificationEntry, VerificationStatus } from '../api/schemas/projects'
import type { UndoTicket } from '../api/schemas/undo'
import { ticketIn } from './shared/undo-offer.rules'
import { verificationActors } from './verification.actors'
import { BANNER_MS, editOf, statusUpdatedText, toChange, type EntryEdit, type StatusDraft } from './verification.rules'
import { changeOf, validChange, type VerificationContext, type VerificationEvent } from './verification.types'

export { BANNER_MS, statusUpdatedText, verificationInputError } from './verification.rules'
export type { VerificationEvent } from './verification.types'

export type VerificationEmitted =
  /** `undo`: the decision's undo ticket (src/machines/undo.machine.ts), null when the server gave none. */
  | { type: 'project.statusChanged'; status: VerificationStatus; undo: UndoTicket | null }
  | { type: 'notify.success'; text: string }

const verificationSetup = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent | { type: 'banner.show' },
    emitted: {} as VerificationEmitted,
    input: {} as { projectId: string; currentStatus: VerificationStatus },
  },
  actors: verificationActors,
  actions: {
    fail: assign((_, params: { message: string }) => ({ error: params.message, change: null })),
    dismissError: assign({ error: null }),
    assignHistory: assign({ history: (_, params: { history: VerificationEntry[] }) => params.history }),
    dropChange: assign({ change: null }),
    setFilterStatus: assign({
      filter: ({ context }, params: { status: VerificationStatus | '' }) => ({
        ...context.filter,
        status: params.status,
      }),
    }),
    setFilterSearch: assign({
      filter: ({ context }, params: { search: string }) => ({ ...context.filter, search: params.search }),
    }),
    setQuick: assign({ quick: ({ context }, params: Partial<StatusDraft>) => ({ ...context.quick, ...params }) }),
    /** Quick Status Change → the change in flight; the form stays until the change is made. */
    takeQuick: assign(({ context }) => ({ change: validChange(context.quick), error: null })),
    /** A made change empties the Quick Status Change form for the next one. */
    resetQuick: assign({ quick: { status: '', notes: '' } }),
    requestStatus: assign({ requested: (_, params: { status: VerificationStatus }) => params.status }),
    closePrompt: assign({ requested: null }),
    takePrompt: assign(({ context }, params: { notes: string }) => ({
      change: validChange({ status: context.requested ?? '', notes: params.notes }),
      requested: null,
      error: null,
    })),
    openEdit: assign({ entryEdit: (_, params: { edit: EntryEdit | null }) => params.edit }),
    changeEdit: assign({
      entryEdit: ({ context }, params: Partial<StatusDraft>) =>
        context.entryEdit ? { ...context.entryEdit, ...params } : null,
    }),
    markEditTried: assign({
      entryEdit: ({ context }) => (context.entryEdit ? { ...context.entryEdit, tried: true } : null),
    }),
    closeEdit: assign({ entryEdit: null }),
    takeEdit: assign(({ context }) => ({
      change: context.entryEdit ? validChange(context.entryEdit, context.entryEdit.entryId) : null,
      entryEdit: null,
      error: null,
    })),
    askDelete: assign({ deleting: (_, params: { entryId: string }) => params.entryId }),
    closeDelete: assign({ deleting: null }),
    takeDelete: assign(({ context }) => ({
      change: { status: context.currentStatus, notes: '', entryId: context.deleting ?? '' },
      deleting: null,
      error: null,
    })),
    applyStatus: assign(({ context }) => {
      const { status } = changeOf(context)
      return { currentStatus: status, success: statusUpdatedText(status) }
    }),
    announceStatus: emit((_, params: { status: VerificationStatus; undo: UndoTicket | null }) => ({
      type: 'project.statusChanged' as const,
      status: params.status,
      undo: params.undo,
    })),
    syncStatus: assign({ currentStatus: (_, params: { status: VerificationStatus }) => params.status }),
    syncClaim: assign({ claimedBy: (_, params: { claimedBy: string | null }) => params.claimedBy }),
    notifySuccess: emit((_, params: { text: string }) => ({ type: 'notify.success' as const, text: params.text })),
    showBanner: raise({ type: 'banner.show' }),
    hideBanner: assign({ success: null }),
  },
  guards: {
    isQuickValid: ({ context }) => toChange(context.quick) !== null,
    isPromptValid: ({ context }, params: { notes: string }) =>
      !!context.requested && toChange({ status: context.requested, notes: params.notes }) !== null,
    isEditValid: ({ context }) => !!context.entryEdit && toChange(context.entryEdit) !== null,
    hasDeleteRequest: ({ context }) => context.deleting !== null,
    isClaimedByOther: ({ context }) => context.claimedBy !== null,
    isPromptValidAndClaimed: ({ context }, params: { notes: string }) =>
      context.claimedBy !== null &&
      !!context.requested &&
      toChange({ status: context.requested, notes: params.notes }) !== null,
    isKnownEntry: ({ context }, params: { entryId: string }) => context.history.some((e) => e._id === params.entryId),
  },
})

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
    claimedBy: null,
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
    'claim.sync': { actions: { type: 'syncClaim', params: ({ event }) => ({ claimedBy: event.claimedBy }) } },
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
            // A decision on a project another moderator is reviewing in triage asks first.
            'quick.submit': [
              {
                guard: and(['isQuickValid', 'isClaimedByOther']),
                target: 'confirmingClaim',
                actions: 'takeQuick',
              },
              { guard: 'isQuickValid', target: 'submitting', actions: 'takeQuick' },
            ],
            'prompt.submit': [
              {
                guard: { type: 'isPromptValidAndClaimed', params: ({ event }) => ({ notes: event.notes }) },
                target: 'confirmingClaim',
                actions: { type: 'takePrompt', params: ({ event }) => ({ notes: event.notes }) },
              },
              {
                guard: { type: 'isPromptValid', params: ({ event }) => ({ notes: event.notes }) },
                target: 'submitting',
                actions: { type: 'takePrompt', params: ({ event }) => ({ notes: event.notes }) },
              },
            ],
            'edit.save': [
              { guard: 'isEditValid', target: 'updatingEntry', actions: 'takeEdit' },
              { actions: 'markEditTried' },
            ],
            'delete.confirm': { guard: 'hasDeleteRequest', target: 'deletingEntry', actions: 'takeDelete' },
            'history.reload': 'loading',
          },
        },
        confirmingClaim: {
          on: {
            'claim.confirm': 'submitting',
            'claim.cancel': { target: 'idle', actions: 'dropChange' },
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
