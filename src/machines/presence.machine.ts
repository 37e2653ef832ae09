/**
 * This admin's presence on an open record (decision 045): a heartbeat (PUT /api/presence) at
 * once and then every PRESENCE_HEARTBEAT_MS, a new one at once when the edited section changes,
 * and a leave (DELETE /api/presence) when the page hides or the record closes.
 *
 * beating (a heartbeat in flight; its answer, the other viewers, is emitted as 'viewers.seen') →
 * waiting (PRESENCE_HEARTBEAT_MS, a delayed transition) → beating. 'section.change' to another
 * section restarts a heartbeat at once from either. 'page.hide' → away (the leave runs); 'page.show'
 * (the page came back from the back/forward cache) → beating. A failed heartbeat waits for the
 * next: presence is a hint, never an error on screen.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { leavePresence, sendHeartbeat } from '../api/presence'
import { PRESENCE_HEARTBEAT_MS, type PresenceTarget, type PresenceUpdate, type Viewer } from '../api/schemas/live'

export type PresenceEvent =
  { type: 'section.change'; section: string | null } | { type: 'page.hide' } | { type: 'page.show' }

export type PresenceEmitted = { type: 'viewers.seen'; viewers: Viewer[] }

export type PresenceInput = { target: PresenceTarget; section?: string | null }

export const presenceMachine = setup({
  types: {
    context: {} as { target: PresenceTarget; section: string | null },
    input: {} as PresenceInput,
    events: {} as PresenceEvent,
    emitted: {} as PresenceEmitted,
  },
  actors: {
    sendHeartbeat: fromPromise<Viewer[], PresenceUpdate>(({ input, signal }) => sendHeartbeat(input, signal)),
    // Not tied to the actor's signal: the leave must go out even as the page closes the actor.
    leave: fromPromise<void, PresenceTarget>(({ input }) => leavePresence(input)),
  },
  actions: {
    assignSection: assign({
      section: ({ event }) => (event.type === 'section.change' ? event.section : null),
    }),
    emitViewers: emit((_, viewers: Viewer[]) => ({ type: 'viewers.seen' as const, viewers })),
  },
  guards: {
    sectionChanged: ({ context, event }) => event.type === 'section.change' && event.section !== context.section,
  },
}).createMachine({
  id: 'presence',
  context: ({ input }) => ({ target: input.target, section: input.section ?? null }),
  initial: 'beating',
  states: {
    beating: {
      invoke: {
        src: 'sendHeartbeat',
        id: 'sendHeartbeat',
        input: ({ context }) => ({ ...context.target, section: context.section }),
        onDone: { target: 'waiting', actions: { type: 'emitViewers', params: ({ event }) => event.output } },
        onError: 'waiting',
      },
      on: {
        'section.change': { guard: 'sectionChanged', target: 'beating', reenter: true, actions: 'assignSection' },
        'page.hide': 'away',
      },
    },
    waiting: {
      after: { [PRESENCE_HEARTBEAT_MS]: 'beating' },
      on: {
        'section.change': { guard: 'sectionChanged', target: 'beating', actions: 'assignSection' },
        'page.hide': 'away',
      },
    },
    away: {
      invoke: { src: 'leave', id: 'leave', input: ({ context }) => context.target },
      on: {
        'section.change': { actions: 'assignSection' },
        'page.show': 'beating',
      },
    },
  },
})
