import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import { ORDER_NOTE_MAX, type OrderDetail } from '../../../src/api/schemas/orders'
import {
  orderPanelMachine,
  type OrderPanelEmitted,
  type OrderPanelEvent,
} from '../../../src/machines/order-panel.machine'
import type { OrderMove } from '../../../src/machines/orders-list.rules'
import { deferred, flush } from '../../fixtures/project'
import { fakeActors, replay, unreached } from './model-walk'

const detail = { _id: 'ord-aaa111', status: 'confirmed' } as OrderDetail

function start() {
  const moves: Array<{ input: OrderMove; d: ReturnType<typeof deferred<OrderDetail>> }> = []
  const actor = createActor(
    orderPanelMachine.provide({
      actors: {
        moveOrder: fromPromise(({ input }: { input: OrderMove }) => {
          const d = deferred<OrderDetail>()
          moves.push({ input, d })
          return d.promise
        }),
      },
    }),
  ).start()
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

  it('moves the open order with the note and its version as shown: idle → moving → idle, clears the note, emits the updated order', async () => {
    const { actor, moves, emitted, ctx, state } = start()
    actor.send({ type: 'order.show', id: 'ord-aaa111' })
    actor.send({ type: 'note.change', value: 'Paid by UPI' })
    actor.send({ type: 'order.move', action: 'confirm', version: '2026-11-27T10:00:00.000Z' })
    expect(state()).toBe('moving')
    expect(moves[0].input).toEqual({
      id: 'ord-aaa111',
      action: 'confirm',
      notes: 'Paid by UPI',
      version: '2026-11-27T10:00:00.000Z',
    })
    moves[0].d.resolve(detail)
    await flush()
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ note: '', move: null, error: null })
    expect(emitted).toEqual([
      { type: 'notify.success', text: 'Order #aaa111 confirmed' },
      { type: 'order.changed', order: detail },
    ])
  })

  it("a refused move keeps the note, shows 'Failed to update order status: {reason}' until the next move and asks for the order again", async () => {
    const { actor, moves, emitted, ctx } = start()
    actor.send({ type: 'order.show', id: 'ord-aaa111' })
    actor.send({ type: 'note.change', value: 'late' })
    actor.send({ type: 'order.move', action: 'complete' })
    moves[0].d.reject(new ApiError(409, 'Only an order in progress can be completed'))
    await flush()
    expect(ctx()).toMatchObject({
      note: 'late',
      error: 'Failed to update order status: Only an order in progress can be completed',
    })
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'Failed to update order status: Only an order in progress can be completed' },
      { type: 'order.changed' },
    ])
    actor.send({ type: 'order.move', action: 'cancel' })
    expect(ctx().error).toBeNull()
  })

  it('another order (or closing) resets the note and the error; the same order keeps them; notes are cut at the maximum', async () => {
    const { actor, moves, ctx } = start()
    actor.send({ type: 'order.show', id: 'a' })
    actor.send({ type: 'note.change', value: 'x'.repeat(ORDER_NOTE_MAX + 5) })
    expect(ctx().note).toHaveLength(ORDER_NOTE_MAX)
    actor.send({ type: 'order.move', action: 'cancel' })
    actor.send({ type: 'confirm.accept' })
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

describe('orderPanelMachine: Cancel Order waits for its confirmation', () => {
  it('idle → confirming (nothing sent) → accept → moving with the note → idle', async () => {
    const { actor, moves, emitted, state } = start()
    actor.send({ type: 'order.show', id: 'ord-aaa111' })
    actor.send({ type: 'note.change', value: 'Customer asked' })
    actor.send({ type: 'order.move', action: 'cancel' })
    expect(state()).toBe('confirming')
    expect(moves).toHaveLength(0)
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('moving')
    expect(moves[0].input).toEqual({ id: 'ord-aaa111', action: 'cancel', notes: 'Customer asked' })
    moves[0].d.resolve({ ...detail, status: 'cancelled' })
    await flush()
    expect(state()).toBe('idle')
    expect(emitted[0]).toEqual({ type: 'notify.success', text: 'Order #aaa111 cancelled' })
  })

  it('dismissed: confirming → idle, nothing sent or emitted, the note kept', () => {
    const { actor, moves, emitted, ctx, state } = start()
    actor.send({ type: 'order.show', id: 'ord-aaa111' })
    actor.send({ type: 'note.change', value: 'maybe' })
    actor.send({ type: 'order.move', action: 'cancel' })
    actor.send({ type: 'confirm.cancel' })
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ orderId: 'ord-aaa111', note: 'maybe', move: null })
    expect(moves).toHaveLength(0)
    expect(emitted).toEqual([])
  })

  it('no question without an open order; the other moves never ask; answers in idle are ignored', () => {
    const { actor, moves, state } = start()
    actor.send({ type: 'order.move', action: 'cancel' })
    expect(state()).toBe('idle')
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('idle')
    actor.send({ type: 'order.show', id: 'a' })
    actor.send({ type: 'order.move', action: 'start' })
    expect(state()).toBe('moving')
    expect(moves).toHaveLength(1)
  })

  it('while asking: another order (or closing) drops the question; the same order, typing and other moves do not', () => {
    const { actor, moves, ctx, state } = start()
    actor.send({ type: 'order.show', id: 'a' })
    actor.send({ type: 'order.move', action: 'cancel' })
    actor.send({ type: 'order.show', id: 'a' })
    actor.send({ type: 'order.move', action: 'confirm' })
    actor.send({ type: 'note.change', value: 'late' })
    expect(state()).toBe('confirming')
    expect(ctx()).toMatchObject({ move: { id: 'a', action: 'cancel', notes: '' }, note: '' })
    actor.send({ type: 'order.show', id: 'b' })
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ orderId: 'b', move: null })
    actor.send({ type: 'order.move', action: 'cancel' })
    actor.send({ type: 'order.show', id: null })
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ orderId: null, move: null })
    expect(moves).toHaveLength(0)
  })
})

const EVENTS = [
  { type: 'order.show', id: 'a' },
  { type: 'note.change', value: 'n' },
  { type: 'order.move', action: 'confirm' },
  { type: 'order.move', action: 'cancel' },
  { type: 'confirm.accept' },
  { type: 'confirm.cancel' },
  { type: 'xstate.done.actor.moveOrder', output: detail },
  { type: 'xstate.error.actor.moveOrder', error: new ApiError(409, 'illegal') },
] as unknown as OrderPanelEvent[]
const paths = getSimplePaths(orderPanelMachine, {
  events: EVENTS,
  serializeState: (s) => JSON.stringify([s.value, s.context.orderId, !!s.context.error]),
})

describe('orderPanelMachine, model-based', () => {
  it('its simple paths reach every state', () => {
    expect(unreached(orderPanelMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['moveOrder'] as const)
      await replay(orderPanelMachine.provide({ actors: fakes.actors }), path, fakes)
    },
  )
})
