import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { listFocusMachine, type ListFocusEvent } from '../../../src/machines/list-focus.machine'
import { fakeActors, replay, unreached } from './model-walk'

function start(ids = ['a', 'b', 'c', 'd']) {
  const actor = createActor(listFocusMachine).start()
  actor.send({ type: 'rows.loaded', ids })
  return { actor, ctx: () => actor.getSnapshot().context }
}

describe('listFocusMachine', () => {
  it('starts with nothing, and focuses the first row once rows arrive', () => {
    const actor = createActor(listFocusMachine).start()
    expect(actor.getSnapshot().context).toEqual({ ids: [], focus: -1, selection: [], anchor: null })
    actor.send({ type: 'focus.next' })
    expect(actor.getSnapshot().context.focus).toBe(-1)
    actor.send({ type: 'rows.loaded', ids: ['a'] })
    expect(actor.getSnapshot().context.focus).toBe(0)
  })

  it('j/k move the focus and clamp at the ends; focus.set clamps too', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'focus.prev' })
    expect(ctx().focus).toBe(0)
    for (let i = 0; i < 6; i++) actor.send({ type: 'focus.next' })
    expect(ctx().focus).toBe(3)
    actor.send({ type: 'focus.set', index: 1 })
    expect(ctx().focus).toBe(1)
    actor.send({ type: 'focus.set', index: 99 })
    expect(ctx().focus).toBe(3)
  })

  it('x toggles the focused row or a given one; shift+x selects a range from the anchor; selection.set replaces', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'row.toggle' })
    expect(ctx().selection).toEqual(['a'])
    expect(ctx().anchor).toBe('a')
    actor.send({ type: 'focus.set', index: 2 })
    actor.send({ type: 'row.toggleRange' })
    expect(ctx().selection).toEqual(['a', 'b', 'c'])
    actor.send({ type: 'row.toggle', id: 'b' })
    expect(ctx().selection).toEqual(['a', 'c'])
    actor.send({ type: 'row.toggleRange', id: 'd' })
    expect(ctx().selection).toEqual(['a', 'c', 'b', 'd'])
    actor.send({ type: 'selection.set', ids: [] })
    expect(ctx().selection).toEqual([])
  })

  it('a grown list (the next cursor page) keeps the focus on its row and the selection', () => {
    const { actor, ctx } = start(['a', 'b'])
    actor.send({ type: 'focus.set', index: 1 })
    actor.send({ type: 'row.toggle' })
    actor.send({ type: 'rows.loaded', ids: ['a', 'b', 'c', 'd'] })
    expect(ctx().focus).toBe(1)
    expect(ctx().selection).toEqual(['b'])
    actor.send({ type: 'focus.next' })
    expect(ctx().ids[ctx().focus]).toBe('c')
  })

  it('a shorter list clamps the focus and drops vanished ids; an empty one has no focus, and x then does nothing', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'focus.set', index: 3 })
    actor.send({ type: 'selection.set', ids: ['a', 'd'] })
    actor.send({ type: 'rows.loaded', ids: ['a', 'b'] })
    expect(ctx().focus).toBe(1)
    expect(ctx().selection).toEqual(['a'])
    actor.send({ type: 'rows.loaded', ids: [] })
    expect(ctx().focus).toBe(-1)
    expect(ctx().selection).toEqual([])
    actor.send({ type: 'row.toggle' })
    actor.send({ type: 'row.toggleRange' })
    expect(ctx().selection).toEqual([])
  })
})

const EVENTS = [
  { type: 'rows.loaded', ids: ['a', 'b'] }, { type: 'focus.next' }, { type: 'focus.prev' }, { type: 'focus.set', index: 1 },
  { type: 'row.toggle' }, { type: 'row.toggleRange' }, { type: 'selection.set', ids: [] },
] as ListFocusEvent[]

describe('listFocusMachine, model-based', () => {
  const paths = getSimplePaths(listFocusMachine, { events: EVENTS, serializeState: (s) => JSON.stringify([s.value, s.context.focus, s.context.selection]) })
  it('its paths reach every state and take every event', () => {
    expect(unreached(listFocusMachine, paths)).toEqual([])
    const taken = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
    expect(EVENTS.map((e) => e.type).filter((t) => !taken.has(t))).toEqual([])
  })
  it.each(paths.slice(0, 40).map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))('path %i: %s', async (_, __, path) => {
    await replay(listFocusMachine, path, fakeActors([]))
  })
})
