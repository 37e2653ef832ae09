/**
 * Model-based walk of the auth machine: the shortest path to every state, replayed with fake I/O
 * actors. The countdown starts at 2 s here (provided), so 'Resend OTP' becomes ready in the walk.
 */
import { getShortestPaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { assign, fromCallback } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { Admin } from '../../../src/api/schemas/auth'
import { authMachine, type AuthEvent } from '../../../src/machines/auth.machine'
import { admin } from './auth.harness'
import { fakeActors, replay, unreached } from './model-walk'

const fakes = () => fakeActors(['restoreSession', 'sendOtp', 'verifyOtp', 'signOut'] as const)
const model = (actors: ReturnType<typeof fakes>['actors']) =>
  authMachine.provide({
    actors: { ...actors, watchSession: fromCallback(() => () => {}) },
    actions: { startCountdown: assign({ resendIn: 2 }) },
  })

const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new ApiError(400, 'No') })
const EVENTS = [
  { type: 'xstate.done.actor.restoreSession', output: null },
  { type: 'xstate.done.actor.restoreSession', output: admin },
  fail('restoreSession'),
  { type: 'xstate.error.actor.restoreSession', error: new ApiError(403, 'Admin access required') },
  { type: 'email.change', email: 'admin@example.com' },
  { type: 'otp.send' },
  { type: 'xstate.done.actor.sendOtp', output: { sessionToken: 's1' } },
  fail('sendOtp'),
  { type: 'code.change', code: '123456' },
  { type: 'code.toggleVisibility' },
  { type: 'otp.verify' },
  { type: 'xstate.done.actor.verifyOtp', output: admin },
  fail('verifyOtp'),
  { type: 'xstate.after.1000.auth.otpSent.resend.counting' },
  { type: 'otp.resend' },
  { type: 'email.back' },
  { type: 'session.expired' },
  { type: 'session.signOut' },
  { type: 'admin.update', admin },
  { type: 'xstate.done.actor.signOut' },
  fail('signOut'),
] as unknown as AuthEvent[]

const walk = (input: { cachedAdmin: Admin | null }) =>
  getShortestPaths(model(fakes().actors), {
    input,
    events: EVENTS,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.email,
        s.context.resendIn,
        s.context.code.length,
        !!s.context.error,
        s.context.codeVisible,
      ]),
  })
/** From a cold start, and from the stored session's profile (the console shown at once, then revalidated). */
const paths = [
  ...walk({ cachedAdmin: null }).map((p) => ({ ...p, input: { cachedAdmin: null } })),
  ...walk({ cachedAdmin: admin }).map((p) => ({ ...p, input: { cachedAdmin: admin } })),
]

describe('authMachine, model-based', () => {
  it('its shortest paths reach every state', () => {
    expect(unreached(authMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const f = fakes()
      await replay(model(f.actors), path, f, path.input)
    },
  )
})
