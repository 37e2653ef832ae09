/**
 * GET /api/payments (search paymentId, order number, transactionId; status incl. refunded; keyset),
 * GET /api/payments/{id} with its order, the CSV exports of a filtered view parsed back and
 * compared with the list API, and the signed export links (valid, expired, tampered).
 */
import crypto from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { orders } from '../../server/db/schema'
import { SIGNED_URL_TTL_MS } from '../../server/services/signed-url'
import { describeEachDatabase } from './harness'
import { ordersHelpers } from './orders-helpers'

describeEachDatabase('payments and exports', (get) => {
  const h = ordersHelpers(get)
  const raw = async (path: string, withToken = true) =>
    get().app.request(path, { headers: withToken ? { authorization: `Bearer ${await h.token()}` } : {} })

  it('searches payments by paymentId, order number and transactionId, filters status, pages by cursor', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const order = await h.addOrder({ orderId: `ORD-PAY-${tag}` })
    const p1 = await h.addPayment({
      paymentId: `pay_${tag}_One`,
      orderId: order.id,
      status: 'completed',
      transactionId: `TXN-${tag}-A`,
    })
    const p2 = await h.addPayment({
      paymentId: `pay_${tag}_two`,
      status: 'refunded',
      transactionId: `TXN-${tag}-B`,
      amountPaise: 12345,
    })
    const ids = (res: { body: { payments: { _id: string }[] } }) => res.body.payments.map((p) => p._id)
    const list = (q: Record<string, string>) => h.get(`/api/payments?${new URLSearchParams(q)}`)
    expect(ids(await list({ search: `PAY_${tag}_ONE` }))).toEqual([p1.id])
    expect(ids(await list({ search: `ord-pay-${tag}` }))).toEqual([p1.id])
    expect(ids(await list({ search: `txn-${tag}-b` }))).toEqual([p2.id])
    expect(ids(await list({ search: tag, status: 'refunded' }))).toEqual([p2.id])
    const one = (await list({ search: `txn-${tag}-b` })).body.payments[0]
    expect(one).toMatchObject({ status: 'refunded', amount: 123.45, orderId: null, order: null })
    const page1 = await list({ search: tag, limit: '1' })
    expect(page1.body.pagination).toMatchObject({ total: 2 })
    const page2 = await list({ search: tag, limit: '1', cursor: page1.body.pagination.nextCursor })
    expect(page2.body.pagination.nextCursor).toBeNull()
    expect([...ids(page1), ...ids(page2)].sort()).toEqual([p1.id, p2.id].sort())
    expect((await list({ cursor: 'zz' })).status).toBe(400)
    // The order's number is searchable after a renumbering, and not after the order is deleted.
    await h
      .db()
      .update(orders)
      .set({ orderId: `ORD-RENUM-${tag}` })
      .where(eq(orders.id, order.id))
    expect(ids(await list({ search: `ord-renum-${tag}` }))).toEqual([p1.id])
    expect(ids(await list({ search: `ord-pay-${tag}` }))).toEqual([])
    const detail = await h.get(`/api/payments/${p1.id}`)
    expect(detail.body).toMatchObject({
      payment: { _id: p1.id, orderId: `ORD-RENUM-${tag}`, order: { _id: order.id } },
      order: { _id: order.id, orderId: `ORD-RENUM-${tag}`, payment: { status: 'completed' } },
    })
    await h.db().delete(orders).where(eq(orders.id, order.id))
    expect(ids(await list({ search: `ord-renum-${tag}` }))).toEqual([])
    expect((await h.get(`/api/payments/${p1.id}`)).body).toMatchObject({
      payment: { orderId: null, order: null },
      order: null,
    })
    expect((await h.get(`/api/payments/${crypto.randomUUID()}`)).status).toBe(404)
  })

  it('exports the filtered orders as CSV equal to the list API rows', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const user = await h.addUser({ name: `Ravi "Q", ${tag}`, email: `ravi.${tag}@example.in` })
    for (let i = 0; i < 6; i++) {
      const o = await h.addOrder({
        orderId: `CSV-${tag}-${i}`,
        userId: user.id,
        totalAmountPaise: 1000 * i + 5,
        status: i % 2 ? 'confirmed' : 'pending',
      })
      if (i === 1) await h.addPayment({ orderId: o.id, status: 'completed', method: 'Card' })
    }
    const res = await raw(`/api/orders/export.csv?search=${tag}&status=confirmed`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/)
    const records = parse(await res.text(), { columns: true }) as Record<string, string>[]
    const api = (await h.get(`/api/orders?search=${tag}&status=confirmed&limit=200`)).body.orders
    expect(records).toHaveLength(3)
    expect(records).toEqual(
      api.map((o: any) => ({
        'Order number': o.orderId,
        'Record id': o._id,
        Date: o.createdAt,
        Customer: o.user.name,
        'E-mail': o.user.email,
        Project: '',
        Category: '',
        'Amount (INR)': o.totalAmount.toFixed(2),
        Status: o.status,
        'Payment status': o.payment?.status ?? '',
        'Payment method': o.payment?.paymentMethod ?? '',
      })),
    )
    expect(records.some((r) => r['Payment method'] === 'Card')).toBe(true)
    expect((await raw('/api/orders/export.csv', false)).status).toBe(401)
  })

  it('neutralises spreadsheet formulas in free-text cells', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const user = await h.addUser({ name: '=HYPERLINK("http://x")', email: `f.${tag}@example.in` })
    await h.addOrder({ orderId: `FX-${tag}`, userId: user.id })
    const res = await raw(`/api/orders/export.csv?search=FX-${tag}`)
    const [record] = parse(await res.text(), { columns: true }) as Record<string, string>[]
    expect(record.Customer).toBe(`'=HYPERLINK("http://x")`)
  })

  it('exports payments as CSV, more rows than one batch', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    const values = Array.from({ length: 2105 }, (_, i) => ({
      paymentId: `pay_${tag}_${i}`,
      method: 'UPI',
      amountPaise: i,
      status: 'completed' as const,
    }))
    await h
      .db()
      .insert((await import('../../server/db/schema')).payments)
      .values(values)
    const res = await raw(`/api/payments/export.csv?search=pay_${tag}_`)
    const records = parse(await res.text(), { columns: true }) as Record<string, string>[]
    expect(records).toHaveLength(2105)
    expect(new Set(records.map((r) => r['Payment id'])).size).toBe(2105)
    expect(records.find((r) => r['Payment id'] === `pay_${tag}_7`)).toMatchObject({
      'Amount (INR)': '0.07',
      Status: 'completed',
    })
  })

  it('serves a signed export link without a token, refuses it tampered or expired', async () => {
    const tag = h.uniq().replace(/\W/g, '')
    await h.addOrder({ orderId: `LNK-${tag}-1` })
    await h.addOrder({ orderId: `LNK-${tag}-2`, status: 'cancelled' })
    const link = await h.get(`/api/orders/export-link?search=LNK-${tag}&status=pending`)
    expect(link.status).toBe(200)
    const url = new URL(link.body.downloadUrl)
    const ok = await raw(url.pathname + url.search, false)
    expect(ok.status).toBe(200)
    const rows = parse(await ok.text(), { columns: true }) as Record<string, string>[]
    expect(rows.map((r) => r['Order number'])).toEqual([`LNK-${tag}-1`])
    // Another filter in the path (the token) breaks the signature.
    const other = Buffer.from(JSON.stringify({ search: `LNK-${tag}` })).toString('base64url')
    const tampered = url.pathname.replace(/[^/]+$/, other) + url.search
    expect((await raw(tampered, false)).status).toBe(403)
    // A changed signature (its first character swapped for another: a fixed 'A' was a no-op 1 time in 64).
    const badSig = url.search.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`)
    expect(badSig).not.toBe(url.search)
    expect((await raw(url.pathname + badSig, false)).status).toBe(403)
    expect((await raw(url.pathname, false)).status).toBe(403)
    const pay = await h.get('/api/payments/export-link?status=refunded')
    const payUrl = new URL(pay.body.downloadUrl)
    const payCsv = await raw(payUrl.pathname + payUrl.search, false)
    expect(payCsv.status).toBe(200)
    expect((await payCsv.text()).split('\n')[0]).toBe(
      'Payment id,Order number,Amount (INR),Method,Status,Transaction id,Date',
    )
    get().advance(SIGNED_URL_TTL_MS + 2000)
    expect((await raw(url.pathname + url.search, false)).status).toBe(403)
  })
})
