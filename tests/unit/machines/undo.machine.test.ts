import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { UNDO_WINDOW_MS, type UndoResponse } from '../../../src/api/schemas/undo'
import { secondsLeft, undoMachine, type UndoEmitted, type UndoResource } from '../../../src/machines/undo.machine'
import { StepUpCancelled } from '../../../src/machines/shared/step-up-gate'
import { deferred, flush } from '../../fixtures/project'

const T0 = 1_000_000

function start() {
  const calls: { id: string; d: ReturnType<typeof deferred<UndoResponse>> }[] = []
  let ticking = 0
  const machine = undoMachine.provide({
    actors: {
      runUndo: fromPromise(({ input }: { input: { id: string } }) => {
        const d = deferred<UndoResponse>()
        calls.push({ id: input.id, d })
        return d.promise
      }),
      ticker: fromCallback(() => {
        ticking += 1
        return () => void (ticking -= 1)
      }),
    },
  })
  const actor = createActor(machine).start()
  const emitted: UndoEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  const offer = (id: string, at = T0, resource: UndoResource = 'projects') =>
    actor.send({ type: 'undo.offer', ticket: { id, expiresAt: '' }, text: `Did ${id}`, resource, at })
  return {
    actor,
    calls,
    emitted,
    offer,
    ticking: () => ticking,
    ctx: () => actor.getSnapshot().context,
    state: () => actor.getSnapshot().value,
  }
}
const done = (message: string): UndoResponse => ({ success: true, message, kind: 'project.verify', restored: 1 })

describe('undoMachine', () => {
  it('idle → active.watching on an offer, with a ticker running and a 10 s local deadline', () => {
    const { offer, ctx, state, ticking } = start()
    expect(state()).toBe('idle')
    expect(ticking()).toBe(0)
    offer('a')
    expect(state()).toEqual({ active: 'watching' })
    expect(ticking()).toBe(1)
    expect(ctx().entries).toEqual([{ id: 'a', text: 'Did a', resource: 'projects', deadline: T0 + UNDO_WINDOW_MS }])
    expect(secondsLeft(ctx().entries[0], T0 + 1)).toBe(10)
    expect(secondsLeft(ctx().entries[0], T0 + 9_001)).toBe(1)
  })

  it('ticks drop lapsed entries; back to idle (ticker stopped) when none is left', () => {
    const { actor, offer, ctx, state, ticking } = start()
    offer('a')
    offer('b', T0 + 4_000)
    actor.send({ type: 'clock.tick', now: T0 + UNDO_WINDOW_MS })
    expect(ctx().entries.map((e) => e.id)).toEqual(['b'])
    expect(ctx().now).toBe(T0 + UNDO_WINDOW_MS)
    actor.send({ type: 'clock.tick', now: T0 + 14_000 })
    expect(state()).toBe('idle')
    expect(ticking()).toBe(0)
  })

  it('undo.run undoes the newest: watching → undoing → watching, emits undo.done with its resource', async () => {
    const { actor, offer, calls, emitted, ctx, state } = start()
    offer('a', T0, 'users')
    offer('b', T0, 'orders')
    actor.send({ type: 'undo.run' })
    expect(state()).toEqual({ active: 'undoing' })
    expect(calls.map((c) => c.id)).toEqual(['b'])
    expect(ctx().entries.map((e) => e.id)).toEqual(['a'])
    actor.send({ type: 'undo.run' })
    expect(calls).toHaveLength(1)
    offer('c')
    calls[0].d.resolve(done('Undone: 1 order restored'))
    await flush()
    expect(state()).toEqual({ active: 'watching' })
    expect(ctx().running).toBeNull()
    expect(ctx().entries.map((e) => e.id)).toEqual(['a', 'c'])
    expect(emitted).toEqual([{ type: 'undo.done', text: 'Undone: 1 order restored', resource: 'orders' }])
  })

  it('a refused undo emits undo.failed with the server reason; the last one leaves for idle', async () => {
    const { actor, offer, calls, emitted, state } = start()
    offer('a', T0, 'contacts')
    actor.send({ type: 'undo.run' })
    calls[0].d.reject(new ApiError(410, 'Too late to undo: the 10 seconds have passed'))
    await flush()
    expect(emitted).toEqual([
      { type: 'undo.failed', text: 'Undo failed: Too late to undo: the 10 seconds have passed', resource: 'contacts' },
    ])
    expect(state()).toBe('idle')
  })

  it('a cancelled step-up puts the change back as undoable, says nothing, and it can be run again', async () => {
    const { actor, offer, calls, emitted, ctx, state } = start()
    offer('a', T0, 'users')
    actor.send({ type: 'undo.run' })
    calls[0].d.reject(new StepUpCancelled())
    await flush()
    expect(state()).toEqual({ active: 'watching' })
    expect(ctx()).toMatchObject({
      running: null,
      entries: [{ id: 'a', resource: 'users', deadline: T0 + UNDO_WINDOW_MS }],
    })
    expect(emitted).toEqual([])
    actor.send({ type: 'undo.run' })
    expect(calls.map((c) => c.id)).toEqual(['a', 'a'])
  })

  it('undo.run with nothing pending does nothing; dismiss drops one; a repeated offer replaces it', () => {
    const { actor, offer, ctx, state, calls } = start()
    actor.send({ type: 'undo.run' })
    expect(state()).toBe('idle')
    offer('a')
    offer('a', T0 + 2_000)
    expect(ctx().entries).toHaveLength(1)
    expect(ctx().entries[0].deadline).toBe(T0 + 2_000 + UNDO_WINDOW_MS)
    offer('b')
    actor.send({ type: 'undo.dismiss', id: 'b' })
    expect(ctx().entries.map((e) => e.id)).toEqual(['a'])
    offer('c')
    actor.send({ type: 'undo.dismiss' })
    expect(ctx().entries.map((e) => e.id)).toEqual(['a'])
    actor.send({ type: 'undo.dismiss', id: 'a' })
    expect(state()).toBe('idle')
    expect(calls).toEqual([])
  })
})
