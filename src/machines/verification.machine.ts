/**
 * Verification History panel (SPEC.md 2 "Project detail", 4 "Project verificationStatus",
 * 5 "Verification", 8 "Verification"): loading → idle → submitting | updatingEntry |
 * deletingEntry → reloading → idle. Every failure lands in `error` (the red banner, cleared by
 * 'error.dismiss'); a status change shows 'Project status updated to {status}' for 3 s in the
 * parallel `banner` region. Emits `statusChanged` so the page can refresh the project.
 */
import { assign, emit, fromPromise, raise, setup } from 'xstate'
import type { VerificationEntry, VerificationStatus } from '../api/schemas/projects'
import { deleteVerificationEntry, fetchVerificationHistory, updateVerificationEntry, verifyProject } from '../api/verification'

export const BANNER_MS = 3000

export interface VerificationContext {
  projectId: string
  currentStatus: VerificationStatus
  history: VerificationEntry[]
  error: string | null
  success: string | null
}

export type VerificationEvent =
  | { type: 'status.submit'; status: VerificationStatus | ''; notes: string }
  | { type: 'entry.update'; entryId: string; status: VerificationStatus | ''; notes: string }
  | { type: 'entry.delete'; entryId: string }
  | { type: 'error.dismiss' }
  | { type: 'history.reload' }

export type VerificationEmitted =
  | { type: 'statusChanged'; status: VerificationStatus }
  | { type: 'notify'; text: string }

/** The first rule a status change breaks (SPEC.md 5 "Verification"), or null. */
export function verificationInputError(status: string, notes: string): string | null {
  if (!status) return 'Status is required'
  if (!notes.trim()) return 'Notes are required'
  return null
}

/** 'under_review' → 'Project status updated to under review'. */
export const statusUpdatedText = (status: VerificationStatus) => `Project status updated to ${status.replace(/_/g, ' ')}`

type Change = { status: VerificationStatus; notes: string; entryId?: string }

export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext & { change: Change | null },
    events: {} as VerificationEvent | { type: 'banner.show' },
    emitted: {} as VerificationEmitted,
    input: {} as { projectId: string; currentStatus: VerificationStatus },
  },
  actors: {
    // No abort signal: React StrictMode stops and rehydrates the actor once, which would abort it.
    fetchHistory: fromPromise<VerificationEntry[], { projectId: string }>(({ input }) => fetchVerificationHistory(input.projectId)),
    submitStatus: fromPromise<void, Change & { projectId: string }>(async ({ input }) =>
      void (await verifyProject(input.projectId, input.status, input.notes.trim()))),
    updateEntry: fromPromise<void, Change & { projectId: string; entryId: string }>(async ({ input }) =>
      void (await updateVerificationEntry(input.projectId, input.entryId, input.status, input.notes.trim()))),
    deleteEntry: fromPromise<void, { projectId: string; entryId: string }>(({ input }) => deleteVerificationEntry(input.projectId, input.entryId)),
  },
  actions: {
    fail: assign((_, params: { message: string }) => ({ error: params.message, change: null })),
    assignHistory: assign({ history: (_, params: { history: VerificationEntry[] }) => params.history }),
  },
  guards: {
    isValidChange: ({ event }) => 'notes' in event && verificationInputError(event.status, event.notes) === null,
  },
}).createMachine({
  id: 'verification',
  type: 'parallel',
  context: ({ input }) => ({
    projectId: input.projectId, currentStatus: input.currentStatus, history: [], error: null, success: null, change: null,
  }),
  on: { 'error.dismiss': { actions: assign({ error: null }) } },
  states: {
    flow: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchHistory',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: { target: 'idle', actions: { type: 'assignHistory', params: ({ event }) => ({ history: event.output }) } },
            onError: { target: 'idle', actions: { type: 'fail', params: { message: 'Failed to fetch verification history' } } },
          },
        },
        idle: {
          on: {
            'status.submit': {
              guard: 'isValidChange', target: 'submitting',
              actions: assign({ error: null, change: ({ event }) => ({ status: event.status as VerificationStatus, notes: event.notes }) }),
            },
            'entry.update': {
              guard: 'isValidChange', target: 'updatingEntry',
              actions: assign({ error: null, change: ({ event }) => ({ status: event.status as VerificationStatus, notes: event.notes, entryId: event.entryId }) }),
            },
            'entry.delete': { target: 'deletingEntry', actions: assign({ error: null, change: ({ event }) => ({ status: 'pending' as const, notes: '', entryId: event.entryId }) }) },
            'history.reload': 'loading',
          },
        },
        submitting: {
          invoke: {
            src: 'submitStatus',
            input: ({ context }) => ({ projectId: context.projectId, ...context.change! }),
            onDone: {
              target: 'reloading',
              actions: [
                assign(({ context }) => ({ currentStatus: context.change!.status, success: statusUpdatedText(context.change!.status) })),
                emit(({ context }) => ({ type: 'statusChanged' as const, status: context.change!.status })),
                raise({ type: 'banner.show' }),
              ],
            },
            onError: { target: 'idle', actions: { type: 'fail', params: { message: 'Failed to update project status' } } },
          },
        },
        updatingEntry: {
          invoke: {
            src: 'updateEntry',
            input: ({ context }) => ({ projectId: context.projectId, ...context.change!, entryId: context.change!.entryId! }),
            onDone: { target: 'reloading', actions: emit({ type: 'notify' as const, text: 'Verification history entry updated successfully' }) },
            onError: { target: 'idle', actions: { type: 'fail', params: { message: 'Failed to update verification entry' } } },
          },
        },
        deletingEntry: {
          invoke: {
            src: 'deleteEntry',
            input: ({ context }) => ({ projectId: context.projectId, entryId: context.change!.entryId! }),
            onDone: { target: 'reloading', actions: emit({ type: 'notify' as const, text: 'Verification history entry deleted successfully' }) },
            onError: { target: 'idle', actions: { type: 'fail', params: { message: 'Failed to delete verification entry' } } },
          },
        },
        reloading: {
          invoke: {
            src: 'fetchHistory',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: { target: 'idle', actions: [{ type: 'assignHistory', params: ({ event }) => ({ history: event.output }) }, assign({ change: null })] },
            onError: { target: 'idle', actions: { type: 'fail', params: { message: 'Failed to fetch verification history' } } },
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
          after: { [BANNER_MS]: { target: 'hidden', actions: assign({ success: null }) } },
        },
      },
    },
  },
})
