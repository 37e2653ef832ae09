/**
 * The Settings machines: profile (validation, save, 409 as a field error, other
 * failures, step-up cancelled), password (SPEC.md 5's order, first password, success clears,
 * failures) and sessions (revoke another, confirm the current one, revoke the others, failures);
 * every transition on its own, then a model-based walk of each machine's simple paths.
 */
import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyStateMachine, type EventObject } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { Admin, Session } from '../../../src/api/schemas/auth'
import {
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  accountFailure,
  bannerTone,
  passwordProblem,
  profileProblems,
} from '../../../src/machines/settings.form'
import { settingsPasswordMachine } from '../../../src/machines/settings-password.machine'
import { settingsProfileMachine } from '../../../src/machines/settings-profile.machine'
import { settingsSessionsMachine } from '../../../src/machines/settings-sessions.machine'
import { StepUpCancelled } from '../../../src/machines/shared/step-up-gate'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, slices, unreached } from './model-walk'

const admin: Admin = {
  _id: 'a1',
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '98765',
  role: 'admin',
  hasPassword: true,
}
const session = (id: string, current = false): Session => ({
  _id: id,
  device: 'Chrome 131 on Linux',
  userAgent: 'UA',
  ip: '10.0.0.1',
  signedInAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-11-01T11:00:00.000Z',
  current,
})

type Call<I, O> = { input: I; d: ReturnType<typeof deferred<O>> }
const held = <I, O>(list: Array<Call<I, O>>) =>
  fromPromise(({ input }: { input: I }) => {
    const d = deferred<O>()
    list.push({ input, d })
    return d.promise
  })
function record(actor: { on: (t: '*', f: (e: EventObject) => void) => unknown }) {
  const emitted: EventObject[] = []
  actor.on('*', (e) => emitted.push(e))
  return emitted
}

describe('settings.form rules', () => {
  it('profile: the contract messages per field; phone optional', () => {
    expect(profileProblems({ name: ' ', email: '', phone: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
    })
    expect(profileProblems({ name: 'A', email: 'nope', phone: '' })).toEqual({
      email: 'Please enter a valid email address',
    })
    expect(profileProblems({ name: 'A', email: 'a@example.com', phone: '' })).toEqual({})
  })
  it('password: required, then mismatch, then length (SPEC.md 5); current only with a password', () => {
    expect(passwordProblem({ current: '', next: 'abcdef', confirm: 'abcdef' }, true)).toBe(PASSWORD_REQUIRED)
    expect(passwordProblem({ current: '', next: 'abcdef', confirm: 'abcdef' }, false)).toBeNull()
    expect(passwordProblem({ current: 'x', next: '', confirm: 'a' }, true)).toBe(PASSWORD_REQUIRED)
    expect(passwordProblem({ current: 'x', next: 'abc', confirm: 'abd' }, true)).toBe(PASSWORDS_DIFFER)
    expect(passwordProblem({ current: 'x', next: 'abc', confirm: 'abc' }, true)).toBe(PASSWORD_TOO_SHORT)
    expect(PASSWORD_TOO_SHORT).toBe('New password must be at least 6 characters long')
  })
  it('failure texts: server message, fallback, exception; banner tone', () => {
    expect(accountFailure(new ApiError(400, 'Current password is incorrect'), 'F', 'E')).toBe(
      'Current password is incorrect',
    )
    expect(accountFailure(new ApiError(500, ''), 'F', 'E')).toBe('F')
    expect(accountFailure(new ApiError(0, 'Network down'), 'F', 'E')).toBe('E')
    expect(accountFailure(new TypeError('x'), 'F', 'E')).toBe('E')
    expect(bannerTone('Profile updated successfully!')).toBe('success')
    expect(bannerTone('Failed to update profile')).toBe('error')
  })
})

function startProfile() {
  const saves: Array<Call<{ name: string; email: string; phone: string }, { admin: Admin; message: string }>> = []
  const actor = createActor(settingsProfileMachine.provide({ actors: { saveProfile: held(saves) } }), {
    input: { admin },
  }).start()
  return {
    actor,
    saves,
    emitted: record(actor),
    ctx: () => actor.getSnapshot().context,
    state: () => actor.getSnapshot().value,
  }
}

describe('settingsProfileMachine', () => {
  it("starts from the admin; a change patches the draft and clears that field's error", () => {
    const { actor, ctx } = startProfile()
    expect(ctx()).toEqual({
      draft: { name: 'Asha Rao', email: 'asha@example.com', phone: '98765' },
      fieldErrors: {},
      banner: null,
    })
    actor.send({ type: 'profile.change', patch: { name: '' } })
    actor.send({ type: 'profile.save' })
    expect(ctx().fieldErrors).toEqual({ name: 'Name is required' })
    actor.send({ type: 'profile.change', patch: { name: 'Asha' } })
    expect(ctx().fieldErrors).toEqual({})
    expect(ctx().draft.name).toBe('Asha')
  })
  it('an invalid draft stays in editing with field messages and sends nothing', () => {
    const { actor, saves, state, ctx } = startProfile()
    actor.send({ type: 'profile.change', patch: { email: 'bad' } })
    actor.send({ type: 'profile.save' })
    expect(state()).toBe('editing')
    expect(saves).toHaveLength(0)
    expect(ctx().fieldErrors).toEqual({ email: 'Please enter a valid email address' })
  })
  it('saving → editing with the success banner, the saved values, and admin.updated emitted', async () => {
    const { actor, saves, state, ctx, emitted } = startProfile()
    actor.send({ type: 'profile.change', patch: { name: '  Asha R  ' } })
    actor.send({ type: 'profile.save' })
    expect(state()).toBe('saving')
    expect(saves[0].input).toEqual({ name: 'Asha R', email: 'asha@example.com', phone: '98765' })
    const saved = { ...admin, name: 'Asha R' }
    saves[0].d.resolve({ admin: saved, message: 'Profile updated successfully!' })
    await flush()
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({ banner: 'Profile updated successfully!', draft: { name: 'Asha R' } })
    expect(emitted).toEqual([{ type: 'admin.updated', admin: saved }])
    actor.send({ type: 'banner.dismiss' })
    expect(ctx().banner).toBeNull()
  })
  it('a 409 is a field error under Email Address, no banner', async () => {
    const { actor, saves, ctx, emitted } = startProfile()
    actor.send({ type: 'profile.save' })
    saves[0].d.reject(new ApiError(409, 'This email is already used by another user'))
    await flush()
    expect(ctx()).toMatchObject({ fieldErrors: { email: 'This email is already used by another user' }, banner: null })
    expect(emitted).toEqual([])
  })
  it('other failures: the server message, else the fallback, else the exception text', async () => {
    const { actor, saves, ctx } = startProfile()
    const cases: Array<[unknown, string]> = [
      [new ApiError(400, 'phone: Phone cannot exceed 20 characters'), 'phone: Phone cannot exceed 20 characters'],
      [new ApiError(500, ''), 'Failed to update profile'],
      [new ApiError(0, 'offline'), 'An error occurred while updating profile'],
    ]
    for (const [i, [error, text]] of cases.entries()) {
      actor.send({ type: 'profile.save' })
      saves[i].d.reject(error)
      await flush()
      expect(ctx().banner).toBe(text)
    }
  })
  it('a cancelled step-up leaves the draft and shows nothing', async () => {
    const { actor, saves, ctx, state } = startProfile()
    actor.send({ type: 'profile.change', patch: { email: 'new@example.com' } })
    actor.send({ type: 'profile.save' })
    saves[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({ draft: { email: 'new@example.com' }, banner: null, fieldErrors: {} })
  })
})

function startPassword(hasPassword = true) {
  const calls: Array<Call<{ currentPassword: string; newPassword: string }, string>> = []
  const actor = createActor(settingsPasswordMachine.provide({ actors: { submitPassword: held(calls) } }), {
    input: { hasPassword },
  }).start()
  return {
    actor,
    calls,
    emitted: record(actor),
    ctx: () => actor.getSnapshot().context,
    state: () => actor.getSnapshot().value,
  }
}

describe('settingsPasswordMachine', () => {
  it('shows SPEC.md 5 messages in order in the banner, sending nothing', () => {
    const { actor, calls, ctx } = startPassword()
    const submit = () => {
      actor.send({ type: 'password.submit' })
      return ctx().banner
    }
    expect(submit()).toBe(PASSWORD_REQUIRED)
    actor.send({ type: 'password.change', patch: { current: 'old-secret', next: 'abc', confirm: 'abd' } })
    expect(submit()).toBe(PASSWORDS_DIFFER)
    actor.send({ type: 'password.change', patch: { confirm: 'abc' } })
    expect(submit()).toBe(PASSWORD_TOO_SHORT)
    expect(calls).toHaveLength(0)
    actor.send({ type: 'banner.dismiss' })
    expect(ctx().banner).toBeNull()
  })
  it('toggles the visibility of Current and New Password', () => {
    const { actor, ctx } = startPassword()
    actor.send({ type: 'password.toggleVisibility', field: 'current' })
    expect(ctx().visible).toEqual({ current: true, next: false })
    actor.send({ type: 'password.toggleVisibility', field: 'next' })
    actor.send({ type: 'password.toggleVisibility', field: 'current' })
    expect(ctx().visible).toEqual({ current: false, next: true })
  })
  it('changing → editing: fields cleared and hidden, hasPassword, the server message, password.changed', async () => {
    const { actor, calls, ctx, state, emitted } = startPassword()
    actor.send({ type: 'password.change', patch: { current: 'old-secret', next: 'new-secret', confirm: 'new-secret' } })
    actor.send({ type: 'password.toggleVisibility', field: 'next' })
    actor.send({ type: 'password.submit' })
    expect(state()).toBe('changing')
    expect(calls[0].input).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' })
    calls[0].d.resolve('Password changed successfully!')
    await flush()
    expect(ctx()).toEqual({
      draft: { current: '', next: '', confirm: '' },
      hasPassword: true,
      visible: { current: false, next: false },
      banner: 'Password changed successfully!',
    })
    expect(emitted).toEqual([{ type: 'password.changed' }])
  })
  it('a first password is sent without a current one; hasPassword becomes true', async () => {
    const { actor, calls, ctx } = startPassword(false)
    actor.send({
      type: 'password.change',
      patch: { current: 'ignored', next: 'first-secret', confirm: 'first-secret' },
    })
    actor.send({ type: 'password.submit' })
    expect(calls[0].input).toEqual({ currentPassword: '', newPassword: 'first-secret' })
    calls[0].d.resolve('Password changed successfully!')
    await flush()
    expect(ctx().hasPassword).toBe(true)
  })
  it('failures keep the fields: server message, fallback, exception text', async () => {
    const { actor, calls, ctx } = startPassword()
    actor.send({ type: 'password.change', patch: { current: 'wrong', next: 'new-secret', confirm: 'new-secret' } })
    const cases: Array<[unknown, string]> = [
      [new ApiError(400, 'Current password is incorrect'), 'Current password is incorrect'],
      [new ApiError(500, ''), 'Failed to change password'],
      [new TypeError('fetch failed'), 'An error occurred while changing password'],
    ]
    for (const [i, [error, text]] of cases.entries()) {
      actor.send({ type: 'password.submit' })
      calls[i].d.reject(error)
      await flush()
      expect(ctx()).toMatchObject({ banner: text, draft: { current: 'wrong' } })
    }
  })

  it('a cancelled step-up keeps the fields and shows no banner', async () => {
    const { actor, calls, ctx, state } = startPassword()
    actor.send({ type: 'password.change', patch: { current: 'old-secret', next: 'new-secret', confirm: 'new-secret' } })
    actor.send({ type: 'password.submit' })
    calls[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({
      banner: null,
      draft: { current: 'old-secret', next: 'new-secret', confirm: 'new-secret' },
    })
  })
})

function startSessions() {
  const revokes: Array<Call<{ id: string }, string>> = []
  const others: Array<Call<unknown, number>> = []
  const actor = createActor(
    settingsSessionsMachine.provide({ actors: { revokeSession: held(revokes), revokeOthers: held(others) } }),
  ).start()
  return {
    actor,
    revokes,
    others,
    emitted: record(actor),
    state: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
  }
}

describe('settingsSessionsMachine', () => {
  it('revokes another session at once and emits sessions.changed', async () => {
    const { actor, revokes, state, emitted, ctx } = startSessions()
    actor.send({ type: 'session.revoke', session: session('s2') })
    expect(state()).toBe('revoking')
    expect(revokes[0].input).toEqual({ id: 's2' })
    actor.send({ type: 'session.revoke', session: session('s3') })
    expect(revokes).toHaveLength(1)
    revokes[0].d.resolve('Signed out 1 session')
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().target).toBeNull()
    expect(emitted).toEqual([{ type: 'sessions.changed', text: 'Signed out 1 session' }])
  })
  it('the current session asks first; cancel goes back, accept revokes and emits session.ended', async () => {
    const { actor, revokes, state, emitted } = startSessions()
    actor.send({ type: 'session.revoke', session: session('me', true) })
    expect(state()).toBe('confirming')
    actor.send({ type: 'confirm.cancel' })
    expect(state()).toBe('idle')
    expect(revokes).toHaveLength(0)
    actor.send({ type: 'session.revoke', session: session('me', true) })
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('revoking')
    revokes[0].d.resolve('Signed out 1 session')
    await flush()
    expect(emitted).toEqual([{ type: 'session.ended' }])
  })
  it('sign out everywhere else → revokingOthers → idle with the count', async () => {
    const { actor, others, state, emitted } = startSessions()
    actor.send({ type: 'sessions.revokeOthers' })
    expect(state()).toBe('revokingOthers')
    others[0].d.resolve(2)
    await flush()
    actor.send({ type: 'sessions.revokeOthers' })
    others[1].d.resolve(0)
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([
      { type: 'sessions.changed', text: 'Signed out 2 other sessions' },
      { type: 'sessions.changed', text: 'No other sessions to sign out' },
    ])
  })
  it('a cancelled step-up (another session, or everywhere else) goes back to idle and says nothing', async () => {
    const { actor, revokes, others, emitted, state, ctx } = startSessions()
    actor.send({ type: 'session.revoke', session: session('s2') })
    revokes[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().target).toBeNull()
    actor.send({ type: 'sessions.revokeOthers' })
    others[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([])
  })
  it('failures emit notify.error with the reason or the fallback', async () => {
    const { actor, revokes, others, emitted, state } = startSessions()
    actor.send({ type: 'session.revoke', session: session('s2') })
    revokes[0].d.reject(new ApiError(404, 'Session not found'))
    await flush()
    actor.send({ type: 'sessions.revokeOthers' })
    others[0].d.reject(new Error(''))
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'Session not found' },
      { type: 'notify.error', text: 'Failed to sign out the session' },
    ])
  })
})

describe('settings machines, model-based', () => {
  const fail = (id: string, error: unknown = new ApiError(400, 'No')) => ({ type: `xstate.error.actor.${id}`, error })
  const walks: Array<[string, AnyStateMachine, string[], EventObject[], unknown, (s: any) => string]> = [
    [
      'profile',
      settingsProfileMachine,
      ['saveProfile'],
      [
        { type: 'profile.change', patch: { name: '' } } as EventObject,
        { type: 'profile.change', patch: { name: 'B' } } as EventObject,
        { type: 'profile.save' },
        { type: 'banner.dismiss' },
        {
          type: 'xstate.done.actor.saveProfile',
          output: { admin, message: 'Profile updated successfully!' },
        } as EventObject,
        fail('saveProfile'),
        fail('saveProfile', new ApiError(409, 'Taken')),
        fail('saveProfile', new StepUpCancelled()),
      ],
      { admin },
      (s) => JSON.stringify([s.value, s.context.draft.name, s.context.banner, s.context.fieldErrors]),
    ],
    [
      'password',
      settingsPasswordMachine,
      ['submitPassword'],
      [
        {
          type: 'password.change',
          patch: { current: 'old-secret', next: 'new-secret', confirm: 'new-secret' },
        } as EventObject,
        { type: 'password.toggleVisibility', field: 'current' } as EventObject,
        { type: 'password.submit' },
        { type: 'banner.dismiss' },
        { type: 'xstate.done.actor.submitPassword', output: 'Password changed successfully!' } as EventObject,
        fail('submitPassword'),
        fail('submitPassword', new StepUpCancelled()),
      ],
      { hasPassword: true },
      (s) => JSON.stringify([s.value, s.context.draft, s.context.banner, s.context.visible, s.context.hasPassword]),
    ],
    [
      'sessions',
      settingsSessionsMachine,
      ['revokeSession', 'revokeOthers'],
      [
        { type: 'session.revoke', session: session('s2') } as EventObject,
        { type: 'session.revoke', session: session('me', true) } as EventObject,
        { type: 'confirm.accept' },
        { type: 'confirm.cancel' },
        { type: 'sessions.revokeOthers' },
        { type: 'xstate.done.actor.revokeSession', output: 'ok' } as EventObject,
        fail('revokeSession'),
        { type: 'xstate.done.actor.revokeOthers', output: 1 } as EventObject,
        fail('revokeOthers'),
        fail('revokeSession', new StepUpCancelled()),
        fail('revokeOthers', new StepUpCancelled()),
      ],
      undefined,
      (s) => JSON.stringify([s.value, s.context.target?._id ?? null]),
    ],
  ]
  for (const [name, machine, actorNames, events, input, serializeState] of walks) {
    const fakes = fakeActors(actorNames)
    const logic = machine.provide({ actors: fakes.actors })
    const paths = getSimplePaths(logic, { events, input, serializeState } as never)
    it(`${name}: the simple paths reach every state`, () => {
      expect(unreached(machine, paths)).toEqual([])
    })
    for (const [range, slice] of slices(paths))
      it(`${name}: simple paths ${range} of ${paths.length} replay`, async () => {
        for (const path of slice) await replay(logic, path, fakes, input)
      })
  }
})
