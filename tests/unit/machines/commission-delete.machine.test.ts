import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import {
  commissionDeleteMachine,
  DELETE_QUESTION,
  type CommissionDeleteEmitted,
} from '../../../src/machines/commission-delete.machine'
import { deferred, flush } from '../../fixtures/project'

const V1 = '2026-11-27T10:00:00.000Z'
const target = { id: 'cfg-1', title: 'Inventory SaaS', isDefault: false, version: V1 }

function start() {
  const calls: Array<{ id: string; version: string; d: ReturnType<typeof deferred<string>> }> = []
  const actor = createActor(
    commissionDeleteMachine.provide({
      actors: {
        deleteConfig: fromPromise(({ input }: { input: { id: string; version: string } }) => {
          const d = deferred<string>()
          calls.push({ ...input, d })
          return d.promise
        }),
      },
    }),
  ).start()
  const emitted: CommissionDeleteEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, calls, emitted, state: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context }
}

describe('commissionDeleteMachine', () => {
  it("asks SPEC.md 2's question first", () => {
    expect(DELETE_QUESTION).toBe('Are you sure you want to delete this configuration?')
  })

  it('idle → confirming → (cancel) idle: nothing is deleted', () => {
    const { actor, calls, state, ctx } = start()
    actor.send({ type: 'delete.request', target })
    expect(state()).toBe('confirming')
    expect(ctx().target).toEqual(target)
    actor.send({ type: 'confirm.cancel' })
    expect(state()).toBe('idle')
    expect(ctx().target).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('the default is never asked about', () => {
    const { actor, state } = start()
    actor.send({ type: 'delete.request', target: { ...target, isDefault: true } })
    expect(state()).toBe('idle')
  })

  it('confirming → deleting → idle with the server message and a change', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'delete.request', target })
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('deleting')
    expect(calls[0]).toMatchObject({ id: 'cfg-1', version: V1 })
    actor.send({ type: 'delete.request', target: { ...target, id: 'other' } })
    calls[0].d.resolve('Commission configuration deleted')
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([
      { type: 'notify.success', text: 'Commission configuration deleted' },
      { type: 'commission.changed' },
    ])
    expect(calls).toHaveLength(1)
  })

  it('a refusal is shown with its reason and the list refetches', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'delete.request', target })
    actor.send({ type: 'confirm.accept' })
    calls[0].d.reject(new ApiError(409, 'The default configuration cannot be deleted'))
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'Failed to delete configuration: The default configuration cannot be deleted' },
      { type: 'commission.changed' },
    ])
  })

  it('a configuration changed by another admin since it was listed is not deleted: the 409 says who, and the list refetches', async () => {
    const { actor, calls, emitted, state } = start()
    actor.send({ type: 'delete.request', target })
    actor.send({ type: 'confirm.accept' })
    const message = 'Commission configuration was changed by Asha since you opened it'
    calls[0].d.reject(new ApiError(409, message, undefined, 'version_conflict'))
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([
      { type: 'notify.error', text: `Failed to delete configuration: ${message}` },
      { type: 'commission.changed' },
    ])
  })
})
