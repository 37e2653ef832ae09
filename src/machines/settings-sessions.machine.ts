/**
 * Settings → Sessions: signing sessions out, one or every other; revoking the current one asks
 * first and then signs this browser out. A sensitive action: a cancelled step-up changes nothing.
 * States: docs/machines/settingsSessions.mmd.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorText } from '../api/error-text'
import type { Session } from '../api/schemas/auth'
import { revokeOtherSessions, revokeSession } from '../api/settings'
import { isStepUpCancelled, withStepUp } from './shared/step-up-gate'

export interface SettingsSessionsContext {
  /** The session being confirmed or revoked, or null. */
  target: Session | null
}

export type SettingsSessionsEvent =
  | { type: 'session.revoke'; session: Session }
  | { type: 'sessions.revokeOthers' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }

export type SettingsSessionsEmitted =
  { type: 'sessions.changed'; text: string } | { type: 'session.ended' } | { type: 'notify.error'; text: string }

const FAILED = 'Failed to sign out the session'
const othersText = (n: number) =>
  n === 0 ? 'No other sessions to sign out' : `Signed out ${n} other session${n === 1 ? '' : 's'}`

export const settingsSessionsMachine = setup({
  types: {
    context: {} as SettingsSessionsContext,
    events: {} as SettingsSessionsEvent,
    emitted: {} as SettingsSessionsEmitted,
  },
  actors: {
    revokeSession: fromPromise<string, { id: string }>(({ input }) => withStepUp(() => revokeSession(input.id))),
    revokeOthers: fromPromise<number>(() => withStepUp(() => revokeOtherSessions())),
  },
  actions: {
    assignTarget: assign({ target: (_, params: { session: Session }) => params.session }),
    clearTarget: assign({ target: null }),
    emitChanged: emit((_, params: { text: string }) => ({ type: 'sessions.changed' as const, text: params.text })),
    emitEnded: emit({ type: 'session.ended' as const }),
    emitFailure: emit((_, params: { error: unknown }) => ({
      type: 'notify.error' as const,
      text: errorText(params.error, FAILED),
    })),
  },
  guards: {
    isCurrent: (_, params: { session: Session }) => params.session.current,
    wasCurrent: ({ context }) => !!context.target?.current,
    wasCancelled: (_, params: { error: unknown }) => isStepUpCancelled(params.error),
  },
}).createMachine({
  id: 'settingsSessions',
  context: { target: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'session.revoke': [
          {
            guard: { type: 'isCurrent', params: ({ event }) => ({ session: event.session }) },
            target: 'confirming',
            actions: { type: 'assignTarget', params: ({ event }) => ({ session: event.session }) },
          },
          {
            target: 'revoking',
            actions: { type: 'assignTarget', params: ({ event }) => ({ session: event.session }) },
          },
        ],
        'sessions.revokeOthers': 'revokingOthers',
      },
    },
    confirming: {
      on: {
        'confirm.accept': 'revoking',
        'confirm.cancel': { target: 'idle', actions: 'clearTarget' },
      },
    },
    revoking: {
      invoke: {
        src: 'revokeSession',
        id: 'revokeSession',
        input: ({ context }) => ({ id: context.target?._id ?? '' }),
        onDone: [
          { guard: 'wasCurrent', target: 'idle', actions: ['emitEnded', 'clearTarget'] },
          {
            target: 'idle',
            actions: [{ type: 'emitChanged', params: ({ event }) => ({ text: event.output }) }, 'clearTarget'],
          },
        ],
        onError: [
          {
            guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: 'clearTarget',
          },
          {
            target: 'idle',
            actions: [{ type: 'emitFailure', params: ({ event }) => ({ error: event.error }) }, 'clearTarget'],
          },
        ],
      },
    },
    revokingOthers: {
      invoke: {
        src: 'revokeOthers',
        id: 'revokeOthers',
        onDone: {
          target: 'idle',
          actions: { type: 'emitChanged', params: ({ event }) => ({ text: othersText(event.output) }) },
        },
        onError: [
          { guard: { type: 'wasCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'idle' },
          { target: 'idle', actions: { type: 'emitFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
})
