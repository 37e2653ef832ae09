/**
 * The orders and payments lists and stats cached per table versions (decision 004,
 * migration 0019, services/versioned-json-cache.ts): a repeated request is a hit with the same
 * body; the process's own writes and writes of another connection (by NOTIFY) are seen at once
 * and exactly, whichever table they touch (orders, payments, users, projects). Runs with a
 * listening TableVersions, as `npm start` does, on PGlite and PostgreSQL. The per-status counts
 * and payment totals of migration 0020 (stats, totals of status-only filters) stay exact through
 * inserts, moves, amount changes and deletes.
 */
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { sessionToken } from './session-token'
import { describeEachDatabase } from './harness'
import { eventually, listeningCacheApp } from './cache-helpers'
import { ordersHelpers } from './orders-helpers'

describeEachDatabase('orders and payments cache', (get) => {
  const h = ordersHelpers(get)
  const cache = listeningCacheApp(get, async (ctx) => sessionToken(ctx, (await h.admin()).id))

  const request = cache.request

  it('bumps the orders and payments versions once per writing transaction', async () => {
    const read = async () =>
      Object.fromEntries(
        (
          (await h.db().execute(sql`SELECT name, version FROM table_versions
      WHERE name IN ('orders', 'payments')`)) as unknown as { rows: { name: string; version: string }[] }
        ).rows.map((r) => [r.name, Number(r.version)]),
      )
    const before = await read()
    await h.db().transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO orders (id, order_id) VALUES (gen_random_uuid(), ${`ORD-V-${h.uniq()}`})`)
      await tx.execute(sql`INSERT INTO orders (id, order_id) VALUES (gen_random_uuid(), ${`ORD-V-${h.uniq()}`})`)
    })
    expect(await read()).toEqual({ orders: before.orders + 1, payments: before.payments })
    await h.addPayment()
    expect(await read()).toEqual({ orders: before.orders + 1, payments: before.payments + 1 })
  })

  it('serves repeated list and stats requests from the cache and reads its own writes exactly', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const order = await h.addOrder({ orderId: `ORD-CACHE-${tag}`, totalAmountPaise: 250_050 })
    cache.versions.invalidate() // the insert above bypassed the app
    const url = `/api/orders?search=ord-cache-${tag}`
    const first = await request('GET', url)
    expect(first).toMatchObject({ status: 200, cache: 'miss' })
    expect(first.body.orders.map((o: { status: string }) => o.status)).toEqual(['pending'])
    const second = await request('GET', url)
    expect(second.cache).toBe('hit')
    expect(second.body).toEqual(first.body)
    const stats = await request('GET', '/api/orders/stats')
    expect(await request('GET', '/api/orders/stats')).toMatchObject({ cache: 'hit', body: stats.body })

    expect((await request('PUT', `/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200)
    const moved = await request('GET', url)
    expect(moved.cache).toBe('miss')
    expect(moved.body.orders[0].status).toBe('confirmed')
    const after = await request('GET', '/api/orders/stats')
    expect(after.body.stats.overview.pendingOrders).toBe(stats.body.stats.overview.pendingOrders - 1)
    expect(after.body.stats.overview.totalOrders).toBe(stats.body.stats.overview.totalOrders)
  })

  it('sees writes of another connection to orders, payments, users and projects', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const user = await h.addUser({ name: `Before ${tag}` })
    const project = await h.addProject({ title: `Title ${tag}` })
    const order = await h.addOrder({ orderId: `ORD-OUT-${tag}`, userId: user.id, projectId: project.id })
    cache.versions.invalidate()
    const url = `/api/orders?search=ord-out-${tag}`
    const paymentsUrl = `/api/payments?search=ord-out-${tag}`
    const orderStats = (await request('GET', '/api/orders/stats')).body.stats.overview
    const paymentStats = (await request('GET', '/api/payments/stats')).body.stats
    expect((await request('GET', url)).body.orders[0]).toMatchObject({ payment: null, user: { name: `Before ${tag}` } })
    expect((await request('GET', paymentsUrl)).body.pagination.total).toBe(0)
    expect((await request('GET', url)).cache).toBe('hit')

    await cache.outsideWrite(
      `INSERT INTO payments (id, payment_id, order_id, amount_paise, method, status, transaction_id)
      VALUES (gen_random_uuid(), $1, $2, 12345, 'UPI', 'completed', 'TXN1')`,
      [`pay_${tag}`, order.id],
    )
    await eventually(async () => {
      expect((await request('GET', url)).body.orders[0].payment).toEqual({ status: 'completed', paymentMethod: 'UPI' })
    })
    expect((await request('GET', paymentsUrl)).body).toMatchObject({
      pagination: { total: 1 },
      payments: [{ amount: 123.45 }],
    })
    expect((await request('GET', '/api/orders/stats')).body.stats.overview.totalRevenue).toBe(
      Math.round((orderStats.totalRevenue + 123.45) * 100) / 100,
    )
    expect((await request('GET', '/api/payments/stats')).body.stats.byStatus.completed.count).toBe(
      paymentStats.byStatus.completed.count + 1,
    )

    await cache.outsideWrite('UPDATE users SET name = $1 WHERE id = $2', [`After ${tag}`, user.id])
    await cache.outsideWrite('UPDATE projects SET category = $1 WHERE id = $2', ['SaaS', project.id])
    await eventually(async () => {
      expect((await request('GET', url)).body.orders[0]).toMatchObject({
        user: { name: `After ${tag}` },
        project: { category: 'SaaS' },
      })
    })
    await cache.outsideWrite(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [order.id])
    await eventually(async () => {
      expect((await request('GET', `${url}&status=cancelled`)).body.pagination.total).toBe(1)
      expect((await request('GET', paymentsUrl)).body.payments[0].orderId).toBe(`ORD-OUT-${tag}`)
    })
  })

  it('keeps the per-status counts and payment totals of migration 0020 exact', async () => {
    const exact = async () => {
      const rows = async (q: ReturnType<typeof sql>) =>
        ((await h.db().execute(q)) as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r).map(String).join(':'))
          .sort()
      expect(await rows(sql`SELECT status, n FROM order_status_counts WHERE n <> 0`)).toEqual(
        await rows(sql`SELECT status, count(*) FROM orders GROUP BY 1`),
      )
      expect(await rows(sql`SELECT status, n, amount_paise FROM payment_status_totals WHERE n <> 0`)).toEqual(
        await rows(sql`SELECT status, count(*), sum(amount_paise) FROM payments GROUP BY 1`),
      )
      const stats = (await request('GET', '/api/orders/stats')).body.stats.overview
      const [direct] = (
        (await h.db().execute(sql`SELECT count(*)::int AS total,
        count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'completed')::int AS completed,
        (SELECT coalesce(sum(amount_paise), 0)::bigint::text FROM payments WHERE status = 'completed') AS paise FROM orders`)) as unknown as {
          rows: { total: number; pending: number; completed: number; paise: string }[]
        }
      ).rows
      expect(stats).toEqual({
        totalOrders: direct.total,
        pendingOrders: direct.pending,
        completedOrders: direct.completed,
        totalRevenue: Number(direct.paise) / 100,
      })
      for (const status of ['', 'pending', 'completed', 'cancelled']) {
        const listed = (await request('GET', `/api/orders?status=${status}&limit=1`)).body.pagination.total
        const [n] = (
          (await h
            .db()
            .execute(
              sql`SELECT count(*)::int AS n FROM orders WHERE ${status} = '' OR status::text = ${status}`,
            )) as unknown as { rows: { n: number }[] }
        ).rows
        expect(listed).toBe(n.n)
      }
      const paid = (await request('GET', '/api/payments?status=completed&limit=1')).body.pagination.total
      expect(paid).toBe((await request('GET', '/api/payments/stats')).body.stats.byStatus.completed.count)
    }
    const a = await h.addOrder({ status: 'pending' })
    const b = await h.addOrder({ status: 'completed' })
    const pay = await h.addPayment({ orderId: b.id, status: 'completed', amountPaise: 999_99 })
    await h.addPayment({ orderId: a.id, status: 'pending', amountPaise: 500_00 })
    cache.versions.invalidate()
    await exact()
    expect((await request('PUT', `/api/orders/${a.id}/status`, { status: 'cancelled' })).status).toBe(200)
    await exact()
    await cache.outsideWrite('UPDATE payments SET amount_paise = amount_paise + 1 WHERE id = $1', [pay.id])
    await cache.outsideWrite(`UPDATE payments SET status = 'refunded' WHERE order_id = $1`, [a.id])
    await cache.outsideWrite('UPDATE orders SET updated_at = now() WHERE id = $1', [b.id])
    cache.versions.invalidate()
    await exact()
    await cache.outsideWrite('DELETE FROM orders WHERE id = $1', [a.id])
    await cache.outsideWrite('DELETE FROM payments WHERE id = $1', [pay.id])
    cache.versions.invalidate()
    await exact()
  })

  it('keeps the total of a filter across the pages of a walk, and counts again after a write', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    for (let i = 0; i < 3; i++) await h.addOrder({ orderId: `ORD-WALK-${tag}-${i}` })
    await h.addPayment({ paymentId: `pay_walk_${tag}_a` })
    await h.addPayment({ paymentId: `pay_walk_${tag}_b` })
    cache.versions.invalidate()
    for (const [base, rows] of [
      [`/api/orders?search=ord-walk-${tag}&limit=2`, 'orders'],
      [`/api/payments?search=pay_walk_${tag}&limit=1`, 'payments'],
    ] as const) {
      const first = await request('GET', base)
      const total = first.body.pagination.total
      const second = await request('GET', `${base}&cursor=${first.body.pagination.nextCursor}`)
      expect(second.body.pagination.total).toBe(total)
      if (rows === 'orders')
        await cache.outsideWrite('INSERT INTO orders (id, order_id) VALUES (gen_random_uuid(), $1)', [
          `ORD-WALK-${tag}-9`,
        ])
      else
        await cache.outsideWrite(
          `INSERT INTO payments (id, payment_id, method) VALUES (gen_random_uuid(), $1, 'UPI')`,
          [`pay_walk_${tag}_c`],
        )
      cache.versions.invalidate()
      const again = await request('GET', `${base}&cursor=${first.body.pagination.nextCursor}`)
      expect(again).toMatchObject({ cache: 'miss', body: { pagination: { total: total + 1 } } })
    }
  })
})
