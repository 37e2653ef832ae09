import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { ORDER_NOTE_MAX, type OrderDetail } from '../../../src/api/schemas/orders'
import { orderPanelMachine, type OrderPanelEmitted, type OrderPanelEvent } from '../../../src/machines/order-panel.machine'
import type { OrderMove } from '../../../src/machines/orders-list.actions'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const detail = { _id: 'ord-aaa111', status: 'confirmed' } as OrderDetail

function start() {
  const moves: Array<{ input: OrderMove; d: ReturnType<typeof deferred<OrderDetail>> }> = []
  const actor = createActor(orderPanelMachine.provide({
    actors: {
      moveOrder: fromPromise(({ input }: { input: OrderMove }) => {
        const d = deferred<OrderDetail>()
        moves.push({ input, d })
        return d.promise
      }),
    },
  })).start()
  const emitted: OrderPanelEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  return { actor, moves, emitted, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value }
}

describe('orderPanelMachine', () => {
  it('refuses a move while no order is open', () => {
    const { actor, moves, state } = start()
    actor.send({ type: 'order.move', action: 'confirm' })
    expect(state()).toBe('idle')
    expect(moves).toHaveLength(0)
  })

  it('moves the open order with the note: idle → moving → idle, clears the note, emits the updated order', async () => {
    const { actor, moves, emitted, ctx, state } = start()
    actor.send({ type: 'order.show', id: 'ord-aaa111' })
    actor.send({ type: 'note.change', value: 'Paid by UPI' })
    actor.send({ type: 'order.move', action: 'confirm' })
    expect(state()).toBe('moving')
    expect(moves[0].input).toEqual({ id: 'ord-aaa111', action: 'confirm', notes: 'Paid by UPI' })
    moves[0].d.resolve(detail)
    await flush()
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ note: '', move: null, error: null })
    expect(emitted).toEqual([{ type: 'notify.success', text: 'Order #aaa111 confirmed' }, { type: 'order.changed', order: detail }])
  })

  it("a refused move keeps the note and shows 'Failed to update order status: {reason}' until the next move", async () => {
    const { actor, moves, emitted, ctx } = start()
    actor.send({ type: 'order.show', id: 'ord-aaa111' })
    actor.send({ type: 'note.change', value: 'late' })
    actor.send({ type: 'order.move', action: 'complete' })
    moves[0].d.reject(new ApiError(409, 'Only an order in progress can be completed'))
    await flush()
    expect(ctx()).toMatchObject({ note: 'late', error: 'Failed to update order status: Only an order in progress can be completed' })
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Failed to update order status: Only an order in progress can be completed' }])
    actor.send({ type: 'order.move', action: 'cancel' })
    expect(ctx().error).toBeNull()
  })

  it('another order (or closing) resets the note and the error; the same order keeps them; notes are cut at the maximum', async () => {
    const { actor, moves, ctx } = start()
    actor.send({ type: 'order.show', id: 'a' })
    actor.send({ type: 'note.change', value: 'x'.repeat(ORDER_NOTE_MAX + 5) })
    expect(ctx().note).toHaveLength(ORDER_NOTE_MAX)
    actor.send({ type: 'order.move', action: 'cancel' })
    moves[0].d.reject(new Error(''))
    await flush()
    expect(ctx().error).toBe('Failed to update order status: Request failed')
    actor.send({ type: 'order.show', id: 'a' })
    expect(ctx().note).toHaveLength(ORDER_NOTE_MAX)
    actor.send({ type: 'order.show', id: 'b' })
    expect(ctx()).toMatchObject({ orderId: 'b', note: '', error: null })
    actor.send({ type: 'order.show', id: null })
    expect(ctx().orderId).toBeNull()
  })

  it('ignores typing, another order and moves while a move is with the server', () => {
    const { actor, moves, ctx } = start()
    actor.send({ type: 'order.show', id: 'a' })
    actor.send({ type: 'order.move', action: 'confirm' })
    actor.send({ type: 'note.change', value: 'late' })
    actor.send({ type: 'order.show', id: 'b' })
    actor.send({ type: 'order.move', action: 'cancel' })
    expect(moves).toHaveLength(1)
    expect(ctx()).toMatchObject({ orderId: 'a', note: '' })
  })
})

const EVENTS = [
  { type: 'order.show', id: 'a' },
  { type: 'note.change', value: 'n' },
  { type: 'order.move', action: 'confirm' },
  { type: 'xstate.done.actor.moveOrder', output: detail },
  { type: 'xstate.error.actor.moveOrder', error: new ApiError(409, 'illegal') },
] as unknown as OrderPanelEvent[]
const paths = getSimplePaths(orderPanelMachine, { events: EVENTS, serializeState: (s) => JSON.stringify([s.value, s.context.orderId, !!s.context.error]) })

describe('orderPanelMachine, model-based', () => {
  it('its simple paths reach every state', () => {
    expect(unreached(orderPanelMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))('path %i: %s', async (_, __, path) => {
    const fakes = fakeActors(['moveOrder'] as const)
    await replay(orderPanelMachine.provide({ actors: fakes.actors }), path, fakes)
  })
})
