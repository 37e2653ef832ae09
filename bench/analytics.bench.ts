/**
 * Benchmark: GET /api/admin/analytics?period=30d|90d|12m over 1,000,000 orders on
 * PostgreSQL (and PGlite), p50/p99 at 1 and 8 concurrent clients, repeated (served from the cache
 * of the table versions, decision 004) and cold (every request after a write that invalidates the
 * figures). Each run has its own throwaway database (a random database on the PostgreSQL server at
 * BENCH_PG_URL, dropped afterwards; an in-memory PGlite).
 *
 *   npx tsx bench/analytics.bench.ts [--orders 1000000] [--requests 2000] [--cold 10]
 *     [--only postgres|pglite] [--pool N] [--explain]
 *
 * Data: bench/orders-list-data.ts (the demo seed's 20,000 users and 800 projects, then the orders
 * spread evenly over the last two years with their payments: ~75 % of old orders completed), then
 * VACUUM ANALYZE. Through createApp + app.request with a signed access token, table versions kept
 * from NOTIFY as `npm start` does, the real clock. Rows: each period alone, repeated at 1 and 8
 * clients; 8 clients cycling through the three periods (the screen's period switch); cold rounds:
 * before each timed round an UPDATE of one order or one payment (alternating; untimed; the process
 * is told, as after its own writes), then one request (1 client) or 8 at once (the concurrent
 * misses share one build). `--explain` prints the PostgreSQL plan of every statement of a build.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import v8 from 'node:v8'
import vm from 'node:vm'
import { sql } from 'drizzle-orm'
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../src/api/schemas/analytics'
import { createApp } from '../server/app'
import { ensureAdmin } from '../server/bootstrap'
import type { Database } from '../server/db/client'
import { analyticsAggregates } from '../server/db/queries/analytics.queries'
import { rawRows } from '../server/db/sql'
import type { AppConfig } from '../server/deps'
import { analyticsBounds, toAnalytics } from '../server/domain/analytics'
import { loadEnv } from '../server/env'
import { signAccessToken } from '../server/services/access-token'
import { TableVersions } from '../server/services/table-versions'
import { BENCH_ADMIN_EMAIL, createBenchDatabase, type DatabaseKind } from './bench-db'
import { cold, repeated, type CachedResult } from './cached-requests'
import { insertBenchOrders } from './orders-list-data'

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '2000' },
    cold: { type: 'string', default: '10' },
    only: { type: 'string' },
    pool: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
})
v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

const url = (period: AnalyticsPeriod) => `/api/admin/analytics?period=${period}`
/** The plan of every statement one build of `period` runs (statements recorded from the pool). */
async function explain(database: Database, period: AnalyticsPeriod): Promise<void> {
  const pool = database.pool!
  const seen: { text: string; values: unknown[] }[] = []
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>
  const recording = (config: unknown, values?: unknown) => {
    const c = config as { text?: string; values?: unknown[] }
    if (c?.text) seen.push({ text: c.text, values: c.values ?? (values as unknown[] | undefined) ?? [] })
    return query(config, values)
  }
  Object.assign(pool, { query: recording })
  await analyticsAggregates(database.db, analyticsBounds(period, new Date()))
  Object.assign(pool, { query })
  for (const statement of seen) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      statement.values,
    )
    console.log(
      `\n${period}: ${statement.text.replace(/\s+/g, ' ').slice(0, 100)}…\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`,
    )
  }
}

async function bench(kind: DatabaseKind) {
  const { database, drop } = await createBenchDatabase(kind, {
    prefix: 'bench_analytics',
    poolSize: args.pool ? Number(args.pool) : undefined,
  })
  try {
    const seeded = performance.now()
    await ensureAdmin(database.db, BENCH_ADMIN_EMAIL)
    await insertBenchOrders(database, Number(args.orders), {
      adminEmail: BENCH_ADMIN_EMAIL,
      dataKey: crypto.createSecretKey(crypto.randomBytes(32)),
      onBatch: (n) => {
        if (n % 200_000 < 50_000) console.log(`  ${kind}: ${n} orders…`)
      },
    })
    const [counts] = await rawRows<{ orders: number; payments: number; completed: number }>(
      database.db,
      sql`SELECT
      (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM payments) AS payments,
      (SELECT count(*)::int FROM orders WHERE status = 'completed') AS completed`,
    )
    console.log(
      `${kind}: ${counts.orders} orders (${counts.completed} completed), ${counts.payments} payments; seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    )
    const [admin] = await rawRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE lower(email) = ${BENCH_ADMIN_EMAIL}`,
    )
    const versions = new TableVersions(database.db)
    await versions.listen(database)
    const deps: AppConfig = {
      db: database.db,
      env: loadEnv({ SEED: 'none', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-')) }),
      jwtSecret: new Uint8Array(32),
      mailer: { send: async () => {} },
      now: () => new Date(),
      versions,
    }
    const app = createApp(deps)
    const authorization = `Bearer ${await signAccessToken(deps.jwtSecret, admin.id, new Date())}`

    // One build per period alone (statements + shaping), best and worst of three.
    for (const period of ANALYTICS_PERIODS) {
      const times: number[] = []
      for (let i = 0; i < 3; i++) {
        const started = performance.now()
        const bounds = analyticsBounds(period, new Date())
        toAnalytics(bounds, await analyticsAggregates(database.db, bounds))
        times.push(performance.now() - started)
      }
      console.log(
        `${kind}: one build of ${period}: ${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)} ms`,
      )
    }
    if (args.explain && kind === 'postgres') for (const period of ANALYTICS_PERIODS) await explain(database, period)

    const ids = await rawRows<{ o: string; p: string }>(
      database.db,
      sql`SELECT
      (SELECT id FROM orders ORDER BY id LIMIT 1 OFFSET n * 997) AS o,
      (SELECT id FROM payments ORDER BY id LIMIT 1 OFFSET n * 991) AS p FROM generate_series(0, 49) AS n`,
    )
    const write = async (i: number) => {
      const { o, p } = ids[i % ids.length]
      if (i % 2 === 0) await database.db.execute(sql`UPDATE orders SET updated_at = now() WHERE id = ${o}`)
      else await database.db.execute(sql`UPDATE payments SET updated_at = now() WHERE id = ${p}`)
      versions.invalidate() // as the app's own writes do: the next request reads the new versions
    }
    await repeated(app, authorization, 8, 200, ANALYTICS_PERIODS.map(url)) // warm-up
    collectGarbage()
    const rows: string[] = []
    const row = (clients: number, what: string, r: CachedResult) =>
      rows.push(
        `| ${kind} | ${clients} | ${what} | ${r.n} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.caches} |`,
      )
    const requests = Number(args.requests)
    for (const period of ANALYTICS_PERIODS) {
      for (const clients of [1, 8])
        row(
          clients,
          `${period} repeated (cached)`,
          await repeated(app, authorization, clients, requests, [url(period)]),
        )
    }
    row(
      8,
      '30d, 90d, 12m in turn (cached)',
      await repeated(app, authorization, 8, requests, ANALYTICS_PERIODS.map(url)),
    )
    for (const period of ANALYTICS_PERIODS) {
      for (const clients of [1, 8])
        row(
          clients,
          `${period} cold: after a write`,
          await cold(app, authorization, clients, Number(args.cold), url(period), write),
        )
    }
    await versions.close()
    return rows
  } finally {
    await database.close()
    await drop()
  }
}

const kinds = (['postgres', 'pglite'] as const).filter((k) => !args.only || args.only === k)
const table = [
  '| database | clients | requests | n | p50 ms | p99 ms | req/s | x-cache |',
  '|---|---|---|---|---|---|---|---|',
]
for (const kind of kinds) table.push(...(await bench(kind)))
console.log(`\nCommand: npx tsx bench/analytics.bench.ts ${process.argv.slice(2).join(' ')}`.trimEnd())
console.log(
  `Date: ${new Date().toISOString()}; ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
console.log(
  `\nGET /api/admin/analytics, ${args.orders} orders, ${args.requests} repeated requests per row, ${args.cold} cold rounds per row`,
)
console.log(table.join('\n'))
