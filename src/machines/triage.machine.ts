/**
 * Triage of the verification queue (decision 016): one project at a time, oldest first or lowest
 * risk first (`queue.sort`, decision 046: the queue is loaded again in that order), decided
 * with one key; a decision is offered for undo and an undone one comes back first. Pure: the view
 * reads each project's bundle and prefetches `nextId(context)`. States: docs/machines/triage.mmd.
 *
 * Claims (decision 043): the project shown is claimed first (`claiming`) and renewed every
 * CLAIM_RENEW_MS while it is on screen (the `claim` region of `showing`); a project another
 * moderator got first is passed over with a notice. Skipping, reloading, an undo and leaving the
 * screen (`triage.leave`, sent by the view as it unmounts) release the claim; a decision's release
 * is the server's.
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import { claimTriageProject, fetchTriageQueue, isClaimedError, releaseTriageClaim } from '../api/triage'
import { verifyProject } from '../api/verification'
import { ApiError } from '../api/client'
import { CLAIM_RENEW_MS, NOT_IN_QUEUE, type Claim } from '../api/schemas/live'
import type { VerificationStatus } from '../api/schemas/projects'
import type { QueueItem, QueueSort } from '../api/schemas/triage'
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
  /** The queue's order: oldest in the queue first, or lowest risk weight first. */
  sort: QueueSort
  queue: QueueItem[]
  /** Projects in the whole queue (the server's count). */
  total: number
  /** Projects of the queue other moderators are reviewing (left out of `queue` by the server). */
  claimedByOthers: number
  /** The signed-in moderator's claim of the current project, or null (not claimed yet, or the claim failed). */
  claim: Claim | null
  /** Projects found claimed by another moderator, or decided by one, in this session: passed over. */
  taken: string[]
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
  /** The screen is going away: release the claim and wait. */
  | { type: 'triage.leave' }
  /** The screen is back (a remount): load the queue again. */
  | { type: 'triage.resume' }
  /** Order the queue by `sort` from now on: load it again in that order (a different order only). */
  | { type: 'queue.sort'; sort: QueueSort }

export type TriageEmitted =
  | { type: 'undo.offered'; text: string; undo: UndoTicket }
  | { type: 'notify.success'; text: string }
  | { type: 'notify.info'; text: string }
  | { type: 'projects.changed' }

export type VerifyInput = { id: string; status: VerificationStatus; notes: string }

/** What a load of the queue answers. */
export type QueueLoad = { total: number; claimedByOthers: number; queue: QueueItem[] }

/** The projects still to show in this session, in queue order (the priority one first). */
export function candidates(
  context: Pick<TriageContext, 'queue' | 'decided' | 'skipped' | 'priority' | 'taken'>,
): QueueItem[] {
  const passed = new Set([...context.decided, ...context.skipped, ...context.taken])
  const open = context.queue.filter((p) => !passed.has(p._id))
  const first = open.find((p) => p._id === context.priority)
  return first ? [first, ...open.filter((p) => p !== first)] : open
}

/** The project shown after the current one (to prefetch), or null. */
export function nextId(context: TriageContext): string | null {
  return candidates(context).find((p) => p._id !== context.currentId)?._id ?? null
}

/** What the screen says when another moderator got the project first. */
export function takenText(claim: Claim, title: string): string {
  return `${claim.moderator.name} is reviewing ${title}; showing the next one`
}

/** The current project's queue item, or null. */
export function currentItem(context: TriageContext): QueueItem | null {
  return context.queue.find((p) => p._id === context.currentId) ?? null
}

/**
 * Says that the claim of the current project was lost (another moderator holds it, or it left the
 * queue) with its title: the same action after a failed claim and a failed renewal.
 */
const announceLostClaim = {
  type: 'announceTaken',
  params: ({ context, event }: { context: TriageContext; event: { error: unknown } }) => ({
    error: event.error,
    title: currentItem(context)?.title ?? 'project',
  }),
} as const

/**
 * A new order: remembered, and the queue loaded again in it (re-entering `loading` when already
 * there, so the load in flight in the old order is dropped). The same order is ignored.
 */
const resort = {
  guard: { type: 'isOtherSort', params: ({ event }: { event: { sort: QueueSort } }) => ({ sort: event.sort }) },
  target: '#triage.loading',
  reenter: true,
  actions: {
    type: 'setSort',
    params: ({ event }: { event: { sort: QueueSort } }) => ({ sort: event.sort }),
  },
} as const

export const triageMachine = setup({
  types: {
    context: {} as TriageContext,
    events: {} as TriageEvent,
    emitted: {} as TriageEmitted,
    input: {} as { category?: string; sort?: QueueSort },
  },
  delays: { claimRenewal: CLAIM_RENEW_MS },
  actors: {
    loadQueue: fromPromise<QueueLoad, { category: string; sort: QueueSort }>(({ input, signal }) =>
      fetchTriageQueue(input.category, signal, input.sort),
    ),
    claimProject: fromPromise<Claim, { id: string }>(({ input }) => claimTriageProject(input.id)),
    // Not tied to the machine's life: a release sent as the screen unmounts must still go out.
    releaseClaim: fromPromise<void, { id: string }>(({ input }) => releaseTriageClaim(input.id)),
    verify: fromPromise<UndoTicket | null, VerifyInput>(({ input }) =>
      verifyProject(input.id, input.status, input.notes),
    ),
  },
  actions: {
    setQueue: assign((_, params: QueueLoad) => ({ ...params, error: null })),
    setSort: assign((_, params: { sort: QueueSort }) => ({ sort: params.sort })),
    setClaim: assign((_, params: { claim: Claim }) => ({ claim: params.claim })),
    releaseClaim: enqueueActions(({ context, enqueue }) => {
      if (context.claim) enqueue.spawnChild('releaseClaim', { input: { id: context.claim.projectId } })
      enqueue.assign({ claim: null })
    }),
    // The server ended the claim with the decision.
    forgetClaim: assign({ claim: null }),
    passTaken: assign(({ context }) => ({
      taken: context.currentId ? [...context.taken, context.currentId] : context.taken,
      claim: null,
      notes: null,
    })),
    announceTaken: emit((_, params: { error: unknown; title: string }) => ({
      type: 'notify.info' as const,
      text: isClaimedError(params.error)
        ? takenText(params.error.claim, params.title)
        : `${params.title} no longer waits for a decision; showing the next one`,
    })),
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
    isOtherSort: ({ context }, params: { sort: QueueSort }) => params.sort !== context.sort,
    hasNotes: ({ context }) => !!context.notes?.text.trim(),
    hasUndone: ({ context }) => context.decided.length > 0,
    inNotesStep: ({ context }) => !!context.notes,
    isClaimedByOther: (_, params: { error: unknown }) => isClaimedError(params.error),
    isNotInQueue: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.code === NOT_IN_QUEUE,
  },
}).createMachine({
  id: 'triage',
  context: ({ input }) => ({
    category: input.category ?? '',
    sort: input.sort ?? 'oldest',
    queue: [],
    total: 0,
    claimedByOthers: 0,
    claim: null,
    taken: [],
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
    'decision.undone': {
      guard: 'hasUndone',
      target: '.loading',
      actions: ['popDecided', 'closeNotes', 'releaseClaim'],
    },
    'triage.leave': { target: '.left', actions: 'releaseClaim' },
  },
  states: {
    loading: {
      on: { 'queue.sort': resort },
      invoke: {
        src: 'loadQueue',
        input: ({ context }) => ({ category: context.category, sort: context.sort }),
        onDone: { target: 'picking', actions: { type: 'setQueue', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading', 'queue.sort': resort } },
    picking: {
      always: [
        { guard: 'hasCandidate', target: 'claiming', actions: 'pickFirst' },
        { target: 'done', actions: 'clearCurrent' },
      ],
    },
    claiming: {
      invoke: {
        src: 'claimProject',
        input: ({ context }) => ({ id: context.currentId ?? '' }),
        onDone: { target: 'showing', actions: { type: 'setClaim', params: ({ event }) => ({ claim: event.output }) } },
        onError: [
          {
            guard: { type: 'isClaimedByOther', params: ({ event }) => ({ error: event.error }) },
            target: 'picking',
            actions: [announceLostClaim, 'passTaken'],
          },
          // Decided by someone since the queue was loaded: nothing to review.
          {
            guard: { type: 'isNotInQueue', params: ({ event }) => ({ error: event.error }) },
            target: 'picking',
            actions: 'passTaken',
          },
          // Claims keep two moderators apart; one that failed for another reason (the network)
          // must not stop the review: the project is shown, and the renewal claims it again.
          { target: 'showing' },
        ],
      },
    },
    showing: {
      type: 'parallel',
      states: {
        review: {
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
        },
        claim: {
          initial: 'held',
          states: {
            held: { after: { claimRenewal: 'renewing' } },
            renewing: {
              invoke: {
                src: 'claimProject',
                input: ({ context }) => ({ id: context.currentId ?? '' }),
                onDone: {
                  target: 'held',
                  actions: { type: 'setClaim', params: ({ event }) => ({ claim: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'isClaimedByOther', params: ({ event }) => ({ error: event.error }) },
                    target: '#triage.picking',
                    actions: [announceLostClaim, 'passTaken'],
                  },
                  {
                    guard: { type: 'isNotInQueue', params: ({ event }) => ({ error: event.error }) },
                    target: '#triage.picking',
                    actions: [announceLostClaim, 'passTaken'],
                  },
                  // The claim still holds for the rest of CLAIM_TTL_MS: try again at the next renewal.
                  { target: 'held' },
                ],
              },
            },
          },
        },
      },
      on: {
        decide: {
          target: 'submitting',
          actions: { type: 'setQuick', params: ({ event }) => ({ status: event.status }) },
        },
        skip: { target: 'picking', actions: ['skipCurrent', 'closeNotes', 'releaseClaim'] },
        reload: { target: 'loading', actions: 'releaseClaim' },
        'queue.sort': { ...resort, actions: [resort.actions, 'releaseClaim'] },
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
            'forgetClaim',
          ],
        },
        // The notes survive a failed submit: the step comes back with them.
        onError: [
          {
            guard: 'inNotesStep',
            target: 'showing.review.notes',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'showing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    done: { on: { reload: 'loading', 'queue.sort': resort } },
    // The screen was left; a remount (React's StrictMode, or the same view shown again) resumes.
    left: { on: { 'triage.resume': 'loading' } },
  },
})

/** What `submitting` sends: the notes step's decision and text, else the quick decision with its fixed note. */
export function verifyInput(context: TriageContext): VerifyInput {
  const id = context.currentId ?? ''
  if (context.notes) return { id, status: context.notes.status, notes: context.notes.text.trim() }
  const status = context.quick ?? 'approved'
  return { id, status, notes: QUICK_NOTES[status] }
}
