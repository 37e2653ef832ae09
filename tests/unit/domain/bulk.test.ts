import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, canMoveOrder } from '../../../src/api/schemas/orders'
import { alreadyIn, bulkDisabledReason, bulkLabel, planBulk } from '../../../src/domain/bulk'
import { orderMoveRefusal } from '../../../src/domain/order-moves'

const noun = { one: 'order', many: 'orders' }
const complete = (c: string) => `Complete ${c}`
const rows = (...statuses: string[]) => statuses.map((status, i) => ({ id: `r${i}`, status }))
const toCompleted = (r: { status: string }) =>
  r.status === 'in_progress'
    ? null
    : r.status === 'completed'
      ? alreadyIn('completed')
      : { reason: `No from ${r.status}` }

describe('bulk plans, labels and reasons', () => {
  it('all rows can: the plain count', () => {
    const plan = planBulk(rows('in_progress', 'in_progress', 'in_progress'), toCompleted)
    expect(plan).toEqual({ ids: ['r0', 'r1', 'r2'], total: 3, refused: [] })
    expect(bulkLabel(plan, noun, complete, 'Complete')).toBe('Complete 3 orders')
    expect(bulkDisabledReason(plan)).toBeNull()
    expect(bulkLabel(planBulk(rows('in_progress'), toCompleted), noun, complete, 'Complete')).toBe('Complete 1 order')
  })

  it('some can: "k of n", or ", m already <state>" when every other row is already there', () => {
    const mixed = planBulk(rows('confirmed', 'in_progress', 'completed'), toCompleted)
    expect(mixed.ids).toEqual(['r1'])
    expect(bulkLabel(mixed, noun, complete, 'Complete')).toBe('Complete 1 of 3 orders')
    expect(bulkDisabledReason(mixed)).toBeNull()
    const done = planBulk(rows('in_progress', 'completed', 'completed'), toCompleted)
    expect(bulkLabel(done, noun, complete, 'Complete')).toBe('Complete 1 order, 2 already completed')
    const read = planBulk(rows('new', 'read'), (r) => (r.status === 'read' ? alreadyIn('read') : null))
    expect(bulkLabel(read, { one: 'contact', many: 'contacts' }, (c) => `Mark ${c} as read`, 'Mark read')).toBe(
      'Mark 1 contact as read, 1 already read',
    )
  })

  it('none can: the bare verb, disabled with the shared reason or each reason counted', () => {
    const confirmed = planBulk(rows('confirmed', 'confirmed', 'confirmed'), toCompleted)
    expect(bulkLabel(confirmed, noun, complete, 'Complete')).toBe('Complete')
    expect(bulkDisabledReason(confirmed)).toBe('No from confirmed')
    const two = planBulk(rows('confirmed', 'completed', 'confirmed'), toCompleted)
    expect(bulkDisabledReason(two)).toBe('2 no from confirmed; 1 already completed')
  })

  it('no rows: the bare verb and no reason (the caller says what is missing)', () => {
    const empty = planBulk([], toCompleted)
    expect(bulkLabel(empty, noun, complete, 'Complete')).toBe('Complete')
    expect(bulkDisabledReason(empty)).toBeNull()
  })
})

describe('order moves (the rule the server refuses by)', () => {
  it('refuses exactly what ORDER_TRANSITIONS forbids, in the server words', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) expect(orderMoveRefusal(from, to) === null).toBe(canMoveOrder(from, to))
    }
    expect(orderMoveRefusal('confirmed', 'completed')).toEqual({ reason: 'Cannot move from confirmed to completed' })
    expect(orderMoveRefusal('in_progress', 'confirmed')?.reason).toBe('Cannot move from in progress to confirmed')
    expect(orderMoveRefusal('cancelled', 'cancelled')).toEqual({ reason: 'Already cancelled', already: 'cancelled' })
  })
})
