/**
 * The console's pending undos (decision 014): each offered change stays undoable for
 * UNDO_WINDOW_MS from when its answer arrived (a local deadline, so clock skew does not matter);
 * `undo.run` undoes the newest. States: docs/machines/undo.mmd.
 */
import { assign, emit, fromCallback, fromPromise, not, setup } from 'xstate'
import { errorText } from '../api/error-text'
import { UNDO_WINDOW_MS, type UndoResponse, type UndoTicket } from '../api/schemas/undo'
import { undoChange } from '../api/undo'
import { isStepUpCancelled, withStepUp } from './shared/step-up-gate'

/** The query root a successful undo makes stale. */
export type UndoResource = 'projects' | 'users' | 'orders' | 'contacts'

/** One pending undo: the ticket's id, the toast text, the resource, and its local deadline (ms since epoch). */
export interface PendingUndo {
  id: string
  text: string
  resource: UndoResource
  deadline: number
}

export interface UndoContext {
  /** Oldest first; the newest is the one `undo.run` takes. */
  entries: PendingUndo[]
  /** The clock as last told (ms): the countdown reads deadline - now. */
  now: number
  /** The undo in flight. */
  running: PendingUndo | null
}

export type UndoEvent =
  | { type: 'undo.offer'; ticket: UndoTicket; text: string; resource: UndoResource; at: number }
  | { type: 'undo.run' }
  /** Drop one pending undo (`id`), else the newest. */
  | { type: 'undo.dismiss'; id?: string }
  | { type: 'clock.tick'; now: number }

export type UndoEmitted =
  | { type: 'undo.done'; text: string; resource: UndoResource }
  | { type: 'undo.failed'; text: string; resource: UndoResource }

/** How often the countdown is told the time while an undo is pending, ms. */
export const UNDO_TICK_MS = 250

/** Whole seconds left of `entry` at `now` (0 once lapsed). */
export function secondsLeft(entry: PendingUndo, now: number): number {
  return Math.max(0, Math.ceil((entry.deadline - now) / 1000))
}

function runningOf(c: UndoContext): PendingUndo {
  if (!c.running) throw new Error('undo: nothing running')
  return c.running
}

export const undoMachine = setup({
  types: { context: {} as UndoContext, events: {} as UndoEvent, emitted: {} as UndoEmitted },
  actors: {
    // Undoing an admin's deactivation is a sensitive action: the server may ask for a fresh code.
    runUndo: fromPromise<UndoResponse, { id: string }>(({ input }) => withStepUp(() => undoChange(input.id))),
    ticker: fromCallback<UndoEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), UNDO_TICK_MS)
      return () => clearInterval(timer)
    }),
  },
  actions: {
    addEntry: assign(
      ({ context }, params: { ticket: UndoTicket; text: string; resource: UndoResource; at: number }) => ({
        entries: [
          ...context.entries.filter((e) => e.id !== params.ticket.id),
          { id: params.ticket.id, text: params.text, resource: params.resource, deadline: params.at + UNDO_WINDOW_MS },
        ],
        now: Math.max(context.now, params.at),
      }),
    ),
    tick: assign(({ context }, params: { now: number }) => ({
      now: params.now,
      entries: context.entries.filter((e) => e.deadline > params.now),
    })),
    dropEntry: assign({
      entries: ({ context }, params: { id?: string }) =>
        params.id ? context.entries.filter((e) => e.id !== params.id) : context.entries.slice(0, -1),
    }),
    takeNewest: assign(({ context }) => ({
      running: context.entries.at(-1) ?? null,
      entries: context.entries.slice(0, -1),
    })),
    finish: assign({ running: null }),
    restoreRunning: assign(({ context }) => ({ entries: [...context.entries, runningOf(context)], running: null })),
    announceDone: emit(({ context }, params: { message: string }) => ({
      type: 'undo.done' as const,
      text: params.message,
      resource: runningOf(context).resource,
    })),
    announceFailure: emit(({ context }, params: { error: unknown }) => ({
      type: 'undo.failed' as const,
      text: `Undo failed: ${errorText(params.error, 'Request failed')}`,
      resource: runningOf(context).resource,
    })),
  },
  guards: {
    hasEntries: ({ context }) => context.entries.length > 0,
    wasCancelled: (_, params: { error: unknown }) => isStepUpCancelled(params.error),
  },
}).createMachine({
  id: 'undo',
  context: { entries: [], now: 0, running: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'undo.offer': { target: 'active', actions: { type: 'addEntry', params: ({ event }) => event } },
      },
    },
    active: {
      invoke: { src: 'ticker', id: 'ticker' },
      initial: 'watching',
      on: {
        'undo.offer': { actions: { type: 'addEntry', params: ({ event }) => event } },
        'undo.dismiss': { actions: { type: 'dropEntry', params: ({ event }) => ({ id: event.id }) } },
        'clock.tick': { actions: { type: 'tick', params: ({ event }) => ({ now: event.now }) } },
      },
      states: {
        watching: {
          always: { guard: not('hasEntries'), target: '#undo.idle' },
          on: { 'undo.run': { guard: 'hasEntries', target: 'undoing', actions: 'takeNewest' } },
        },
        undoing: {
          invoke: {
            src: 'runUndo',
            id: 'runUndo',
            input: ({ context }) => ({ id: runningOf(context).id }),
            onDone: {
              target: 'watching',
              actions: [{ type: 'announceDone', params: ({ event }) => ({ message: event.output.message }) }, 'finish'],
            },
            onError: [
              // Cancelled: the change stays undoable while its window lasts.
              {
                guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) },
                target: 'watching',
                actions: 'restoreRunning',
              },
              {
                target: 'watching',
                actions: [{ type: 'announceFailure', params: ({ event }) => ({ error: event.error }) }, 'finish'],
              },
            ],
          },
        },
      },
    },
  },
})
