/**
 * Triage of the verification queue (decision 016): one project at a time, oldest first, decided
 * with one key; a decision is offered for undo and an undone one comes back first. Pure: the view
 * reads each project's bundle and prefetches `nextId(context)`. States: docs/machines/triage.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import { fetchTriageQueue } from '../api/triage'
import { verifyProject } from '../api/verification'
import type { VerificationStatus } from '../api/schemas/projects'
import type { QueueItem } from '../api/schemas/triage'
import type { UndoTicket } from '../api/schemas/undo'

/** Decisions that submit at once (key 1 and h). */
export type QuickDecision = 'approved' | 'under_review'
/** Decisions that need notes (keys 2 and 3). */
export type NotesDecision = 'needs_changes' | 'rejected'

/** The notes sent with a decision that takes none. */
export const QUICK_NOTES: Record<QuickDecision, string> = {
  approved: 'Approved in triage',
  under_review: 'Held for a closer look in triage',
}

const DONE_TEXT: Record<VerificationStatus, string> = {
  approved: 'Approved',
  under_review: 'Held (under review)',
  needs_changes: 'Needs changes',
  rejected: 'Rejected',
  pending: 'Back to pending',
}

export interface TriageContext {
  /** Only this category's projects ('' = all), from the input. */
  category: string
  queue: QueueItem[]
  /** Projects in the whole queue (the server's count). */
  total: number
  currentId: string | null
  /** Projects decided or held in this session, newest last (an undo pops the newest). */
  decided: string[]
  /** Projects skipped in this session. */
  skipped: string[]
  /** A project to show first after the next load (the one an undo brought back). */
  priority: string | null
  /** The notes step's decision and text. */
  notes: { status: NotesDecision; text: string } | null
  /** The quick decision being submitted (null when the notes step's is). */
  quick: QuickDecision | null
  error: string | null
}

export type TriageEvent =
  | { type: 'decide'; status: QuickDecision }
  | { type: 'notes.open'; status: NotesDecision }
  | { type: 'notes.change'; text: string }
  | { type: 'notes.template'; text: string }
  | { type: 'notes.submit' }
  | { type: 'notes.back' }
  | { type: 'skip' }
  | { type: 'decision.undone' }
  | { type: 'reload' }
  | { type: 'retry' }

export type TriageEmitted =
  | { type: 'undo.offered'; text: string; undo: UndoTicket }
  | { type: 'notify.success'; text: string }
  | { type: 'projects.changed' }

export type VerifyInput = { id: string; status: VerificationStatus; notes: string }

/** The projects still to show in this session, in queue order (the priority one first). */
export function candidates(context: Pick<TriageContext, 'queue' | 'decided' | 'skipped' | 'priority'>): QueueItem[] {
  const open = context.queue.filter((p) => !context.decided.includes(p._id) && !context.skipped.includes(p._id))
  const first = open.find((p) => p._id === context.priority)
  return first ? [first, ...open.filter((p) => p !== first)] : open
}

/** The project shown after the current one (to prefetch), or null. */
export function nextId(context: TriageContext): string | null {
  return candidates(context).find((p) => p._id !== context.currentId)?._id ?? null
}

/** The current project's queue item, or null. */
export function currentItem(context: TriageContext): QueueItem | null {
  return context.queue.find((p) => p._id === context.currentId) ?? null
}

export const triageMachine = setup({
  types: {
    context: {} as TriageContext,
    events: {} as TriageEvent,
    emitted: {} as TriageEmitted,
    input: {} as { category?: string },
  },
  actors: {
    loadQueue: fromPromise<{ total: number; queue: QueueItem[] }, { category: string }>(({ input, signal }) =>
      fetchTriageQueue(input.category, signal),
    ),
    verify: fromPromise<UndoTicket | null, VerifyInput>(({ input }) =>
      verifyProject(input.id, input.status, input.notes),
    ),
  },
  actions: {
    setQueue: assign((_, params: { total: number; queue: QueueItem[] }) => ({ ...params, error: null })),
    pickFirst: assign(({ context }) => ({ currentId: candidates(context)[0]?._id ?? null, priority: null })),
    clearCurrent: assign({ currentId: null }),
    openNotes: assign((_, params: { status: NotesDecision }) => ({
      notes: { status: params.status, text: '' },
      quick: null,
      error: null,
    })),
    setQuick: assign((_, params: { status: QuickDecision }) => ({ quick: params.status, notes: null, error: null })),
    setNotes: assign(({ context }, params: { text: string }) => ({
      notes: context.notes && { ...context.notes, text: params.text },
    })),
    closeNotes: assign({ notes: null }),
    skipCurrent: assign(({ context }) => ({
      skipped: context.currentId ? [...context.skipped, context.currentId] : context.skipped,
    })),
    markDecided: assign(({ context }) => ({
      decided: context.currentId ? [...context.decided, context.currentId] : context.decided,
      notes: null,
      quick: null,
      error: null,
    })),
    popDecided: assign(({ context }) => ({
      decided: context.decided.slice(0, -1),
      priority: context.decided.at(-1) ?? null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error, 'Request failed') })),
    offerUndo: emit((_, params: { status: VerificationStatus; title: string; undo: UndoTicket | null }) => {
      const text = `${DONE_TEXT[params.status]}: ${params.title}`
      return params.undo
        ? { type: 'undo.offered' as const, text, undo: params.undo }
        : { type: 'notify.success' as const, text }
    }),
    announceChange: emit({ type: 'projects.changed' as const }),
  },
  guards: {
    hasCandidate: ({ context }) => candidates(context).length > 0,
    hasNotes: ({ context }) => !!context.notes?.text.trim(),
    hasUndone: ({ context }) => context.decided.length > 0,
    inNotesStep: ({ context }) => !!context.notes,
  },
}).createMachine({
  id: 'triage',
  context: ({ input }) => ({
    category: input.category ?? '',
    queue: [],
    total: 0,
    currentId: null,
    decided: [],
    skipped: [],
    priority: null,
    notes: null,
    quick: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    'decision.undone': { guard: 'hasUndone', target: '.loading', actions: ['popDecided', 'closeNotes'] },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadQueue',
        input: ({ context }) => ({ category: context.category }),
        onDone: { target: 'picking', actions: { type: 'setQueue', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    picking: {
      always: [
        { guard: 'hasCandidate', target: 'showing', actions: 'pickFirst' },
        { target: 'done', actions: 'clearCurrent' },
      ],
    },
    showing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'notes.open': {
              target: 'notes',
              actions: { type: 'openNotes', params: ({ event }) => ({ status: event.status }) },
            },
          },
        },
        notes: {
          on: {
            'notes.change': { actions: { type: 'setNotes', params: ({ event }) => ({ text: event.text }) } },
            'notes.template': { actions: { type: 'setNotes', params: ({ event }) => ({ text: event.text }) } },
            'notes.submit': { guard: 'hasNotes', target: '#triage.submitting' },
            'notes.back': { target: 'idle', actions: 'closeNotes' },
          },
        },
      },
      on: {
        decide: {
          target: 'submitting',
          actions: { type: 'setQuick', params: ({ event }) => ({ status: event.status }) },
        },
        skip: { target: 'picking', actions: ['skipCurrent', 'closeNotes'] },
        reload: 'loading',
      },
    },
    submitting: {
      invoke: {
        src: 'verify',
        input: ({ context }) => verifyInput(context),
        onDone: {
          target: 'picking',
          actions: [
            {
              type: 'offerUndo',
              params: ({ context, event }) => ({
                status: verifyInput(context).status,
                title: currentItem(context)?.title ?? 'project',
                undo: event.output,
              }),
            },
            'announceChange',
            'markDecided',
          ],
        },
        // The notes survive a failed submit: the step comes back with them.
        onError: [
          {
            guard: 'inNotesStep',
            target: 'showing.notes',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'showing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    done: { on: { reload: 'loading' } },
  },
})

/** What `submitting` sends: the notes step's decision and text, else the quick decision with its fixed note. */
export function verifyInput(context: TriageContext): VerifyInput {
  const id = context.currentId ?? ''
  if (context.notes) return { id, status: context.notes.status, notes: context.notes.text.trim() }
  const status = context.quick ?? 'approved'
  return { id, status, notes: QUICK_NOTES[status] }
}
