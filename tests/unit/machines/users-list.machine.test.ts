import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { failureText, successText, type UsersStatusAction } from '../../../src/machines/users-list.rules'
import {
  usersListMachine,
  type UserRow,
  type UsersListEmitted,
  type UsersListEvent,
} from '../../../src/machines/users-list.machine'
import { StepUpCancelled } from '../../../src/machines/shared/step-up-gate'
import { flush } from '../../fixtures/project'
import { deferredCalls, describeListSelection } from './list-harness'
import { fakeActors, replay, unreached } from './model-walk'

const rows: UserRow[] = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, name: `User ${id}`, isActive: i % 2 === 0 }))

function start() {
  const { calls, logic } = deferredCalls<UsersStatusAction>()
  const machine = usersListMachine.provide({ actors: { updateStatus: logic as never } })
  const actor = createActor(machine).start()
  const emitted: UsersListEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.send({ type: 'rows.loaded', rows })
  return { actor, calls, emitted, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value }
}

describeListSelection('usersListMachine', () => ({
  ...start(),
  rowsWith: (ids) => rows.filter((r) => ids.includes(r.id)) as never[],
}))

describe('usersListMachine: status actions', () => {
  it("a row's toggle: idle → acting (per-user call) → idle; emits success and users.changed", async () => {
    const { actor, calls, emitted, state, ctx } = start()
    actor.send({ type: 'status.set', ids: ['b'], isActive: true })
    expect(state()).toBe('acting')
    expect(calls[0].action).toEqual({ ids: ['b'], isActive: true, bulk: false })
    calls[0].d.resolve()
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().pending).toBeNull()
    expect(emitted).toEqual([
      { type: 'notify.success', text: 'User activated successfully' },
      { type: 'users.changed' },
    ])
  })

  it("a row's failed toggle says 'Failed to update user status: {msg}' and still refetches", async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'status.set', ids: ['a'], isActive: false })
    calls[0].d.reject(new ApiError(409, 'The last active admin cannot be deactivated'))
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'Failed to update user status: The last active admin cannot be deactivated' },
      { type: 'users.changed' },
    ])
  })

  it('a cancelled step-up (an admin among the rows) goes back to idle without a failure, and still refetches', async () => {
    const { actor, calls, emitted, state, ctx } = start()
    actor.send({ type: 'bulk.set', ids: ['a', 'c'], isActive: false })
    calls[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().pending).toBeNull()
    expect(emitted).toEqual([{ type: 'users.changed' }])
  })

  it('bulk: acting with the bulk call, then "3 users deactivated successfully"', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'bulk.set', ids: ['a', 'b', 'c'], isActive: false })
    expect(state()).toBe('acting')
    expect(calls[0].action).toEqual({ ids: ['a', 'b', 'c'], isActive: false, bulk: true })
    calls[0].d.resolve()
    await flush()
    expect(emitted[0]).toEqual({ type: 'notify.success', text: '3 users deactivated successfully' })
  })

  it('bulk with an undo ticket: emits undo.offered (the undo toast) instead of notify.success', async () => {
    const { actor, calls, emitted } = start()
    actor.send({ type: 'bulk.set', ids: ['a', 'b'], isActive: false })
    const ticket = { id: 'u1', expiresAt: '2026-01-01T00:00:10.000Z' }
    calls[0].d.resolve(ticket as never)
    await flush()
    expect(emitted).toEqual([
      { type: 'undo.offered', text: '2 users deactivated successfully', undo: ticket },
      { type: 'users.changed' },
    ])
  })

  it('bulk failure: "Failed to update users: {msg}"; a failure without a reason says Request failed', async () => {
    const { actor, calls, emitted } = start()
    actor.send({ type: 'bulk.set', ids: ['a', 'b'], isActive: true })
    calls[0].d.reject(new ApiError(400, 'Invalid id'))
    await flush()
    actor.send({ type: 'bulk.set', ids: ['a', 'b'], isActive: true })
    calls[1].d.reject(new Error(''))
    await flush()
    expect(emitted.filter((e) => e.type === 'notify.error')).toEqual([
      { type: 'notify.error', text: 'Failed to update users: Invalid id' },
      { type: 'notify.error', text: 'Failed to update users: Request failed' },
    ])
  })

  it("bulk without a selection says 'Please select users to update' and calls nothing (SPEC.md 5)", () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'bulk.set', ids: [], isActive: false })
    expect(state()).toBe('idle')
    expect(calls).toHaveLength(0)
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Please select users to update' }])
  })

  it('ignores a row toggle without ids, and new actions while one is with the server', () => {
    const { actor, calls, state } = start()
    actor.send({ type: 'status.set', ids: [], isActive: true })
    expect(state()).toBe('idle')
    actor.send({ type: 'status.set', ids: ['a'], isActive: false })
    actor.send({ type: 'bulk.set', ids: ['b'], isActive: true })
    actor.send({ type: 'status.set', ids: ['c'], isActive: true })
    expect(calls).toHaveLength(1)
  })

  it('texts: singular and plural', () => {
    expect(successText({ ids: ['a'], isActive: false, bulk: true })).toBe('User deactivated successfully')
    expect(failureText({ ids: ['a'], isActive: false, bulk: false }, 'x')).toBe('Failed to update user status: x')
  })
})

const EVENTS = [
  { type: 'rows.loaded', rows },
  { type: 'status.set', ids: ['a'], isActive: false },
  { type: 'bulk.set', ids: ['a', 'b'], isActive: true },
  { type: 'bulk.set', ids: [], isActive: true },
  { type: 'xstate.done.actor.updateStatus' },
  { type: 'xstate.error.actor.updateStatus', error: new ApiError(500, 'down') },
  { type: 'xstate.error.actor.updateStatus', error: new StepUpCancelled() },
] as unknown as UsersListEvent[]

const paths = getSimplePaths(usersListMachine, {
  events: EVENTS,
  serializeState: (s) => JSON.stringify([s.value, s.context.pending?.bulk ?? null]),
})

describe('usersListMachine, model-based', () => {
  it('its simple paths reach every state', () => {
    expect(paths.length).toBeGreaterThanOrEqual(3)
    expect(unreached(usersListMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['updateStatus'] as const)
      await replay(usersListMachine.provide({ actors: fakes.actors }), path, fakes)
    },
  )
})
