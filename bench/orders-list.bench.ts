/**
 * Benchmark: the orders and payments screens over 1,000,000 orders at 1 and 32
 * concurrent clients, on PostgreSQL and PGlite. Prints p50/p99 in ms, req/s and cache hits per
 * kind of request, and the time, size and peak RSS of CSV exports. Each run uses its own throwaway
 * database (a random database on the PostgreSQL server at BENCH_PG_URL, dropped afterwards; an
 * in-memory PGlite).
 *
 *   npx tsx bench/orders-list.bench.ts [--orders 1000000] [--requests 2000] [--distinct 120]
 *     [--deep 200] [--exports 10000,100000] [--only postgres|pglite] [--pool N]
 *
 * Data: bench/orders-list-data.ts (the demo seed's 20,000 users and 800 projects, then the orders
 * and their payments by generate_series). Times the whole app in-process (createApp +
 * app.request with a signed access token: auth, routing, validation, queries, JSON), with table
 * versions kept from NOTIFY as `npm start` does, and the server's default pool unless --pool.
 *
 * Rows: "repeated" cycles a fixed set of URLs (what caches can serve); "1 write per 100" makes
 * every 100th request an UPDATE of one order (untimed; the process is told, as after its own
 * writes); "new" gives every request a search never asked before; "deep pages" follows nextCursor
 * `--deep` pages (limit 50) from the first page, one walker per filter (32 different filters at 32
 * clients). Exports: GET /api/orders/export.csv over a date range holding at least N orders,
 * read to the end; RSS of the process sampled every 5 ms during the stream (peak − RSS before).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import v8 from 'node:v8'
import vm from 'node:vm'
import { sql } from 'drizzle-orm'
import { ensureAdmin } from '../server/bootstrap'
import type { Database } from '../server/db/client'
import { rawRows } from '../server/db/sql'
import { createApp, type App } from '../server/app'
import type { AppConfig } from '../server/deps'
import { signAccessToken } from '../server/services/access-token'
import { loadEnv } from '../server/env'
import { TableVersions } from '../server/services/table-versions'
import { BENCH_ADMIN_EMAIL, createBenchDatabase, type DatabaseKind } from './bench-db'
import { percentile } from './measure'
import { insertBenchOrders } from './orders-list-data'

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '2000' },
    distinct: { type: 'string', default: '120' },
    deep: { type: 'string', default: '200' },
    exports: { type: 'string', default: '10000,100000' },
    only: { type: 'string' },
    pool: { type: 'string' },
  },
})
// The generated rows are garbage once written: collected before timing.
v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

const STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled']
const NAME_TERMS = [
  'kumar',
  'sharma',
  'singh',
  'patel',
  'priya',
  'reddy',
  'iyer',
  'nair',
  'gupta',
  'mehta',
  'joshi',
  'rao',
  'verma',
  'khan',
  'arjun',
  'devi',
  'aditi',
  'rahul',
  'pooja',
  'anand',
]
const OTHER_TERMS = [
  'gmail',
  'yahoo.co',
  'outlook',
  'tracker',
  'dashboard',
  'portal',
  'inventory',
  'ord-2025-00',
  'ord-2026-01',
]

/** The repeated views of the two screens: first load, each status, searches of each kind, a date range. */
function repeatedOrderUrls(from: string): string[] {
  return [
    '',
    ...STATUSES.map((s) => `status=${s}`),
    'search=kumar',
    'search=gmail',
    'search=ORD-2026-0012',
    'search=dashboard&status=completed',
    'search=sharma&status=pending',
    `from=${from}`,
    `from=${from}&status=cancelled`,
  ].map((q) => `/api/orders?${q}${q ? '&' : ''}limit=50`)
}
const REPEATED_PAYMENTS = [
  '',
  'status=completed',
  'status=failed',
  'status=pending',
  'search=TXN1',
  'search=pay_ab',
  'search=ORD-2025-00',
  'search=txn&status=completed',
].map((q) => `/api/payments?${q}${q ? '&' : ''}limit=50`)

/** `n` order-list URLs, none repeated: name/e-mail/title terms × status × a second term, then order-number fragments. */
function newOrderUrls(n: number): string[] {
  const urls: string[] = []
  for (const a of [...NAME_TERMS, ...OTHER_TERMS]) {
    for (const s of ['', ...STATUSES])
      urls.push(`/api/orders?search=${encodeURIComponent(a)}${s ? `&status=${s}` : ''}&limit=50`)
  }
  for (let i = 0; urls.length < 2 * n; i++)
    urls.push(`/api/orders?search=ORD-202${5 + (i % 2)}-${String((i * 7_919) % 100_000).padStart(5, '0')}&limit=50`)
  const unique = [...new Set(urls)]
  if (unique.length < 2 * n) throw new Error(`only ${unique.length} distinct order queries for --distinct ${n}`)
  return unique.slice(0, 2 * n)
}

/** `n` payment-list URLs, none repeated: transaction-id / payment-id / order-number fragments × status. */
function newPaymentUrls(n: number): string[] {
  const urls: string[] = []
  for (let i = 0; urls.length < 2 * n; i++) {
    const hex = ((i * 2_654_435_761) >>> 0)
      .toString(16)
      .padStart(8, '0')
      .slice(0, 3 + (i % 2))
    const term = [`TXN${hex.toUpperCase()}`, `pay_${hex}`, `ORD-2025-0${String(i % 10_000).padStart(4, '0')}`][i % 3]
    const s = ['', 'completed', 'failed'][Math.floor(i / 3) % 3]
    urls.push(`/api/payments?search=${term}${s ? `&status=${s}` : ''}&limit=50`)
  }
  return [...new Set(urls)].slice(0, 2 * n)
}

type Result = { p50: number; p99: number; rps: number; hits: string; n: number }

function summary(latencies: number[], hits: number, seconds: number): Result {
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    hits: `${Math.round((100 * hits) / Math.max(1, latencies.length))}%`,
    n: latencies.length,
  }
}

async function get(app: App, authorization: string, url: string) {
  const res = await app.request(url, { headers: { authorization } })
  const body = await res.text()
  if (res.status !== 200) throw new Error(`${url} → ${res.status} ${body.slice(0, 200)}`)
  return { body, hit: res.headers.get('x-cache') === 'hit' }
}

/** `total` requests from `clients` concurrent loops over `urls`; every 100th a write when `write` is given. */
async function run(
  app: App,
  authorization: string,
  clients: number,
  total: number,
  urls: string[],
  write?: (n: number) => Promise<void>,
): Promise<Result> {
  const latencies: number[] = []
  let next = 0
  let hits = 0
  const client = async () => {
    while (next < total) {
      const n = next++
      if (write && n % 100 === 99) {
        await write(n)
        continue
      }
      const started = performance.now()
      const { hit } = await get(app, authorization, urls[n % urls.length])
      latencies.push(performance.now() - started)
      if (hit) hits++
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: clients }, client))
  return summary(latencies, hits, (performance.now() - started) / 1000)
}

/** One walker per filter, `clients` at a time: each follows nextCursor for `pages` pages; every page timed. */
async function deepPages(
  app: App,
  authorization: string,
  filters: string[],
  pages: number,
): Promise<Result & { deepest: number }> {
  const latencies: number[] = []
  let hits = 0
  let deepest = 0
  const walk = async (filter: string) => {
    let cursor = ''
    let page = 0
    for (; page < pages; page++) {
      const url = `/api/orders?${filter}${filter ? '&' : ''}limit=50${cursor ? `&cursor=${cursor}` : ''}`
      const started = performance.now()
      const { body, hit } = await get(app, authorization, url)
      latencies.push(performance.now() - started)
      if (hit) hits++
      const next = (JSON.parse(body) as { pagination: { nextCursor: string | null } }).pagination.nextCursor
      if (!next) break
      cursor = next
    }
    deepest = Math.max(deepest, page)
  }
  const started = performance.now()
  await Promise.all(filters.map(walk))
  return { ...summary(latencies, hits, (performance.now() - started) / 1000), deepest }
}

/** Read a CSV export to the end; time, bytes, data rows and the process's RSS peak above its level before. */
async function exportCsv(app: App, authorization: string, url: string) {
  collectGarbage()
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 5)
  const started = performance.now()
  const res = await app.request(url, { headers: { authorization } })
  if (res.status !== 200 || !res.body) throw new Error(`${url} → ${res.status} ${await res.text()}`)
  let bytes = 0
  let lines = 0
  const reader = res.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++
    peak = Math.max(peak, process.memoryUsage().rss)
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  return { rows: lines - 1, bytes, seconds, rssBefore: before, peakAbove: peak - before }
}

/** The IST calendar day (YYYY-MM-DD) of the `n`-th newest order (else the oldest): `from` that day holds at least n orders. */
async function dayOfNewest(database: Database, n: number): Promise<string> {
  const [row] = await rawRows<{ day: string }>(
    database.db,
    sql`SELECT to_char(min(created_at) AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day
    FROM (SELECT created_at FROM orders ORDER BY created_at DESC LIMIT ${Math.max(1, n)}) AS newest`,
  )
  return row.day
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1)

async function bench(kind: DatabaseKind) {
  const { database, drop } = await createBenchDatabase(kind, {
    prefix: 'bench_orders',
    poolSize: args.pool ? Number(args.pool) : undefined,
  })
  try {
    const count = Number(args.orders)
    const distinct = Number(args.distinct)
    const seeded = performance.now()
    await ensureAdmin(database.db, BENCH_ADMIN_EMAIL)
    await insertBenchOrders(database, count, {
      adminEmail: BENCH_ADMIN_EMAIL,
      dataKey: crypto.createSecretKey(crypto.randomBytes(32)),
      onBatch: (n) => {
        if (n % 200_000 < 50_000) console.log(`  ${kind}: ${n} orders…`)
      },
    })
    const [admin] = await rawRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE lower(email) = ${BENCH_ADMIN_EMAIL}`,
    )
    const [{ o, p }] = await rawRows<{ o: number; p: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM orders) AS o, (SELECT count(*)::int FROM payments) AS p`,
    )
    console.log(`${kind}: ${o} orders, ${p} payments seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
    const versions = new TableVersions(database.db)
    await versions.listen(database)
    const deps: AppConfig = {
      db: database.db,
      env: loadEnv({ SEED: 'none', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-')) }),
      jwtSecret: new Uint8Array(32),
      mailer: { send: async () => {} },
      now: () => new Date(),
      versions,
    }
    const app = createApp(deps)
    const authorization = `Bearer ${await signAccessToken(deps.jwtSecret, admin.id, new Date())}`
    const from = await dayOfNewest(database, 50_000)
    const ORDERS = repeatedOrderUrls(from)
    const STATS = ['/api/orders/stats', '/api/payments/stats']
    await run(app, authorization, 8, 300, [...ORDERS, ...REPEATED_PAYMENTS, ...STATS]) // warm-up
    collectGarbage()
    const rows: string[] = []
    const row = (clients: number, what: string, r: Result) =>
      rows.push(
        `| ${kind} | ${clients} | ${what} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.hits} |`,
      )
    const total = Number(args.requests)
    for (const [what, urls] of [
      ['orders list, repeated (search, status, dates)', ORDERS],
      ['orders + payments stats, repeated', STATS],
      ['payments list, repeated (search, status)', REPEATED_PAYMENTS],
    ] as const) {
      for (const clients of [1, 32]) row(clients, what, await run(app, authorization, clients, total, urls))
    }
    const ids = (
      await rawRows<{ id: string }>(database.db, sql`SELECT id FROM orders ORDER BY random() LIMIT 500`)
    ).map((r) => r.id)
    const write = async (i: number) => {
      await database.db.execute(sql`UPDATE orders SET updated_at = now() WHERE id = ${ids[i % ids.length]}`)
      versions.invalidate() // as the app's own writes do: the next request reads the new version
    }
    for (const clients of [1, 32]) {
      row(
        clients,
        'orders list + stats, 1 write per 100',
        await run(app, authorization, clients, total, [...ORDERS, ...STATS], write),
      )
    }
    const newOrders = newOrderUrls(distinct)
    const newPayments = newPaymentUrls(distinct)
    for (const [i, clients] of [1, 32].entries()) {
      row(
        clients,
        'new: orders search (+ status)',
        await run(app, authorization, clients, distinct, newOrders.slice(i * distinct, (i + 1) * distinct)),
      )
      row(
        clients,
        'new: payments search (+ status)',
        await run(app, authorization, clients, distinct, newPayments.slice(i * distinct, (i + 1) * distinct)),
      )
    }
    const deep = Number(args.deep)
    const filters = ['', ...STATUSES.map((s) => `status=${s}`)]
      .flatMap((f) =>
        ['', `from=${from}`, 'search=kumar', 'search=gmail', 'search=a'].map((g) => [f, g].filter(Boolean).join('&')),
      )
      .slice(0, 32)
    const one = await deepPages(app, authorization, [''], deep)
    row(1, `deep pages: nextCursor ${one.deepest} pages × 50, no filter`, one)
    const many = await deepPages(app, authorization, filters, deep)
    row(32, `deep pages: 32 filters, up to ${deep} pages each (deepest ${many.deepest})`, many)
    const exports: string[] = []
    for (const n of args.exports.split(',').map(Number)) {
      const url = `/api/orders/export.csv?from=${await dayOfNewest(database, n)}`
      const e = await exportCsv(app, authorization, url)
      exports.push(
        `| ${kind} | ${n} | ${e.rows} | ${mb(e.bytes)} | ${e.seconds.toFixed(2)} | ${Math.round(e.rows / e.seconds)} | ${mb(e.rssBefore)} | ${mb(e.peakAbove)} |`,
      )
    }
    await versions.close()
    return { rows, exports }
  } finally {
    await database.close()
    await drop()
  }
}

const kinds = (['postgres', 'pglite'] as const).filter((k) => !args.only || args.only === k)
const table = [
  '| database | clients | requests | p50 ms | p99 ms | req/s | cache hits |',
  '|---|---|---|---|---|---|---|',
]
const exportTable = [
  '| database | at least | rows | MB | s | rows/s | RSS before MB | RSS peak above before MB |',
  '|---|---|---|---|---|---|---|---|',
]
for (const kind of kinds) {
  const { rows, exports } = await bench(kind)
  table.push(...rows)
  exportTable.push(...exports)
}
console.log(`\nCommand: npx tsx bench/orders-list.bench.ts ${process.argv.slice(2).join(' ')}`.trimEnd())
console.log(
  `Date: ${new Date().toISOString()}; ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
console.log(
  `\norders and payments, limit 50, ${args.orders} orders, ${args.requests} repeated / ${args.distinct} new requests per row`,
)
console.log(table.join('\n'))
console.log('\nGET /api/orders/export.csv?from=<day holding at least N orders>, read to the end')
console.log(exportTable.join('\n'))
