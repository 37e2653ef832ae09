/**
 * A write to orders announces what it changed (migration 0042) and the orders and payments caches
 * keep what it cannot reach (decision 054, domain/row-changes.ts). Every kept answer is compared
 * with the answer of an app whose caches discard everything at each new version (a TableVersions
 * that does not listen, so it hears no change lists). On PGlite and PostgreSQL, with writes through
 * the app and from another connection (as another server process writes).
 */
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { TableVersions } from '../../server/services/table-versions'
import { eventually, listeningCacheApp } from './cache-helpers'
import { describeEachDatabase } from './harness'
import { ordersHelpers } from './orders-helpers'
import { sessionToken } from './session-token'

describeEachDatabase('what a write to orders reaches', (get) => {
  const h = ordersHelpers(get)
  const cache = listeningCacheApp(get, async (ctx) => sessionToken(ctx, (await h.admin()).id))
  const request = cache.request

  /** The version of orders now, and a wait for the change list of the next one. */
  const nextChanges = async () => {
    cache.versions.invalidate()
    const from = (await cache.versions.current()).orders
    return async () => {
      let changes: ReturnType<TableVersions['changesBetween']>
      await eventually(async () => {
        changes = cache.versions.changesBetween('orders', from, from + 1)
        expect(changes).toBeDefined()
      })
      return changes!
    }
  }

  /** The same request to an app that rebuilds at every new version. */
  const fresh = async (url: string) => {
    const app = createApp({ ...cache.ctx.deps, versions: new TableVersions(cache.ctx.database.db) })
    const res = await app.request(url, { headers: { authorization: `Bearer ${cache.token}` } })
    return res.json()
  }

  it('announces each changed row: inserts, status moves, moved created_at, deletes, search text', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const user = await h.addUser({ name: `Reach ${tag}` })
    const a = await h.addOrder({ createdAt: '2022-01-02T03:04:05.000006Z', userId: user.id })
    const b = await h.addOrder({ createdAt: '2022-01-03T03:04:05.123456Z', status: 'confirmed' })
    cache.versions.invalidate()

    let changes = await nextChanges()
    await cache.outsideWrite(
      `WITH moved AS (UPDATE orders SET status = 'completed' WHERE id = $1 RETURNING id),
        shifted AS (UPDATE orders SET created_at = '2022-02-01T00:00:00Z' WHERE id = $2 RETURNING id)
      INSERT INTO orders (id, order_id, created_at) VALUES (gen_random_uuid(), $3, '2022-03-01T00:00:00.5Z')`,
      [a.id, b.id, `ORD-R-${tag}`],
    )
    // created_at as microseconds since the epoch, from the stored text (a Date keeps only milliseconds).
    const at = (iso: string) =>
      Date.parse(`${iso.slice(0, 19)}Z`) * 1000 + Number(/\.(\d+)Z$/.exec(iso)![1].padEnd(6, '0'))
    expect(await changes()).toEqual(
      expect.arrayContaining([
        {
          id: a.id,
          before: { at: at('2022-01-02T03:04:05.000006Z'), status: 'pending' },
          after: { at: at('2022-01-02T03:04:05.000006Z'), status: 'completed' },
          searchChanged: false,
        },
        { id: b.id, before: { at: at('2022-01-03T03:04:05.123456Z'), status: 'confirmed' }, searchChanged: false },
        { id: b.id, after: { at: at('2022-02-01T00:00:00.000000Z'), status: 'confirmed' }, searchChanged: false },
        {
          id: expect.any(String),
          after: { at: at('2022-03-01T00:00:00.500000Z'), status: 'pending' },
          searchChanged: false,
        },
      ]),
    )

    changes = await nextChanges()
    await cache.outsideWrite('UPDATE users SET name = $1 WHERE id = $2', [`Renamed ${tag}`, user.id])
    expect(await changes()).toEqual([
      {
        id: a.id,
        before: { at: at('2022-01-02T03:04:05.000006Z'), status: 'completed' },
        after: { at: at('2022-01-02T03:04:05.000006Z'), status: 'completed' },
        searchChanged: true,
      },
    ])

    changes = await nextChanges()
    await cache.outsideWrite('DELETE FROM orders WHERE id = $1', [a.id])
    expect(await changes()).toEqual([
      { id: a.id, before: { at: at('2022-01-02T03:04:05.000006Z'), status: 'completed' }, searchChanged: false },
    ])
  })

  it('announces a write of more than 80 rows as reaching everything', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    await cache.outsideWrite(
      `INSERT INTO orders (id, order_id) SELECT gen_random_uuid(), $1 || n FROM generate_series(1, 90) AS n`,
      [`ORD-MANY-${tag}-`],
    )
    cache.versions.invalidate()
    const from = (await cache.versions.current()).orders
    await cache.outsideWrite(`UPDATE orders SET status = 'confirmed' WHERE order_id LIKE $1`, [`ORD-MANY-${tag}-%`])
    // The version arrives (as from any write) but without a list: nothing can be kept across it.
    await eventually(async () => expect((await cache.versions.current()).orders).toBeGreaterThan(from))
    await eventually(async () => expect(cache.versions.changesBetween('orders', from, from + 1)).toBeUndefined())
    await cache.outsideWrite(`UPDATE orders SET status = 'pending' WHERE order_id = $1`, [`ORD-MANY-${tag}-1`])
    await eventually(async () => expect(cache.versions.changesBetween('orders', from + 1, from + 2)).toHaveLength(1))
    expect(cache.versions.changesBetween('orders', from, from + 2)).toBeUndefined()
  })

  it('keeps the pages, totals and stats a status move cannot reach, and rebuilds the rest', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const times = [1, 2, 3, 4, 5, 6].map((d) => `2021-03-0${d}T10:00:00.000001Z`)
    const rows = []
    for (const [i, createdAt] of times.entries()) {
      rows.push(await h.addOrder({ orderId: `ORD-REACH-${tag}-${i}`, createdAt }))
    }
    await h.addPayment({ paymentId: `pay_reach_${tag}`, orderId: rows[5].id })
    cache.versions.invalidate()

    const base = `/api/orders?search=ord-reach-${tag}&limit=2`
    const first = await request('GET', base)
    const second = `${base}&cursor=${first.body.pagination.nextCursor}`
    const third = `${base}&cursor=${(await request('GET', second)).body.pagination.nextCursor}`
    const pending = `${base}&status=pending`
    const payments = `/api/payments?search=pay_reach_${tag}`
    const urls = [base, second, third, pending, '/api/orders/stats', payments]
    for (const url of urls) await request('GET', url)
    for (const url of urls) expect((await request('GET', url)).cache).toBe('hit')
    expect((await request('GET', third)).body.pagination.nextCursor).toBeNull()

    // The oldest order moves from pending to confirmed, through the app.
    let changes = await nextChanges()
    expect((await request('PUT', `/api/orders/${rows[0].id}/status`, { status: 'confirmed' })).status).toBe(200)
    expect(await changes()).toHaveLength(1)
    const after = Object.fromEntries(await Promise.all(urls.map(async (url) => [url, await request('GET', url)])))
    expect(after[base].cache).toBe('hit') // its span is newer than the order, and its total did not move
    expect(after[second].cache).toBe('hit')
    expect(after[payments].cache).toBe('hit') // it shows the order's number only
    expect(after[third].cache).toBe('miss') // the order is on it
    expect(after[third].body.orders.map((o: { status: string }) => o.status)).toEqual(['pending', 'confirmed'])
    expect(after[pending]).toMatchObject({ cache: 'miss', body: { pagination: { total: 5 } } })
    expect(after[`/api/orders/stats`].cache).toBe('miss')
    for (const url of urls) expect(after[url].body).toEqual(await fresh(url))

    // Another connection touches the same order without moving it: only the page showing it changes.
    changes = await nextChanges()
    await cache.outsideWrite('UPDATE orders SET updated_at = now() WHERE id = $1', [rows[0].id])
    expect(await changes()).toHaveLength(1)
    for (const url of urls) {
      const answer = await request('GET', url)
      expect([url, answer.cache]).toEqual([url, url === third ? 'miss' : 'hit'])
      expect(answer.body).toEqual(await fresh(url))
    }

    // A new order matching the search reaches every page of it (the total moves), not the payments.
    changes = await nextChanges()
    await cache.outsideWrite(`INSERT INTO orders (id, order_id) VALUES (gen_random_uuid(), $1)`, [
      `ORD-REACH-${tag}-new`,
    ])
    await changes()
    for (const url of urls) {
      const answer = await request('GET', url)
      expect([url, answer.cache]).toEqual([url, url === payments ? 'hit' : 'miss'])
      expect(answer.body).toEqual(await fresh(url))
    }
  })

  it('rebuilds everything after a version it heard no list for', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const order = await h.addOrder({ orderId: `ORD-GAP-${tag}`, createdAt: '2020-05-05T00:00:00Z' })
    await h.addOrder({ orderId: `ORD-GAP-${tag}-newer` })
    cache.versions.invalidate()
    const url = `/api/orders?search=ord-gap-${tag}&limit=1`
    await request('GET', url)
    expect((await request('GET', url)).cache).toBe('hit')
    // The write's NOTIFY is not heard: the version is read from the database, with no list.
    const quiet = new TableVersions(cache.ctx.database.db)
    const app = createApp({ ...cache.ctx.deps, versions: quiet })
    const call = async () =>
      (await app.request(url, { headers: { authorization: `Bearer ${cache.token}` } })).headers.get('x-cache')
    await call()
    expect(await call()).toBe('hit')
    await h.db().execute(sql`UPDATE orders SET updated_at = now() WHERE id = ${order.id}`)
    quiet.invalidate()
    expect(await call()).toBe('miss')
  })
})
