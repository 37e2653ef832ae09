/**
 * PUT /api/orders/{id}/status and /bulk-update (SPEC.md 4): all 25 (from, to) pairs
 * against ORDER_TRANSITIONS, the note appended with who and when, 404, and a bulk mix of legal,
 * illegal and unknown orders in one transaction.
 */
import crypto from 'node:crypto'
import { expect, it } from 'vitest'
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '../../src/api/schemas/orders'
import { describeEachDatabase } from './harness'
import { ordersHelpers } from './orders-helpers'

describeEachDatabase('order status moves', (get) => {
  const h = ordersHelpers(get)

  it('allows exactly the moves of ORDER_TRANSITIONS (all 25 pairs), each legal one with a note by the admin', async () => {
    const admin = await h.admin()
    let legal = 0
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const order = await h.addOrder({ status: from })
        const res = await h.put(`/api/orders/${order.id}/status`, { status: to, notes: `why ${from}->${to}` })
        const allowed = ORDER_TRANSITIONS[from].includes(to)
        if (allowed) {
          legal += 1
          expect(res.status, `${from} → ${to}`).toBe(200)
          expect(res.body.message).toBe(`Order status updated to ${to.replace('_', ' ')}`)
          expect(res.body.order.status).toBe(to)
          expect((await h.orderRow(order.id)).status).toBe(to)
          const notes = await h.notesOf(order.id)
          expect(notes).toHaveLength(1)
          expect(notes[0]).toMatchObject({ status: to, note: `why ${from}->${to}`, createdBy: admin.id })
          expect(res.body.order.notes).toEqual([
            expect.objectContaining({
              status: to,
              note: `why ${from}->${to}`,
              createdBy: { name: admin.name, email: admin.email },
            }),
          ])
        } else {
          expect(res.status, `${from} → ${to}`).toBe(409)
          expect(res.body.message).toBe(
            `Cannot move order ${order.orderId} from ${from.replace('_', ' ')} to ${to.replace('_', ' ')}`,
          )
          expect((await h.orderRow(order.id)).status).toBe(from)
          expect(await h.notesOf(order.id)).toHaveLength(0)
        }
      }
    }
    expect(legal).toBe(6)
  })

  it('serialises concurrent moves of one order on its row lock: one wins, the other is refused', async () => {
    const order = await h.addOrder()
    const results = await Promise.all(
      [1, 2, 3].map(() => h.put(`/api/orders/${order.id}/status`, { status: 'confirmed' })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409])
    expect(await h.notesOf(order.id)).toHaveLength(1)
  })

  it('keeps the notes oldest first with who and when across moves', async () => {
    const order = await h.addOrder()
    for (const status of ['confirmed', 'in_progress', 'completed']) {
      expect((await h.put(`/api/orders/${order.id}/status`, { status, notes: status })).status).toBe(200)
    }
    const detail = await h.get(`/api/orders/${order.id}`)
    expect(detail.body.order.notes.map((n: { status: string }) => n.status)).toEqual([
      'confirmed',
      'in_progress',
      'completed',
    ])
    const times = detail.body.order.notes.map((n: { createdAt: string }) => Date.parse(n.createdAt))
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    expect(detail.body.order.notes.every((n: { createdBy: unknown }) => n.createdBy !== null)).toBe(true)
  })

  it('answers 404 Order not found for an unknown order, 400 for a bad status', async () => {
    const missing = await h.put(`/api/orders/${crypto.randomUUID()}/status`, { status: 'confirmed' })
    expect(missing).toMatchObject({ status: 404, body: { message: 'Order not found' } })
    expect((await h.get(`/api/orders/${crypto.randomUUID()}`)).status).toBe(404)
    const order = await h.addOrder()
    expect((await h.put(`/api/orders/${order.id}/status`, { status: 'shipped' })).status).toBe(400)
  })

  it('bulk: moves the legal orders, reports the illegal and unknown ones, one note each', async () => {
    const pending = [await h.addOrder(), await h.addOrder()]
    const completed = await h.addOrder({ status: 'completed' })
    const cancelled = await h.addOrder({ status: 'cancelled' })
    const unknown = crypto.randomUUID()
    const res = await h.put('/api/orders/bulk-update', {
      action: 'confirm',
      orderIds: [pending[0].id, completed.id, unknown, pending[1].id, cancelled.id],
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, updated: 2, message: '2 orders confirmed, 3 could not be changed' })
    expect(res.body.failed).toEqual(
      expect.arrayContaining([
        {
          _id: completed.id,
          orderId: completed.orderId,
          status: 'completed',
          reason: 'Cannot move from completed to confirmed',
        },
        {
          _id: cancelled.id,
          orderId: cancelled.orderId,
          status: 'cancelled',
          reason: 'Cannot move from cancelled to confirmed',
        },
        { _id: unknown, orderId: '', status: null, reason: 'Order not found' },
      ]),
    )
    expect(res.body.failed).toHaveLength(3)
    for (const o of pending) {
      expect((await h.orderRow(o.id)).status).toBe('confirmed')
      expect(await h.notesOf(o.id)).toEqual([expect.objectContaining({ status: 'confirmed', note: 'Bulk confirm' })])
    }
    expect((await h.orderRow(completed.id)).status).toBe('completed')
    expect(await h.notesOf(completed.id)).toHaveLength(0)
    // Cancel: the confirmed ones move, the completed one does not.
    const cancel = await h.put('/api/orders/bulk-update', { action: 'cancel', orderIds: [pending[0].id, completed.id] })
    expect(cancel.body).toMatchObject({ updated: 1, message: '1 order cancelled, 1 could not be changed' })
  })

  it('bulk: refuses more than ORDER_BULK_MAX ids before any change', async () => {
    const a = await h.addOrder()
    // A bulk of over ORDER_BULK_MAX is refused before any change.
    const res = await h.put('/api/orders/bulk-update', {
      action: 'confirm',
      orderIds: Array.from({ length: 501 }, () => a.id),
    })
    expect(res.status).toBe(400)
    expect((await h.orderRow(a.id)).status).toBe('pending')
  })
})
