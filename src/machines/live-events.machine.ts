/**
 * The signed-in console's live event stream (decision 044): one connection to GET /api/events
 * (src/api/events.ts), kept open while the shell is mounted.
 *
 * authorizing (an access token: the stored one, or a refreshed one after a 401) → live.connecting
 * → live.open (events flow; each is emitted as `live.event`, a change's id kept as Last-Event-ID
 * for the next connect) → the stream ends or drops → reconnecting: wait retryDelay(attempt)
 * (2, 4, 8, 16, 30 s, reset once a stream opens) → authorizing. A 401 (token expired, session
 * signed out) asks for a fresh token first; a refused refresh ends the session (the auth machine
 * signs out) and the machine stops in `closed`, as it does on `session.end`. The stream and the
 * waits are named actors, so tests drive them by hand.
 */
import { assertEvent, assign, emit, fromCallback, fromPromise, setup } from 'xstate'
import { api, isNetworkError } from '../api/client'
import { readEventStream } from '../api/events'
import { EVENTS_RETRY_MS, type StreamEvent } from '../api/schemas/live'

/** The wait before reconnect number `attempt` (0-based): 2, 4, 8, 16, then 30 s. */
export const retryDelay = (attempt: number): number => Math.min(EVENTS_RETRY_MS * 2 ** attempt, 30_000)

/** What the stream actor tells the machine. */
export type StreamSignal =
  | { type: 'stream.opened' }
  | { type: 'stream.received'; event: StreamEvent; id?: string }
  | { type: 'stream.ended' }
  | { type: 'stream.failed'; status: number }

export type LiveEventsEvent = StreamSignal | { type: 'session.end' }

export type LiveEventsContext = {
  /** The token the current connection uses; null until authorized. */
  token: string | null
  /** The token a 401 refused: the next authorization must not use it. */
  rejected: string | null
  /** The id of the last change received (sent as Last-Event-ID). */
  lastEventId: string | null
  /** Reconnects since a stream last opened. */
  attempt: number
}

export const liveEventsMachine = setup({
  types: {
    context: {} as LiveEventsContext,
    events: {} as LiveEventsEvent,
    emitted: {} as { type: 'live.event'; event: StreamEvent },
  },
  actors: {
    accessToken: fromPromise<string, { rejected: string | null }>(({ input }) => api.accessToken(input.rejected)),
    stream: fromCallback<LiveEventsEvent, { token: string; lastEventId: string | null }>(({ input, sendBack }) => {
      const controller = new AbortController()
      readEventStream({
        token: input.token,
        lastEventId: input.lastEventId,
        signal: controller.signal,
        onOpen: () => sendBack({ type: 'stream.opened' }),
        onEvent: (event, id) => sendBack({ type: 'stream.received', event, id }),
      }).then(
        () => controller.signal.aborted || sendBack({ type: 'stream.ended' }),
        (error: unknown) =>
          sendBack({
            type: 'stream.failed',
            status: error instanceof Error && 'status' in error ? Number(error.status) : 0,
          }),
      )
      return () => controller.abort()
    }),
    wait: fromPromise<void, number>(
      ({ input, signal }) =>
        new Promise((resolve) => {
          const timer = setTimeout(resolve, input)
          signal.addEventListener('abort', () => clearTimeout(timer))
        }),
    ),
  },
  actions: {
    keepToken: assign({ token: (_, token: string) => token, rejected: null }),
    rejectToken: assign({ rejected: ({ context }) => context.token, token: null }),
    resetAttempts: assign({ attempt: 0 }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    rememberId: assign({
      lastEventId: ({ context, event }) => {
        assertEvent(event, 'stream.received')
        return event.event.type === 'change' && event.id ? event.id : context.lastEventId
      },
    }),
    announce: emit(({ event }) => {
      assertEvent(event, 'stream.received')
      return { type: 'live.event' as const, event: event.event }
    }),
  },
  guards: {
    unauthorized: ({ event }) => event.type === 'stream.failed' && event.status === 401,
    networkFailure: (_, params: { error: unknown }) => isNetworkError(params.error),
  },
}).createMachine({
  id: 'liveEvents',
  context: { token: null, rejected: null, lastEventId: null, attempt: 0 },
  initial: 'authorizing',
  on: { 'session.end': '.closed' },
  states: {
    authorizing: {
      invoke: {
        src: 'accessToken',
        id: 'accessToken',
        input: ({ context }) => ({ rejected: context.rejected }),
        onDone: { target: 'live', actions: { type: 'keepToken', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'reconnecting',
          },
          { target: 'closed' },
        ],
      },
    },
    live: {
      invoke: {
        src: 'stream',
        id: 'stream',
        input: ({ context }) => ({ token: context.token ?? '', lastEventId: context.lastEventId }),
      },
      initial: 'connecting',
      states: {
        connecting: { on: { 'stream.opened': 'open' } },
        open: { entry: 'resetAttempts' },
      },
      on: {
        'stream.received': { actions: ['rememberId', 'announce'] },
        'stream.ended': 'reconnecting',
        'stream.failed': [{ guard: 'unauthorized', target: 'authorizing', actions: 'rejectToken' }, 'reconnecting'],
      },
    },
    reconnecting: {
      invoke: {
        src: 'wait',
        id: 'wait',
        input: ({ context }) => retryDelay(context.attempt),
        onDone: { target: 'authorizing', actions: 'countAttempt' },
      },
    },
    closed: { type: 'final' },
  },
})

/** Whether the stream is up: 'open', 'connecting' (authorizing or connecting), 'reconnecting' or 'closed'. */
export function liveStatus(value: unknown): 'open' | 'connecting' | 'reconnecting' | 'closed' {
  if (value === 'reconnecting' || value === 'closed') return value
  if (typeof value === 'object' && value !== null && (value as { live?: string }).live === 'open') return 'open'
  return 'connecting'
}
