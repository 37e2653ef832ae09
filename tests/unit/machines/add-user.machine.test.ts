import { getShortestPaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { UserDetail } from '../../../src/api/schemas/users'
import {
  createUserBody,
  draftErrors,
  EMPTY_DRAFT,
  serverErrors,
  type AddUserDraft,
} from '../../../src/machines/add-user.form'
import { addUserMachine, type AddUserEmitted, type AddUserEvent } from '../../../src/machines/add-user.machine'
import { StepUpCancelled } from '../../../src/machines/shared/step-up-gate'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const created = {
  _id: 'u-1',
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '',
  isAdmin: false,
  isAgent: true,
} as UserDetail

function start() {
  const calls: Array<{ draft: AddUserDraft; d: ReturnType<typeof deferred<UserDetail>> }> = []
  const machine = addUserMachine.provide({
    actors: {
      createUser: fromPromise(({ input }: { input: AddUserDraft }) => {
        const d = deferred<UserDetail>()
        calls.push({ draft: input, d })
        return d.promise
      }),
    },
  })
  const actor = createActor(machine).start()
  const emitted: AddUserEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, calls, emitted, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value }
}

function fill(actor: ReturnType<typeof start>['actor'], name: string, email: string) {
  actor.send({ type: 'field.change', field: 'name', value: name })
  actor.send({ type: 'field.change', field: 'email', value: email })
}

describe('addUserMachine', () => {
  it('closed → editing with an empty draft; Cancel closes', () => {
    const { actor, state, ctx } = start()
    expect(state()).toBe('closed')
    actor.send({ type: 'dialog.open' })
    expect(state()).toBe('editing')
    expect(ctx().draft).toEqual(EMPTY_DRAFT)
    actor.send({ type: 'dialog.close' })
    expect(state()).toBe('closed')
  })

  it('edits fields and toggles the role flags', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'dialog.open' })
    fill(actor, 'Asha Rao', 'asha@example.com')
    actor.send({ type: 'field.change', field: 'phone', value: '+91 98765 43210' })
    actor.send({ type: 'flag.toggle', flag: 'isAgent' })
    actor.send({ type: 'flag.toggle', flag: 'isAdmin' })
    actor.send({ type: 'flag.toggle', flag: 'isAdmin' })
    expect(ctx().draft).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+91 98765 43210',
      isAdmin: false,
      isAgent: true,
    })
  })

  it("a draft the contract refuses stays in editing with its messages and sends nothing; typing clears the field's message", () => {
    const { actor, calls, state, ctx } = start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'field.change', field: 'email', value: 'not-an-email' })
    actor.send({ type: 'form.submit' })
    expect(state()).toBe('editing')
    expect(calls).toHaveLength(0)
    expect(ctx().errors.name).toBe('Name is required')
    expect(ctx().errors.email).toBeTruthy()
    actor.send({ type: 'field.change', field: 'name', value: 'A' })
    expect(ctx().errors.name).toBeUndefined()
    expect(ctx().errors.email).toBeTruthy()
  })

  it('submitting → created: sends the trimmed draft, emits users.changed; Open user emits user.open and closes', async () => {
    const { actor, calls, emitted, state, ctx } = start()
    actor.send({ type: 'dialog.open' })
    fill(actor, '  Asha Rao ', 'asha@example.com ')
    actor.send({ type: 'flag.toggle', flag: 'isAgent' })
    actor.send({ type: 'form.submit' })
    expect(state()).toBe('submitting')
    expect(createUserBody(calls[0].draft)).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '',
      isAdmin: false,
      isAgent: true,
    })
    actor.send({ type: 'dialog.close' })
    expect(state()).toBe('submitting')
    calls[0].d.resolve(created)
    await flush()
    expect(state()).toBe('created')
    expect(ctx().created).toBe(created)
    expect(emitted).toEqual([{ type: 'users.changed' }])
    actor.send({ type: 'created.open' })
    expect(state()).toBe('closed')
    expect(emitted.at(-1)).toEqual({ type: 'user.open', id: 'u-1' })
  })

  it('created → Add another starts an empty form; Close closes', async () => {
    const { actor, calls, state, ctx } = start()
    actor.send({ type: 'dialog.open' })
    fill(actor, 'Asha', 'asha@example.com')
    actor.send({ type: 'form.submit' })
    calls[0].d.resolve(created)
    await flush()
    actor.send({ type: 'created.another' })
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({ draft: EMPTY_DRAFT, created: null, errors: {} })
    fill(actor, 'Ravi', 'ravi@example.com')
    actor.send({ type: 'form.submit' })
    calls[1].d.resolve(created)
    await flush()
    actor.send({ type: 'dialog.close' })
    expect(state()).toBe('closed')
  })

  it("the server's refusal goes back to editing with its messages under their fields", async () => {
    const { actor, calls, state, ctx } = start()
    actor.send({ type: 'dialog.open' })
    fill(actor, 'Asha', 'asha@example.com')
    actor.send({ type: 'form.submit' })
    calls[0].d.reject(new ApiError(409, 'A user with this email already exists'))
    await flush()
    expect(state()).toBe('editing')
    expect(ctx().errors).toEqual({ email: 'A user with this email already exists' })
    actor.send({ type: 'form.submit' })
    calls[1].d.reject(
      new ApiError(
        400,
        'Phone may contain only digits',
        ['Phone may contain only digits', 'Unknown field: x'],
        undefined,
        [
          { path: 'phone', message: 'Phone may contain only digits' },
          { path: 'x', message: 'Unknown field: x' },
        ],
      ),
    )
    await flush()
    expect(ctx().errors).toEqual({ phone: 'Phone may contain only digits', form: 'Unknown field: x' })
    actor.send({ type: 'form.submit' })
    calls[2].d.reject(new ApiError(0, ''))
    await flush()
    expect(ctx().errors).toEqual({ form: 'Failed to create user' })
  })

  it('a cancelled step-up (creating an admin) goes back to editing with the draft and no message', async () => {
    const { actor, calls, emitted, state, ctx } = start()
    actor.send({ type: 'dialog.open' })
    fill(actor, 'Asha', 'asha@example.com')
    actor.send({ type: 'flag.toggle', flag: 'isAdmin' })
    actor.send({ type: 'form.submit' })
    calls[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toBe('editing')
    expect(ctx()).toMatchObject({ draft: { name: 'Asha', email: 'asha@example.com', isAdmin: true }, errors: {} })
    expect(emitted).toEqual([])
  })
})

describe('add user form rules', () => {
  it('draftErrors is empty for a valid draft and names the first problem per field', () => {
    expect(draftErrors({ ...EMPTY_DRAFT, name: 'A', email: 'a@example.com' })).toEqual({})
    expect(Object.keys(draftErrors({ ...EMPTY_DRAFT, name: 'A', email: 'a@example.com', phone: 'abc' }))).toEqual([
      'phone',
    ])
  })
  it('serverErrors keeps an unexplained failure on the form', () => {
    expect(serverErrors(new ApiError(500, 'Database down'))).toEqual({ form: 'Database down' })
  })
})

const EVENTS = [
  { type: 'dialog.open' },
  { type: 'dialog.close' },
  { type: 'field.change', field: 'name', value: 'Asha' },
  { type: 'field.change', field: 'email', value: 'asha@example.com' },
  { type: 'flag.toggle', flag: 'isAgent' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.createUser', output: created },
  { type: 'xstate.error.actor.createUser', error: new ApiError(409, 'taken') },
  { type: 'xstate.error.actor.createUser', error: new StepUpCancelled() },
  { type: 'created.open' },
  { type: 'created.another' },
] as unknown as AddUserEvent[]

// The state key holds the whole draft, so a path's replay rests where the graph says; the
// shortest path to each such state (simple paths number over 20,000). The transitions one by
// one are the tests above.
const paths = getShortestPaths(addUserMachine, {
  events: EVENTS,
  // Two field.change events differ only in their payload: keep them apart.
  serializeEvent: (e) => JSON.stringify(e),
  serializeState: (s) => JSON.stringify([s.value, s.context.draft, Object.keys(s.context.errors).sort()]),
})

describe('addUserMachine, model-based', () => {
  it('its shortest paths reach every state', () => {
    expect(paths.length).toBeLessThan(500)
    expect(unreached(addUserMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['createUser'] as const)
      await replay(addUserMachine.provide({ actors: fakes.actors }), path, fakes)
    },
  )
})
