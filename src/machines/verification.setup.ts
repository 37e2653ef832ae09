/**
 * The verification machine's setup (types, I/O actors, named actions and guards), kept apart
 * from its states (verification.machine.ts) so both stay short.
 */
import { assign, emit, fromPromise, raise, setup } from 'xstate'
import type { VerificationEntry, VerificationStatus } from '../api/schemas/projects'
import type { UndoTicket } from '../api/schemas/undo'
import {
  deleteVerificationEntry,
  fetchVerificationHistory,
  updateVerificationEntry,
  verifyProject,
} from '../api/verification'
import { changeOf, validChange, type VerificationContext, type VerificationEvent } from './verification.types'
import { statusUpdatedText, toChange, type Change, type EntryEdit, type StatusDraft } from './verification.rules'

export type VerificationEmitted =
  /** `undo`: the decision's undo ticket (src/machines/undo.machine.ts), null when the server gave none. */
  | { type: 'project.statusChanged'; status: VerificationStatus; undo: UndoTicket | null }
  | { type: 'notify.success'; text: string }

export const verificationSetup = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent | { type: 'banner.show' },
    emitted: {} as VerificationEmitted,
    input: {} as { projectId: string; currentStatus: VerificationStatus },
  },
  actors: {
    // No abort signal: React StrictMode stops and rehydrates the actor once, which would abort it.
    fetchHistory: fromPromise<VerificationEntry[], { projectId: string }>(({ input }) =>
      fetchVerificationHistory(input.projectId),
    ),
    submitStatus: fromPromise<unknown, Change & { projectId: string }>(({ input }) =>
      verifyProject(input.projectId, input.status, input.notes),
    ),
    updateEntry: fromPromise<void, Change & { projectId: string; entryId: string }>(
      async ({ input }) =>
        void (await updateVerificationEntry(input.projectId, input.entryId, input.status, input.notes)),
    ),
    deleteEntry: fromPromise<void, { projectId: string; entryId: string }>(({ input }) =>
      deleteVerificationEntry(input.projectId, input.entryId),
    ),
  },
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
    isKnownEntry: ({ context }, params: { entryId: string }) => context.history.some((e) => e._id === params.entryId),
  },
})
