/**
 * GET /api/orders and /api/orders/stats: search (order number, record id, customer name
 * and e-mail, project title; case-insensitive; % and _ literal), status, the IST date range at day
 * boundaries, keyset pages that neither skip nor repeat rows while orders arrive (identical
 * created_at included), a bad cursor, the payment-of-an-order rule, rupees from paise, exact stats.
 */
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { FILTERED_TOTAL_CAP } from '../../src/api/schemas/orders'
import { projects, users } from '../../server/db/schema'
import { describeEachDatabase } from './harness'
import { ordersHelpers } from './orders-helpers'

type Row = { _id: string; orderId: string }

describeEachDatabase('orders list', (get) => {
  const h = ordersHelpers(get)
  const list = async (query: Record<string, string>) => h.get(`/api/orders?${new URLSearchParams(query)}`)
  const ids = (res: { body: { orders: Row[] } }) => res.body.orders.map((o) => o._id)

  it('searches order number, record id, customer name and e-mail, project title, case-insensitively', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const user = await h.addUser({ name: `Asha Menon${tag}`, email: `asha.${tag}@Example.in` })
    const project = await h.addProject({ title: `Inventory Tracker ${tag}`, category: 'Web Development' })
    const a = await h.addOrder({ orderId: `ORD-2026-A${tag}`, userId: user.id })
    const b = await h.addOrder({ orderId: `ORD-2026-B${tag}`, projectId: project.id })
    const other = await h.addOrder({ orderId: `ORD-2026-C${tag}` })
    expect(ids(await list({ search: `ord-2026-a${tag}` }))).toEqual([a.id])
    expect(ids(await list({ search: `MENON${tag.toUpperCase()}` }))).toEqual([a.id])
    expect(ids(await list({ search: `ASHA.${tag}@example` }))).toEqual([a.id])
    expect(ids(await list({ search: `inventory tracker ${tag}` }))).toEqual([b.id])
    expect(ids(await list({ search: other.id.slice(-12).toUpperCase() }))).toEqual([other.id])
    const res = await list({ search: tag })
    expect(res.body.pagination.total).toBe(3)
    expect(res.body.orders.find((o: Row) => o._id === a.id)).toMatchObject({
      user: { _id: user.id, name: user.name, email: user.email },
      project: null,
    })
    expect(res.body.orders.find((o: Row) => o._id === b.id)).toMatchObject({
      user: null,
      project: { _id: project.id, title: project.title, category: 'Web Development' },
    })
  })

  it(`counts a search up to ${FILTERED_TOTAL_CAP} and says when more match; a narrower one and the totals kept by triggers are exact`, async () => {
    const tag = h.uniq().replace(/\W/g, '').toUpperCase()
    await h.db().execute(sql`
      INSERT INTO orders (id, order_id, total_amount_paise, status)
      SELECT gen_random_uuid(), 'ORD-CAP-' || ${tag} || '-' || i, 100000, 'pending'
      FROM generate_series(1, ${FILTERED_TOTAL_CAP + 2}) AS i`)
    const broad = await list({ search: `cap-${tag}-` })
    expect(broad.status).toBe(200)
    expect(broad.body.pagination).toMatchObject({ total: FILTERED_TOTAL_CAP, totalCapped: true })
    expect(broad.body.pagination.nextCursor).toEqual(expect.any(String))
    // A narrower search under the cap is exact: 'ORD-CAP-…-1' prefixes -1, -10…-19, -100…-199, …
    const narrow = await list({ search: `cap-${tag}-1` })
    const startingWithOne = Array.from({ length: FILTERED_TOTAL_CAP + 2 }, (_, i) => String(i + 1)).filter((n) =>
      n.startsWith('1'),
    ).length
    expect(startingWithOne).toBeLessThan(FILTERED_TOTAL_CAP)
    expect(narrow.body.pagination.total).toBe(startingWithOne)
    expect(narrow.body.pagination).not.toHaveProperty('totalCapped')
    const one = await list({ search: `cap-${tag}-${FILTERED_TOTAL_CAP + 2}` })
    expect(ids(one)).toHaveLength(1)
    expect(one.body.pagination).toEqual({ nextCursor: null, total: 1 })
    // Totals kept by triggers are exact at any size: no filter, a status, and of payments alike.
    const exact = async (q: ReturnType<typeof sql>) =>
      Number(((await h.db().execute(q)) as unknown as { rows: { n: string }[] }).rows[0].n)
    const all = await list({})
    expect(all.body.pagination).toEqual({
      nextCursor: expect.any(String),
      total: await exact(sql`SELECT count(*) AS n FROM orders`),
    })
    expect(all.body.pagination.total).toBeGreaterThan(FILTERED_TOTAL_CAP)
    expect((await list({ status: 'pending' })).body.pagination).toEqual({
      nextCursor: expect.any(String),
      total: await exact(sql`SELECT count(*) AS n FROM orders WHERE status = 'pending'`),
    })
    await h.db().execute(sql`
      INSERT INTO payments (id, payment_id, method, status)
      SELECT gen_random_uuid(), 'pay_cap_' || ${tag} || '_' || i, 'UPI', 'completed'
      FROM generate_series(1, ${FILTERED_TOTAL_CAP + 2}) AS i`)
    const payments = await h.get('/api/payments?status=completed')
    expect(payments.body.pagination).toEqual({
      nextCursor: expect.any(String),
      total: await exact(sql`SELECT count(*) AS n FROM payments WHERE status = 'completed'`),
    })
    expect((await h.get(`/api/payments?search=pay_cap_${tag.toLowerCase()}_`)).body.pagination).toMatchObject({
      total: FILTERED_TOTAL_CAP,
      totalCapped: true,
    })
  })

  it('finds orders by the new customer name, e-mail and project title after a rename, and not after a delete', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const user = await h.addUser({ name: `Old Name ${tag}` })
    const project = await h.addProject({ title: `Old Title ${tag}` })
    const order = await h.addOrder({ userId: user.id, projectId: project.id })
    await h
      .db()
      .update(users)
      .set({ name: `Kavya Rao ${tag}`, email: `kavya.${tag}@example.in` })
      .where(eq(users.id, user.id))
    await h
      .db()
      .update(projects)
      .set({ title: `Fresh Title ${tag}` })
      .where(eq(projects.id, project.id))
    expect(ids(await list({ search: `kavya rao ${tag}` }))).toEqual([order.id])
    expect(ids(await list({ search: `kavya.${tag}@` }))).toEqual([order.id])
    expect(ids(await list({ search: `fresh title ${tag}` }))).toEqual([order.id])
    expect(ids(await list({ search: `old name ${tag}` }))).toEqual([])
    expect(ids(await list({ search: `old title ${tag}` }))).toEqual([])
    await h.db().delete(users).where(eq(users.id, user.id))
    expect(ids(await list({ search: `kavya rao ${tag}` }))).toEqual([])
    expect((await list({ search: `fresh title ${tag}` })).body.orders[0]).toMatchObject({ _id: order.id, user: null })
  })

  it('treats % and _ in a search literally', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const pct = await h.addOrder({ orderId: `ORD-${tag}-50%off` })
    const under = await h.addOrder({ orderId: `ORD-${tag}-a_b` })
    await h.addOrder({ orderId: `ORD-${tag}-50xoff` })
    await h.addOrder({ orderId: `ORD-${tag}-axb` })
    expect(ids(await list({ search: `${tag}-50%off` }))).toEqual([pct.id])
    expect(ids(await list({ search: `${tag}-a_b` }))).toEqual([under.id])
    expect((await list({ search: `${tag}%` })).body.orders).toEqual([])
  })

  it('filters by status and by calendar days in India, both ends inclusive', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    // 2026-03-10 00:00 IST = 2026-03-09T18:30Z; 2026-03-11 00:00 IST = 2026-03-10T18:30Z.
    const before = await h.addOrder({ orderId: `D-${tag}-1`, createdAt: '2026-03-09T18:29:59.999999Z' })
    const first = await h.addOrder({ orderId: `D-${tag}-2`, createdAt: '2026-03-09T18:30:00.000000Z' })
    const last = await h.addOrder({
      orderId: `D-${tag}-3`,
      createdAt: '2026-03-10T18:29:59.999999Z',
      status: 'confirmed',
    })
    const after = await h.addOrder({ orderId: `D-${tag}-4`, createdAt: '2026-03-10T18:30:00.000000Z' })
    expect(ids(await list({ search: `D-${tag}`, from: '2026-03-10', to: '2026-03-10' }))).toEqual([last.id, first.id])
    expect(ids(await list({ search: `D-${tag}`, from: '2026-03-11' }))).toEqual([after.id])
    expect(ids(await list({ search: `D-${tag}`, to: '2026-03-09' }))).toEqual([before.id])
    expect(ids(await list({ search: `D-${tag}`, status: 'confirmed' }))).toEqual([last.id])
    expect((await list({ from: '2026-03-11', to: '2026-03-10' })).status).toBe(400)
    expect((await list({ from: '2026-02-30' })).status).toBe(400)
    expect((await list({ to: '0000-01-01' })).status).toBe(400)
    expect((await h.get('/api/orders/export.csv?from=0000-01-01')).status).toBe(400)
  })

  it('pages by cursor without skipping or repeating rows while orders arrive, identical created_at included', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const made: string[] = []
    for (let i = 0; i < 7; i++)
      made.push((await h.addOrder({ orderId: `K-${tag}-${i}`, createdAt: '2026-05-01T10:00:00.123456Z' })).id)
    for (let i = 7; i < 12; i++) {
      made.push((await h.addOrder({ orderId: `K-${tag}-${i}`, createdAt: `2026-05-01T10:00:00.12345${i - 7}Z` })).id)
    }
    const seen: string[] = []
    let cursor = ''
    let pages = 0
    do {
      const res = await list({ search: `K-${tag}`, limit: '5', ...(cursor ? { cursor } : {}) })
      expect(res.status).toBe(200)
      expect(res.body.pagination.total).toBe(12 + pages)
      seen.push(...ids(res))
      cursor = res.body.pagination.nextCursor ?? ''
      // A newer order arrives between page fetches: it must not shift the next page.
      await h.addOrder({ orderId: `K-${tag}-new${pages}`, createdAt: '2026-06-01T00:00:00Z' })
      pages += 1
    } while (cursor)
    expect(new Set(seen).size).toBe(seen.length)
    expect([...seen].sort()).toEqual([...made].sort())
    expect(pages).toBe(3)
    // Among identical created_at, id descending.
    const ties = seen.filter((id) => made.indexOf(id) < 7)
    expect(ties).toEqual([...ties].sort().reverse())
  })

  it('answers 400 Invalid cursor for a cursor it did not make (and accepts a well-formed one)', async () => {
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
    const made = (text: string) => Buffer.from(text).toString('base64url')
    for (const cursor of [
      'abc',
      made('2026-01-01|x'),
      'a'.repeat(201),
      'a.b',
      made(`2026-02-30T00:00:00.000000Z|${id}`),
      made(`0000-01-01T00:00:00.000000Z|${id}`),
      made(`2026-01-01T00:00:00.000000Z|${id}|x`),
      made(`2026-01-01T00:00:00Z|${id}`),
    ]) {
      const res = await list({ cursor })
      expect(res.status, cursor).toBe(400)
      expect(JSON.stringify(res.body)).toContain('Invalid cursor')
    }
    expect((await list({ cursor: made(`2026-02-28T23:59:59.999999Z|${id}`) })).status).toBe(200)
  })

  it('gives each order its latest completed payment, else its latest attempt, and amounts in rupees', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const paid = await h.addOrder({ orderId: `P-${tag}-1`, totalAmountPaise: 49999 })
    await h.addPayment({ orderId: paid.id, status: 'completed', method: 'Card', createdAt: '2026-01-01T00:00:00Z' })
    await h.addPayment({ orderId: paid.id, status: 'failed', method: 'UPI', createdAt: '2026-01-02T00:00:00Z' })
    const tried = await h.addOrder({ orderId: `P-${tag}-2`, totalAmountPaise: 10 })
    await h.addPayment({ orderId: tried.id, status: 'failed', method: 'UPI', createdAt: '2026-01-01T00:00:00Z' })
    await h.addPayment({ orderId: tried.id, status: 'pending', method: 'Wallet', createdAt: '2026-01-03T00:00:00Z' })
    const none = await h.addOrder({ orderId: `P-${tag}-3`, totalAmountPaise: 0 })
    const res = await list({ search: `P-${tag}` })
    const byId = new Map(res.body.orders.map((o: Row) => [o._id, o]))
    expect(byId.get(paid.id)).toMatchObject({
      totalAmount: 499.99,
      payment: { status: 'completed', paymentMethod: 'Card' },
    })
    expect(byId.get(tried.id)).toMatchObject({
      totalAmount: 0.1,
      payment: { status: 'pending', paymentMethod: 'Wallet' },
    })
    expect(byId.get(none.id)).toMatchObject({ totalAmount: 0, payment: null })
    const detail = await h.get(`/api/orders/${paid.id}`)
    expect(detail.body.order.payments.map((p: { status: string; amount: number }) => p.status)).toEqual([
      'failed',
      'completed',
    ])
    expect(detail.body.order.payments[0].amount).toBe(1000)
  })
})

describeEachDatabase('order stats', (get) => {
  const h = ordersHelpers(get)
  it('counts orders and sums completed payments exactly (0.10 + 0.20 = 0.30 rupees)', async () => {
    const o1 = await h.addOrder()
    await h.addOrder({ status: 'completed' })
    await h.addOrder({ status: 'cancelled' })
    await h.addPayment({ orderId: o1.id, status: 'completed', amountPaise: 10 })
    await h.addPayment({ orderId: o1.id, status: 'completed', amountPaise: 20 })
    await h.addPayment({ orderId: o1.id, status: 'failed', amountPaise: 99999 })
    await h.addPayment({ orderId: null, status: 'completed', amountPaise: 9_007_199_254_700 })
    const res = await h.get('/api/orders/stats')
    expect(res.body.stats.overview).toEqual({
      totalOrders: 3,
      pendingOrders: 1,
      completedOrders: 1,
      totalRevenue: 90_071_992_547.3,
    })
    const pay = await h.get('/api/payments/stats')
    expect(pay.body.stats.byStatus.failed).toEqual({ count: 1, amount: 999.99 })
    expect(pay.body.stats.byStatus.refunded).toEqual({ count: 0, amount: 0 })
    expect(pay.body.stats.total).toEqual({ count: 4, amount: 90_071_993_547.29 })
  })
})
