/**
 * Undo of bulk actions (docs/decisions/014-undo.md): projects activate/deactivate, users
 * bulk status, orders bulk status (a cancel too: restored although ORDER_TRANSITIONS has no move
 * back, the bulk note deleted) and contacts bulk-update (status and repliedAt exact). Each: the
 * ticket, the exact restore, the `undo.<kind>` audit rows, 409 once used or when changed since.
 */
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { UNDO_MESSAGES } from '../../src/api/schemas/undo'
import { contacts, orderNotes, orders, users } from '../../server/db/schema'
import { describeEachDatabase } from './harness'
import { undoHelpers } from './undo-helpers'

describeEachDatabase('undo of bulk actions', (get) => {
  const h = undoHelpers(get)
  let n = 0
  const addUser = async (values: Partial<typeof users.$inferInsert> = {}) =>
    (
      await h
        .db()
        .insert(users)
        .values({ name: `U${++n}`, email: `u${n}-${Date.now()}@example.in`, ...values })
        .returning()
    )[0]
  const addOrder = async (status: typeof orders.$inferInsert.status) =>
    (
      await h
        .db()
        .insert(orders)
        .values({ orderId: `ORD-U-${++n}-${Date.now()}`, status })
        .returning()
    )[0]
  const addContact = async (values: Partial<typeof contacts.$inferInsert> = {}) =>
    (
      await h
        .db()
        .insert(contacts)
        .values({ name: 'P', email: 'p@example.in', message: 'Hi', ...values })
        .returning()
    )[0]
  const rowOf = async <T extends typeof users | typeof orders | typeof contacts>(table: T, id: string) =>
    (
      await h
        .db()
        .select()
        .from(table as typeof users)
        .where(eq((table as typeof users).id, id))
    )[0] as unknown as T['$inferSelect']

  it('projects: undoes a deactivation of only the projects it changed; nothing changed → no ticket', async () => {
    const on = await h.addProject({ isActive: true })
    const off = await h.addProject({ isActive: false })
    const res = await h.send('POST', '/api/projects/bulk-update', { ids: [on.id, off.id], isActive: false })
    expect(res.body).toMatchObject({ count: 2, undo: { id: expect.any(String) } })
    expect((await h.send('POST', '/api/projects/bulk-update', { ids: [off.id], isActive: false })).body.undo).toBeNull()
    expect((await h.undo(res.body.undo.id)).body).toMatchObject({ kind: 'project.active', restored: 1 })
    expect([(await h.project(on.id)).isActive, (await h.project(off.id)).isActive]).toEqual([true, false])
    expect(await h.auditOf(on.id, 'undo.project.active')).toMatchObject([
      { before: { isActive: false }, after: { isActive: true } },
    ])
    expect(await h.undo(res.body.undo.id)).toMatchObject({
      status: 409,
      body: { message: UNDO_MESSAGES.alreadyUndone },
    })
  })

  it('users: undoes a bulk deactivation (audited by the app and the role trigger); 409 after an edit', async () => {
    const a = await addUser()
    const b = await addUser()
    const res = await h.send('PUT', '/api/users/bulk-update', { userIds: [a.id, b.id], action: 'deactivate' })
    expect(res.body).toMatchObject({ count: 2, undo: { id: expect.any(String) } })
    expect((await h.undo(res.body.undo.id)).body).toMatchObject({ kind: 'user.active', restored: 2 })
    expect([(await rowOf(users, a.id)).isActive, (await rowOf(users, b.id)).isActive]).toEqual([true, true])
    expect(await h.auditOf(a.id, 'undo.user.active')).toMatchObject([
      { actorId: h.admin.id, after: { isActive: true } },
    ])
    expect((await h.auditOf(a.id, 'user.role_change')).at(-1)).toMatchObject({ actorId: h.admin.id })

    const again = await h.send('PUT', '/api/users/bulk-update', { userIds: [a.id], action: 'deactivate' })
    get().advance(5)
    expect((await h.send('PUT', `/api/users/${a.id}`, { name: 'Renamed' }, h.other.token)).status).toBe(200)
    expect(await h.undo(again.body.undo.id)).toMatchObject({ status: 409, body: { message: UNDO_MESSAGES.changed } })
    expect((await rowOf(users, a.id)).isActive).toBe(false)
  })

  it('users: no ticket when nothing changed; undoing an activation deactivates again', async () => {
    const res = await h.send('PUT', '/api/users/bulk-update', { userIds: [h.other.id], action: 'activate' })
    expect(res.body.undo).toBeNull()
    const quiet = await addUser({ isActive: false })
    const activated = await h.send('PUT', '/api/users/bulk-update', { userIds: [quiet.id], action: 'activate' })
    expect((await h.undo(activated.body.undo.id)).status).toBe(200)
    expect((await rowOf(users, quiet.id)).isActive).toBe(false)
  })

  it('orders: a bulk cancel is undone to each previous status, its notes deleted; refused orders untouched', async () => {
    const pending = await addOrder('pending')
    const confirmed = await addOrder('confirmed')
    const completed = await addOrder('completed')
    const res = await h.send('PUT', '/api/orders/bulk-update', {
      orderIds: [pending.id, confirmed.id, completed.id],
      action: 'cancel',
    })
    expect(res.body).toMatchObject({ updated: 2, undo: { id: expect.any(String) } })
    expect((await h.undo(res.body.undo.id)).body).toMatchObject({ kind: 'order.status', restored: 2 })
    expect([pending, confirmed, completed].length).toBe(3)
    const statuses = await Promise.all(
      [pending, confirmed, completed].map(async (o) => (await rowOf(orders, o.id)).status),
    )
    expect(statuses).toEqual(['pending', 'confirmed', 'completed'])
    expect(await h.db().select().from(orderNotes).where(eq(orderNotes.orderId, pending.id))).toEqual([])
    expect(await h.auditOf(confirmed.id, 'undo.order.status')).toMatchObject([
      { before: { status: 'cancelled' }, after: { status: 'confirmed' } },
    ])
    const none = await h.send('PUT', '/api/orders/bulk-update', { orderIds: [completed.id], action: 'cancel' })
    expect(none.body).toMatchObject({ updated: 0, undo: null })
  })

  it('orders: 409 when an order moved on since', async () => {
    const order = await addOrder('pending')
    const res = await h.send('PUT', '/api/orders/bulk-update', { orderIds: [order.id], action: 'confirm' })
    get().advance(5)
    expect(
      (await h.send('PUT', `/api/orders/${order.id}/status`, { status: 'in_progress' }, h.other.token)).status,
    ).toBe(200)
    expect(await h.undo(res.body.undo.id)).toMatchObject({ status: 409, body: { message: UNDO_MESSAGES.changed } })
    expect((await rowOf(orders, order.id)).status).toBe('in_progress')
  })

  it('contacts: status and repliedAt come back exactly; other admin 403; too late 410', async () => {
    const repliedAt = new Date('2026-01-02T03:04:05.678Z')
    const fresh = await addContact()
    const archived = await addContact({ status: 'archived', repliedAt })
    const res = await h.send('PUT', '/api/contacts/bulk-update', {
      contactIds: [fresh.id, archived.id],
      action: 'mark_replied',
    })
    expect(res.body).toMatchObject({ updated: 2, undo: { id: expect.any(String) } })
    expect((await rowOf(contacts, fresh.id)).repliedAt).not.toBeNull()
    expect(await h.undo(res.body.undo.id, h.other.token)).toMatchObject({ status: 403 })
    expect((await h.undo(res.body.undo.id)).body).toMatchObject({ kind: 'contact.status', restored: 2 })
    const [a, b] = [await rowOf(contacts, fresh.id), await rowOf(contacts, archived.id)]
    expect([a.status, a.repliedAt, a.isRead]).toEqual(['new', null, false])
    expect([b.status, b.repliedAt?.toISOString()]).toEqual(['archived', repliedAt.toISOString()])
    expect(await h.auditOf(fresh.id, 'undo.contact.status')).toHaveLength(1)

    const late = await h.send('PUT', '/api/contacts/bulk-update', { contactIds: [fresh.id], action: 'archive' })
    get().advance(14_000)
    expect(await h.undo(late.body.undo.id)).toMatchObject({ status: 410, body: { message: UNDO_MESSAGES.expired } })
    expect((await rowOf(contacts, fresh.id)).status).toBe('archived')
  })
})
