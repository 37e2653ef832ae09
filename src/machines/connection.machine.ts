/**
 * Whether the console can reach its server, for the shell's status pill and react-query's
 * onlineManager. Fed by the API client (every request either got an answer or a network
 * failure) and by screens whose chunk failed to load; it probes GET /api/health itself.
 *
 * online → (a request failed) checking: one probe, invisible, because a failed chunk may be a
 * stale deploy rather than a lost connection; queries pause from here → reconnecting (shown as
 * "Reconnecting…"): wait, probe, wait longer (1, 2, 4, 8 s, then every 8 s) until the probe or any request
 * gets an answer → backOnline (shown as "Back online" for BACK_ONLINE_MS, queries resume) → online.
 * The waits are a named actor, so tests settle them by hand.
 */
import { assign, fromPromise, setup } from 'xstate'
import { probeHealth } from '../api/health'

/** How long "Back online" stays on screen (ms). */
export const BACK_ONLINE_MS = 4000

/** The wait before probe number `attempt` (0-based) while reconnecting: 1, 2, 4, 8, 8, … s. */
export const probeDelay = (attempt: number): number => 1000 * 2 ** Math.min(attempt, 3)

export type ConnectionEvent = { type: 'request.failed' } | { type: 'request.answered' }

/** What the shell shows: nothing (online, checking), "Reconnecting…" or "Back online". */
export type ConnectionStatus = 'online' | 'reconnecting' | 'backOnline'

export const connectionMachine = setup({
  types: {
    context: {} as { attempt: number },
    events: {} as ConnectionEvent,
  },
  actors: {
    probe: fromPromise<void>(({ signal }) => probeHealth(signal)),
    wait: fromPromise<void, number>(
      ({ input, signal }) =>
        new Promise((resolve) => {
          const timer = setTimeout(resolve, input)
          signal.addEventListener('abort', () => clearTimeout(timer))
        }),
    ),
  },
  actions: {
    resetAttempts: assign({ attempt: 0 }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
  },
}).createMachine({
  id: 'connection',
  context: { attempt: 0 },
  initial: 'online',
  states: {
    online: {
      on: { 'request.failed': 'checking' },
    },
    checking: {
      invoke: { src: 'probe', id: 'probe', onDone: 'online', onError: 'reconnecting' },
      on: { 'request.answered': 'online' },
    },
    reconnecting: {
      initial: 'waiting',
      entry: 'resetAttempts',
      on: { 'request.answered': 'backOnline' },
      states: {
        waiting: {
          invoke: { src: 'wait', id: 'wait', input: ({ context }) => probeDelay(context.attempt), onDone: 'probing' },
        },
        probing: {
          invoke: {
            src: 'probe',
            id: 'probe',
            onDone: '#connection.backOnline',
            onError: { target: 'waiting', actions: 'countAttempt' },
          },
        },
      },
    },
    backOnline: {
      invoke: { src: 'wait', id: 'wait', input: BACK_ONLINE_MS, onDone: 'online' },
      on: { 'request.failed': 'checking' },
    },
  },
})

/** Whether react-query may fetch in this state (its onlineManager): not while a failure is unexplained. */
export const queriesMayRun = (value: unknown): boolean => value === 'online' || value === 'backOnline'

/** The status of a snapshot's state value. */
export function connectionStatus(value: unknown): ConnectionStatus {
  if (typeof value === 'object' && value !== null && 'reconnecting' in value) return 'reconnecting'
  return value === 'backOnline' ? 'backOnline' : 'online'
}
