import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { listFocusMachine, type ListFocusEvent } from '../../../src/machines/list-focus.machine'
import { describeListSelection } from './list-harness'
import { fakeActors, replay, unreached } from './model-walk'

const rowsOf = (ids: string[]) => ids.map((id) => ({ id }))

function start(ids = ['a', 'b', 'c', 'd']) {
  const actor = createActor(listFocusMachine).start()
  actor.send({ type: 'rows.loaded', rows: rowsOf(ids) })
  return { actor, ctx: () => actor.getSnapshot().context }
}

describeListSelection('listFocusMachine', () => ({ ...start(), rowsWith: (ids) => rowsOf(ids) as never[] }))

describe('listFocusMachine: an infinite list', () => {
  it('starts with nothing, and focuses the first row once rows arrive', () => {
    const actor = createActor(listFocusMachine).start()
    expect(actor.getSnapshot().context).toEqual({ rows: [], focus: -1, selection: [], anchor: null })
    actor.send({ type: 'focus.next' })
    expect(actor.getSnapshot().context.focus).toBe(-1)
    actor.send({ type: 'rows.loaded', rows: rowsOf(['a']) })
    expect(actor.getSnapshot().context.focus).toBe(0)
  })

  it('the next cursor page keeps the focus on its row and the selection; j then moves into the new rows', () => {
    const { actor, ctx } = start(['a', 'b'])
    actor.send({ type: 'focus.set', index: 1 })
    actor.send({ type: 'row.toggle' })
    actor.send({ type: 'rows.loaded', rows: rowsOf(['a', 'b', 'c', 'd']) })
    expect(ctx().focus).toBe(1)
    expect(ctx().selection).toEqual(['b'])
    actor.send({ type: 'focus.next' })
    expect(ctx().rows[ctx().focus].id).toBe('c')
  })
})

describe('listFocusMachine: a refetch keeps the focus on its record', () => {
  it('follows the focused row by id when a refetch moves it', () => {
    const { actor, ctx } = start(['a', 'b', 'c', 'd'])
    actor.send({ type: 'focus.set', index: 2 })
    actor.send({ type: 'rows.loaded', rows: rowsOf(['new', 'a', 'b', 'c', 'd']) })
    expect(ctx().rows[ctx().focus].id).toBe('c')
    actor.send({ type: 'rows.loaded', rows: rowsOf(['c', 'd']) })
    expect(ctx().focus).toBe(0)
  })
  it('a gone row leaves the focus on its index, clamped', () => {
    const { actor, ctx } = start(['a', 'b', 'c', 'd'])
    actor.send({ type: 'focus.set', index: 3 })
    actor.send({ type: 'rows.loaded', rows: rowsOf(['a', 'b']) })
    expect(ctx().focus).toBe(1)
    actor.send({ type: 'rows.loaded', rows: rowsOf(['x', 'y', 'z']) })
    expect(ctx().focus).toBe(1)
  })
})

const EVENTS = [
  { type: 'rows.loaded', rows: rowsOf(['a', 'b']) },
  { type: 'focus.next' },
  { type: 'focus.prev' },
  { type: 'focus.set', index: 1 },
  { type: 'row.toggle' },
  { type: 'row.toggleRange' },
  { type: 'selection.set', ids: [] },
] as ListFocusEvent[]

describe('listFocusMachine, model-based', () => {
  const paths = getSimplePaths(listFocusMachine, {
    events: EVENTS,
    serializeState: (s) => JSON.stringify([s.value, s.context.focus, s.context.selection]),
  })
  it('its paths reach every state and take every event', () => {
    expect(unreached(listFocusMachine, paths)).toEqual([])
    const taken = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
    expect(EVENTS.map((e) => e.type).filter((t) => !taken.has(t))).toEqual([])
  })
  it.each(paths.slice(0, 40).map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      await replay(listFocusMachine, path, fakeActors([]))
    },
  )
})
