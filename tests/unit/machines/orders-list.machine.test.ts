import { getSimplePaths } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../src/api/client'
import type { OrderDetail } from '../../../src/api/schemas/orders'
import {
  bulkSummaryText,
  cancelQuestion,
  moveSuccessText,
  type OrderBulk,
  type OrderBulkReport,
  type OrderMove,
} from '../../../src/machines/orders-list.rules'
import {
  ordersListMachine,
  type OrderRow,
  type OrdersListEmitted,
  type OrdersListEvent,
} from '../../../src/machines/orders-list.machine'
import { deferred, flush } from '../../fixtures/project'
import { describeListSelection } from './list-harness'
import { fakeActors, replay, unreached } from './model-walk'

/** The versions of the first two rows as listed (the others were listed without one). */
const VA = '2026-11-27T10:00:00.000Z'
const VB = '2026-11-27T11:00:00.000Z'
const rows: OrderRow[] = [
  { id: 'id-aaaaaa', orderId: 'ORD-1', status: 'pending', updatedAt: VA },
  { id: 'id-bbbbbb', orderId: 'ORD-2', status: 'confirmed', updatedAt: VB },
  { id: 'id-cccccc', orderId: 'ORD-3', status: 'completed' },
  { id: 'id-dddddd', orderId: 'ORD-4', status: 'in_progress' },
]
const ids = rows.map((r) => r.id)
const detail = { _id: 'id-aaaaaa', status: 'confirmed' } as OrderDetail

function start() {
  const moves: Array<{ input: OrderMove; d: ReturnType<typeof deferred<OrderDetail>> }> = []
  const bulks: Array<{ input: OrderBulk; d: ReturnType<typeof deferred<OrderBulkReport>> }> = []
  const machine = ordersListMachine.provide({
    actors: {
      moveOrder: fromPromise(({ input }: { input: OrderMove }) => {
        const d = deferred<OrderDetail>()
        moves.push({ input, d })
        return d.promise
      }),
      bulkUpdate: fromPromise(({ input }: { input: OrderBulk }) => {
        const d = deferred<OrderBulkReport>()
        bulks.push({ input, d })
        return d.promise
      }),
    },
  })
  const actor = createActor(machine).start()
  const emitted: OrdersListEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.send({ type: 'rows.loaded', rows })
  return {
    actor,
    moves,
    bulks,
    emitted,
    ctx: () => actor.getSnapshot().context,
    state: () => actor.getSnapshot().value,
  }
}

const abcd: OrderRow[] = ['a', 'b', 'c', 'd'].map((id) => ({ id, orderId: `ORD-${id}`, status: 'pending' }))
describeListSelection('ordersListMachine', () => {
  const { actor } = start()
  actor.send({ type: 'rows.loaded', rows: abcd })
  return {
    actor,
    ctx: () => actor.getSnapshot().context,
    rowsWith: (ids) => abcd.filter((r) => ids.includes(r.id)) as never[],
  }
})

describe('ordersListMachine: rows of a growing list', () => {
  it('keeps the focus and the selection as more pages load; drops vanished ids; an empty list has no focus', () => {
    const { actor, ctx } = start()
    actor.send({ type: 'focus.set', index: 3 })
    actor.send({ type: 'selection.set', ids: [ids[0], ids[3]] })
    actor.send({ type: 'rows.loaded', rows: [...rows, { id: 'id-eeeeee', orderId: 'ORD-5', status: 'pending' }] })
    expect(ctx().focus).toBe(3)
    expect(ctx().selection).toEqual([ids[0], ids[3]])
    actor.send({ type: 'rows.loaded', rows: rows.slice(0, 2) })
    expect(ctx().focus).toBe(1)
    expect(ctx().selection).toEqual([ids[0]])
    actor.send({ type: 'rows.loaded', rows: [] })
    expect(ctx().focus).toBe(-1)
    actor.send({ type: 'row.toggle' })
    actor.send({ type: 'row.toggleRange' })
    expect(ctx().selection).toEqual([])
  })
})

describe('ordersListMachine: a row move', () => {
  it('idle → moving (the action, with the row version as listed) → idle; says which order moved and hands the updated order to the refetch', async () => {
    const { actor, moves, emitted, state, ctx } = start()
    actor.send({ type: 'order.move', id: ids[0], action: 'confirm' })
    expect(state()).toBe('moving')
    expect(moves[0].input).toEqual({ id: ids[0], action: 'confirm', version: VA })
    moves[0].d.resolve(detail)
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().move).toBeNull()
    expect(emitted).toEqual([
      { type: 'notify.success', text: 'Order #aaaaaa confirmed' },
      { type: 'orders.changed', order: detail },
    ])
  })

  it("a refused move says 'Failed to update order status: {the server's reason}' and still refetches", async () => {
    const { actor, moves, emitted, state } = start()
    actor.send({ type: 'order.move', id: ids[2], action: 'cancel' })
    actor.send({ type: 'confirm.accept' })
    moves[0].d.reject(new ApiError(409, 'A completed order cannot be cancelled'))
    await flush()
    expect(state()).toBe('idle')
    expect(emitted).toEqual([
      { type: 'notify.error', text: 'Failed to update order status: A completed order cannot be cancelled' },
      { type: 'orders.changed', order: undefined },
    ])
  })

  it('ignores other actions while one is with the server', () => {
    const { actor, moves, bulks, state } = start()
    actor.send({ type: 'order.move', id: ids[0], action: 'confirm' })
    actor.send({ type: 'order.move', id: ids[1], action: 'start' })
    actor.send({ type: 'bulk.run', ids: [ids[0]], action: 'cancel' })
    expect(state()).toBe('moving')
    expect(moves).toHaveLength(1)
    expect(bulks).toHaveLength(0)
  })
})

describe('ordersListMachine: bulk actions', () => {
  const report = (over: Partial<OrderBulkReport> = {}): OrderBulkReport => ({
    success: true,
    message: '',
    updated: 2,
    failed: [],
    action: 'cancel',
    requested: 2,
    ...over,
  })

  it("without a selection says 'Please select orders to update' and calls nothing (SPEC.md 5)", () => {
    const { actor, bulks, emitted, state } = start()
    actor.send({ type: 'bulk.run', ids: [], action: 'confirm' })
    expect(state()).toBe('idle')
    expect(bulks).toHaveLength(0)
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Please select orders to update' }])
  })

  it('all moved: idle → bulkUpdating → idle, "2 orders cancelled", the selection cleared, the report kept', async () => {
    const { actor, bulks, emitted, state, ctx } = start()
    actor.send({ type: 'selection.set', ids: [ids[0], ids[1]] })
    actor.send({ type: 'bulk.run', ids: [ids[0], ids[1]], action: 'cancel' })
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('bulkUpdating')
    expect(bulks[0].input).toEqual({
      ids: [ids[0], ids[1]],
      action: 'cancel',
      versions: { [ids[0]]: VA, [ids[1]]: VB },
    })
    bulks[0].d.resolve(report())
    await flush()
    expect(state()).toBe('idle')
    expect(ctx().selection).toEqual([])
    expect(ctx().report?.updated).toBe(2)
    expect(emitted).toEqual([
      { type: 'notify.success', text: '2 orders cancelled' },
      { type: 'orders.changed', order: undefined },
    ])
  })

  it('some refused: the report lists them, they stay selected, the toast says how many could not be changed', async () => {
    const { actor, bulks, emitted, ctx } = start()
    actor.send({ type: 'selection.set', ids: [ids[0], ids[2]] })
    actor.send({ type: 'bulk.run', ids: [ids[0], ids[2]], action: 'cancel' })
    actor.send({ type: 'confirm.accept' })
    const refused = {
      _id: ids[2],
      orderId: 'ORD-3',
      status: 'completed' as const,
      reason: 'A completed order cannot be cancelled',
    }
    bulks[0].d.resolve(report({ updated: 1, failed: [refused] }))
    await flush()
    expect(ctx().selection).toEqual([ids[2]])
    expect(ctx().report?.failed).toEqual([refused])
    expect(emitted[0]).toEqual({ type: 'notify.error', text: '1 order cancelled, 1 could not be changed' })
    const again = start()
    again.actor.send({ type: 'selection.set', ids: [ids[0]] })
    again.actor.send({ type: 'bulk.run', ids: [ids[0]], action: 'confirm' })
    const ticket = { id: 'u1', expiresAt: '2026-01-01T00:00:10.000Z' }
    again.bulks[0].d.resolve(report({ updated: 1, undo: ticket, action: 'confirm', requested: 1 }))
    await flush()
    expect(again.emitted[0]).toEqual({ type: 'undo.offered', text: '1 order confirmed', undo: ticket })
    actor.send({ type: 'report.dismiss' })
    expect(ctx().report).toBeNull()
  })

  it('a new action clears the last report', async () => {
    const { actor, bulks, moves, ctx } = start()
    actor.send({ type: 'bulk.run', ids: [ids[0]], action: 'confirm' })
    bulks[0].d.resolve(report({ updated: 1, action: 'confirm', requested: 1 }))
    await flush()
    expect(ctx().report).not.toBeNull()
    actor.send({ type: 'order.move', id: ids[1], action: 'start' })
    expect(ctx().report).toBeNull()
    moves[0].d.resolve(detail)
    await flush()
    actor.send({ type: 'bulk.run', ids: [ids[0]], action: 'confirm' })
    expect(ctx().report).toBeNull()
  })

  it('a failed bulk call says "Failed to update orders: {msg}" (Request failed without one) and keeps the selection', async () => {
    const { actor, bulks, emitted, ctx } = start()
    actor.send({ type: 'selection.set', ids: [ids[0]] })
    actor.send({ type: 'bulk.run', ids: [ids[0]], action: 'complete' })
    bulks[0].d.reject(new ApiError(400, 'At most 500 orders at once'))
    await flush()
    actor.send({ type: 'bulk.run', ids: [ids[0]], action: 'complete' })
    bulks[1].d.reject(new Error(''))
    await flush()
    expect(ctx().selection).toEqual([ids[0]])
    expect(emitted.filter((e) => e.type === 'notify.error')).toEqual([
      { type: 'notify.error', text: 'Failed to update orders: At most 500 orders at once' },
      { type: 'notify.error', text: 'Failed to update orders: Request failed' },
    ])
  })

  it('texts: none moved, singular and plural', () => {
    expect(
      bulkSummaryText(
        report({
          updated: 0,
          failed: [{ _id: 'x', orderId: 'O', status: 'completed', reason: 'r' }],
          action: 'confirm',
        }),
      ),
    ).toBe('No orders confirmed, 1 could not be changed')
    expect(bulkSummaryText(report({ updated: 12, action: 'complete' }))).toBe('12 orders completed')
    const asha = { id: 'u-asha', name: 'Asha' }
    expect(
      bulkSummaryText(
        report({ updated: 1, action: 'confirm', conflicts: [{ id: ids[1], version: VB, changedBy: asha }] }),
      ),
    ).toBe('1 order confirmed; 1 changed since you loaded it (by Asha)')
    expect(moveSuccessText({ id: 'abc-123456', action: 'start' })).toBe('Order #123456 started')
  })
})

describe('ordersListMachine: a Cancel waits for its confirmation', () => {
  const report = (over: Partial<OrderBulkReport> = {}): OrderBulkReport => ({
    success: true,
    message: '',
    updated: 1,
    failed: [],
    action: 'confirm',
    requested: 1,
    ...over,
  })

  it('a row Cancel: idle → confirming (nothing sent) → accept → moving → idle', async () => {
    const { actor, moves, emitted, state, ctx } = start()
    actor.send({ type: 'order.move', id: ids[0], action: 'cancel' })
    expect(state()).toBe('confirming')
    expect(ctx().move).toEqual({ id: ids[0], action: 'cancel', version: VA })
    expect(moves).toHaveLength(0)
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('moving')
    expect(moves[0].input).toEqual({ id: ids[0], action: 'cancel', version: VA })
    moves[0].d.resolve(detail)
    await flush()
    expect(state()).toBe('idle')
    expect(emitted[0]).toEqual({ type: 'notify.success', text: 'Order #aaaaaa cancelled' })
  })

  it('a row Cancel dismissed: confirming → idle, nothing sent, nothing emitted, the last report kept', async () => {
    const { actor, bulks, moves, emitted, state, ctx } = start()
    actor.send({ type: 'bulk.run', ids: [ids[0]], action: 'confirm' })
    bulks[0].d.resolve(report())
    await flush()
    emitted.length = 0
    actor.send({ type: 'order.move', id: ids[1], action: 'cancel' })
    actor.send({ type: 'confirm.cancel' })
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ move: null, bulk: null })
    expect(ctx().report).not.toBeNull()
    expect(moves).toHaveLength(0)
    expect(emitted).toEqual([])
  })

  it('a bulk Cancel: idle → confirming (the ids held, nothing sent) → accept → bulkUpdating; the report cleared on accept', async () => {
    const { actor, bulks, state, ctx } = start()
    actor.send({ type: 'bulk.run', ids: [ids[0]], action: 'confirm' })
    bulks[0].d.resolve(report())
    await flush()
    actor.send({ type: 'bulk.run', ids: [ids[0], ids[1]], action: 'cancel' })
    expect(state()).toBe('confirming')
    expect(ctx().bulk).toEqual({ ids: [ids[0], ids[1]], action: 'cancel', versions: { [ids[0]]: VA, [ids[1]]: VB } })
    expect(ctx().report).not.toBeNull()
    expect(bulks).toHaveLength(1)
    actor.send({ type: 'confirm.accept' })
    expect(state()).toBe('bulkUpdating')
    expect(ctx().report).toBeNull()
    expect(bulks[1].input).toEqual({
      ids: [ids[0], ids[1]],
      action: 'cancel',
      versions: { [ids[0]]: VA, [ids[1]]: VB },
    })
  })

  it('a bulk Cancel dismissed: confirming → idle, the selection unchanged, nothing sent', () => {
    const { actor, bulks, state, ctx } = start()
    actor.send({ type: 'selection.set', ids: [ids[0], ids[1]] })
    actor.send({ type: 'bulk.run', ids: [ids[0], ids[1]], action: 'cancel' })
    actor.send({ type: 'confirm.cancel' })
    expect(state()).toBe('idle')
    expect(ctx()).toMatchObject({ bulk: null, selection: [ids[0], ids[1]] })
    expect(bulks).toHaveLength(0)
  })

  it('a bulk Cancel without a selection only says so (no question); the other moves never ask', () => {
    const { actor, moves, bulks, emitted, state } = start()
    actor.send({ type: 'bulk.run', ids: [], action: 'cancel' })
    expect(state()).toBe('idle')
    expect(emitted).toEqual([{ type: 'notify.error', text: 'Please select orders to update' }])
    actor.send({ type: 'order.move', id: ids[0], action: 'start' })
    expect(state()).toBe('moving')
    expect(moves).toHaveLength(1)
    const other = start()
    other.actor.send({ type: 'bulk.run', ids: [ids[0]], action: 'complete' })
    expect(other.state()).toBe('bulkUpdating')
    expect(other.bulks).toHaveLength(1)
    expect(bulks).toHaveLength(0)
  })

  it('while asking, other moves and answers of nothing are ignored; selection keys still work', () => {
    const { actor, moves, bulks, state, ctx } = start()
    actor.send({ type: 'order.move', id: ids[0], action: 'cancel' })
    actor.send({ type: 'order.move', id: ids[1], action: 'confirm' })
    actor.send({ type: 'bulk.run', ids: [ids[1]], action: 'confirm' })
    actor.send({ type: 'focus.next' })
    expect(state()).toBe('confirming')
    expect(ctx().move).toEqual({ id: ids[0], action: 'cancel', version: VA })
    expect(moves).toHaveLength(0)
    expect(bulks).toHaveLength(0)
    const idle = start()
    idle.actor.send({ type: 'confirm.accept' })
    idle.actor.send({ type: 'confirm.cancel' })
    expect(idle.state()).toBe('idle')
    expect(idle.moves).toHaveLength(0)
  })

  it('texts: the question names the order or the count', () => {
    expect(cancelQuestion(1, 'ORD-2026-000123')).toBe('Cancel order ORD-2026-000123?')
    expect(cancelQuestion(3)).toBe('Cancel 3 orders?')
    expect(cancelQuestion(1)).toBe('Cancel 1 order?')
  })
})

const EVENTS = [
  { type: 'rows.loaded', rows },
  { type: 'order.move', id: ids[0], action: 'confirm' },
  { type: 'order.move', id: ids[0], action: 'cancel' },
  { type: 'bulk.run', ids: [ids[0]], action: 'confirm' },
  { type: 'confirm.accept' },
  { type: 'confirm.cancel' },
  { type: 'bulk.run', ids: [ids[0]], action: 'cancel' },
  { type: 'bulk.run', ids: [], action: 'cancel' },
  { type: 'xstate.done.actor.moveOrder', output: detail },
  { type: 'xstate.error.actor.moveOrder', error: new ApiError(409, 'illegal') },
  {
    type: 'xstate.done.actor.bulkUpdate',
    output: { success: true, message: '', updated: 1, failed: [], action: 'cancel', requested: 1 },
  },
  { type: 'xstate.error.actor.bulkUpdate', error: new ApiError(500, 'down') },
] as unknown as OrdersListEvent[]

const paths = getSimplePaths(ordersListMachine, {
  events: EVENTS,
  serializeState: (s) => JSON.stringify([s.value, !!s.context.report, !!s.context.move]),
})

describe('ordersListMachine, model-based', () => {
  it('its simple paths reach every state', () => {
    expect(paths.length).toBeGreaterThanOrEqual(4)
    expect(unreached(ordersListMachine, paths)).toEqual([])
  })
  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i: %s',
    async (_, __, path) => {
      const fakes = fakeActors(['moveOrder', 'bulkUpdate'] as const)
      await replay(ordersListMachine.provide({ actors: fakes.actors }), path, fakes)
    },
  )
})
