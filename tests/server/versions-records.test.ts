/**
 * Record versions of users, orders, contacts and commission configurations (decision 041): each
 * detail read answers its ETag; every write route takes If-Match: a matching one writes and
 * answers the new ETag, a stale one answers 409 version_conflict with the changes since (by whom,
 * which fields) and changes nothing, none writes as SPEC.md says; the bulk updates leave moved
 * rows and report them. The clock is frozen, so versions of one millisecond must still increase.
 */
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { commissionConfigs, contacts, orders, users } from '../../server/db/schema'
import { describeEachDatabaseFrozen, versionHelpers, versionOfEtag } from './versions-helpers'

const OLD = new Date('2026-03-01T00:00:00.000Z')

describeEachDatabaseFrozen('record versions', (get) => {
  const h = versionHelpers(get)
  const db = () => get().database.db
  let n = 0
  const addUser = async (values: Partial<typeof users.$inferInsert> = {}) =>
    (
      await db()
        .insert(users)
        .values({ name: `User ${++n}`, email: `user${n}@example.in`, updatedAt: OLD, ...values })
        .returning()
    )[0]
  const addOrder = async (values: Partial<typeof orders.$inferInsert> = {}) =>
    (
      await db()
        .insert(orders)
        .values({ orderId: `ORD-V-${++n}`, totalAmountPaise: 100000, updatedAt: OLD, ...values })
        .returning()
    )[0]
  const addContact = async () =>
    (
      await db()
        .insert(contacts)
        .values({ name: 'P', email: `p${++n}@example.in`, subject: `S${n}`, message: 'M', updatedAt: OLD })
        .returning()
    )[0]
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]
  const contactRow = async (id: string) => (await db().select().from(contacts).where(eq(contacts.id, id)))[0]
  const configRow = async (id: string) =>
    (await db().select().from(commissionConfigs).where(eq(commissionConfigs.id, id)))[0]
  const read = async (url: string) => {
    const res = await h.send('GET', url)
    expect(res.status).toBe(200)
    return versionOfEtag(res.etag)
  }

  it('users: PUT /{id} (a group and bank details) and /{id}/status check If-Match', async () => {
    const u = await addUser()
    const v0 = await read(`/api/users/${u.id}`)
    expect(v0).toBe(OLD.toISOString())
    const ok = await h.send('PUT', `/api/users/${u.id}`, { address: { city: 'Pune' } }, { version: v0 })
    expect(ok.status).toBe(200)
    const v1 = versionOfEtag(ok.etag)
    expect(v1).toBe(ok.body.user.updatedAt)
    expect(v1 > v0).toBe(true)

    const byAsha = await h.send(
      'PUT',
      `/api/users/${u.id}/status`,
      { status: 'inactive' },
      { version: v1, who: h.asha },
    )
    expect(byAsha.status).toBe(200)
    const v2 = versionOfEtag(byAsha.etag)
    expect(v2 > v1).toBe(true)
    const before = await userRow(u.id)
    for (const [url, body] of [
      [`/api/users/${u.id}`, { address: { city: 'Mumbai' } }],
      [`/api/users/${u.id}`, { bankDetails: { bankName: 'SBI' } }],
      [`/api/users/${u.id}/status`, { status: 'active' }],
    ] as const) {
      const stale = await h.send('PUT', url, body, { version: v1 })
      expect(stale.status).toBe(409)
      expect(stale.body).toMatchObject({
        code: 'version_conflict',
        message: 'User was changed by Asha Rao since you opened it',
        version: v2,
      })
      // Only Asha's change: the address write that made v1 is not listed.
      expect(stale.body.changes).toEqual([
        {
          actor: { id: h.asha.id, name: 'Asha Rao' },
          at: v2,
          action: 'user.role_change',
          fields: ['isActive'],
          before: expect.objectContaining({ is_active: true }),
          after: expect.objectContaining({ is_active: false }),
        },
      ])
    }
    expect(await userRow(u.id)).toEqual(before)
    const bank = await h.send('PUT', `/api/users/${u.id}`, { bankDetails: { bankName: 'SBI' } }, { version: v2 })
    expect(bank.status).toBe(200)
    expect(versionOfEtag(bank.etag) > v2).toBe(true)
    expect((await h.send('PUT', `/api/users/${u.id}/status`, { status: 'active' })).status).toBe(200)
  })

  it('users: the bulk update leaves a moved user and reports it', async () => {
    const [a, b] = [await addUser(), await addUser()]
    await h.send('PUT', `/api/users/${b.id}`, { address: { city: 'Goa' } }, { who: h.asha })
    const res = await h.send('PUT', '/api/users/bulk-update', {
      userIds: [a.id, b.id],
      action: 'deactivate',
      versions: { [a.id]: OLD.toISOString(), [b.id]: OLD.toISOString() },
    })
    expect(res.body).toMatchObject({
      count: 1,
      message: 'Users deactivated successfully; 1 changed since you loaded it',
      conflicts: [
        { id: b.id, version: (await userRow(b.id)).updatedAt.toISOString(), changedBy: { name: 'Asha Rao' } },
      ],
    })
    expect([(await userRow(a.id)).isActive, (await userRow(b.id)).isActive]).toEqual([false, true])
  })

  it('orders: PUT /{id}/status checks If-Match; the bulk update leaves a moved order', async () => {
    const o = await addOrder()
    const v0 = await read(`/api/orders/${o.id}`)
    const moved = await h.send(
      'PUT',
      `/api/orders/${o.id}/status`,
      { status: 'confirmed', notes: 'ok' },
      { version: v0 },
    )
    expect(moved.status).toBe(200)
    const v1 = versionOfEtag(moved.etag)
    expect(v1).toBe(moved.body.order.updatedAt)
    const stale = await h.send(
      'PUT',
      `/api/orders/${o.id}/status`,
      { status: 'cancelled', notes: 'no' },
      { version: v0 },
    )
    expect(stale).toMatchObject({ status: 409, body: { code: 'version_conflict', version: v1 } })
    expect(stale.body.changes).toMatchObject([
      { action: 'order.status', fields: ['note', 'status'], actor: { id: h.admin.id } },
    ])
    expect((await orderRow(o.id)).status).toBe('confirmed')
    expect((await h.send('PUT', `/api/orders/${o.id}/status`, { status: 'in_progress', notes: '' })).status).toBe(200)

    const [a, b] = [await addOrder(), await addOrder()]
    await h.send('PUT', `/api/orders/${b.id}/status`, { status: 'cancelled', notes: 'x' }, { who: h.asha })
    const bulk = await h.send('PUT', '/api/orders/bulk-update', {
      orderIds: [a.id, b.id],
      action: 'confirm',
      versions: { [a.id]: OLD.toISOString(), [b.id]: OLD.toISOString() },
    })
    expect(bulk.body).toMatchObject({
      updated: 1,
      failed: [],
      conflicts: [{ id: b.id, changedBy: { name: 'Asha Rao' } }],
    })
    expect(bulk.body.message).toMatch(/; 1 changed since you loaded it$/)
    expect([(await orderRow(a.id)).status, (await orderRow(b.id)).status]).toEqual(['confirmed', 'cancelled'])
  })

  it('contacts: PUT /{id} checks If-Match; the bulk update leaves a moved contact', async () => {
    const c = await addContact()
    const v0 = await read(`/api/contacts/${c.id}`)
    const ok = await h.send('PUT', `/api/contacts/${c.id}`, { status: 'read' }, { version: v0 })
    expect(ok.status).toBe(200)
    const v1 = versionOfEtag(ok.etag)
    expect(v1 > v0).toBe(true)
    const stale = await h.send('PUT', `/api/contacts/${c.id}`, { status: 'archived' }, { version: v0 })
    expect(stale).toMatchObject({ status: 409, body: { code: 'version_conflict', version: v1 } })
    expect(stale.body.message).toBe(`Contact was changed by ${h.admin.name} since you opened it`)
    expect(stale.body.changes).toMatchObject([{ action: 'contact.status', fields: ['status'] }])
    expect((await contactRow(c.id)).status).toBe('read')

    const [a, b] = [await addContact(), await addContact()]
    await h.send('PUT', `/api/contacts/${b.id}`, { status: 'archived' }, { who: h.asha })
    const bulk = await h.send('PUT', '/api/contacts/bulk-update', {
      contactIds: [a.id, b.id],
      action: 'mark_replied',
      versions: { [a.id]: OLD.toISOString(), [b.id]: OLD.toISOString() },
    })
    expect(bulk.body).toMatchObject({
      updated: 1,
      message: 'Updated 1 contact; 1 changed since you loaded it',
      conflicts: [{ id: b.id, changedBy: { name: 'Asha Rao' } }],
    })
    expect((await contactRow(b.id)).status).toBe('archived')
  })

  it('every list row carries the version its record answers, so a move from the list is checked', async () => {
    const u = await addUser()
    const o = await addOrder()
    const c = await addContact()
    await h.send('PUT', `/api/orders/${o.id}/status`, { status: 'confirmed', notes: '' }, { who: h.asha })
    for (const [list, key, search, detail] of [
      ['/api/users', 'users', u.email, `/api/users/${u.id}`],
      ['/api/orders', 'orders', o.orderId, `/api/orders/${o.id}`],
      ['/api/contacts', 'contacts', c.email, `/api/contacts/${c.id}`],
    ] as const) {
      const res = await h.send('GET', `${list}?search=${encodeURIComponent(search)}`)
      expect(res.status).toBe(200)
      const rows = res.body[key] as { updatedAt: string }[]
      expect(rows.map((r) => r.updatedAt)).toEqual([await read(detail)])
    }
    const row = (await h.send('GET', `/api/orders?search=${o.orderId}`)).body.orders[0]
    expect(row.updatedAt > OLD.toISOString()).toBe(true)
    const stale = await h.send(
      'PUT',
      `/api/orders/${o.id}/status`,
      { status: 'in_progress', notes: '' },
      { version: OLD.toISOString() },
    )
    expect(stale.body).toMatchObject({
      code: 'version_conflict',
      message: 'Order was changed by Asha Rao since you opened it',
    })
    const fresh = await h.send(
      'PUT',
      `/api/orders/${o.id}/status`,
      { status: 'in_progress', notes: '' },
      { version: row.updatedAt },
    )
    expect(fresh.status).toBe(200)
  })

  it('commission: PUT /configs/default, PUT and DELETE /configs/{id} check If-Match', async () => {
    const created = await h.send('PUT', '/api/commission/configs/default', {})
    expect(created.status).toBe(200)
    const d0 = await read('/api/commission/configs/default')
    expect(versionOfEtag(created.etag)).toBe(d0)
    const d1res = await h.send('PUT', '/api/commission/configs/default', { agentDiscountPercent: 7 }, { version: d0 })
    expect(d1res.status).toBe(200)
    const d1 = versionOfEtag(d1res.etag)
    expect(d1 > d0).toBe(true)
    const stale = await h.send('PUT', '/api/commission/configs/default', { agentDiscountPercent: 9 }, { version: d0 })
    expect(stale).toMatchObject({
      status: 409,
      body: {
        code: 'version_conflict',
        version: d1,
        message: expect.stringMatching(/^Commission configuration was changed by /),
      },
    })
    expect(stale.body.changes).toMatchObject([{ action: 'commission.update', fields: ['agentDiscountPercent'] }])
    expect((await configRow(d1res.body.config._id)).agentDiscountBps).toBe(700)
    // The trigger's audit row of the write that made d1 is not a change since d1 (migration 0037).
    const d2res = await h.send(
      'PUT',
      '/api/commission/configs/default',
      { notes: 'By Asha' },
      { version: d1, who: h.asha },
    )
    const d2 = versionOfEtag(d2res.etag)
    const since = await h.send('PUT', '/api/commission/configs/default', { notes: 'Late' }, { version: d1 })
    expect(since.body).toMatchObject({
      version: d2,
      message: 'Commission configuration was changed by Asha Rao since you opened it',
    })
    expect(since.body.changes).toEqual([
      expect.objectContaining({ actor: { id: h.asha.id, name: 'Asha Rao' }, at: d2, fields: ['notes'] }),
    ])

    const project = (await h.send('POST', '/api/projects/create', { title: 'Configured', description: 'd' })).body
      .project
    const config = await h.send('POST', '/api/commission/configs', { projectId: project._id })
    expect(config.status).toBe(201)
    const c0 = versionOfEtag(config.etag)
    const id = config.body.config._id
    const c1res = await h.send('PUT', `/api/commission/configs/${id}`, { notes: 'Mine' }, { version: c0 })
    const c1 = versionOfEtag(c1res.etag)
    expect(c1 > c0).toBe(true)
    const staleEdit = await h.send('PUT', `/api/commission/configs/${id}`, { notes: 'Late' }, { version: c0 })
    expect(staleEdit).toMatchObject({ status: 409, body: { version: c1, changes: [{ fields: ['notes'] }] } })
    const staleDelete = await h.send('DELETE', `/api/commission/configs/${id}`, undefined, { version: c0 })
    expect(staleDelete.status).toBe(409)
    expect(await configRow(id)).toBeDefined()
    expect((await h.send('DELETE', `/api/commission/configs/${id}`, undefined, { version: c1 })).status).toBe(200)
    expect(await configRow(id)).toBeUndefined()
  })
})
