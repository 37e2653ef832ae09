/**
 * Benchmark: GET /api/commission/stats over 1,000,000 orders on PostgreSQL and PGlite,
 * p50/p99 at 1 and 8 concurrent clients, repeated (served from the cache of the table versions)
 * and cold (every request after a write that invalidates the stats). Each run has its own
 * throwaway database (a random database on the PostgreSQL server at BENCH_PG_URL, dropped
 * afterwards; an in-memory PGlite).
 *
 *   npx tsx bench/commission-stats.bench.ts [--orders 1000000] [--requests 2000] [--cold 10]
 *     [--configs 200] [--only postgres|pglite] [--pool N] [--explain]
 *
 * Data: bench/orders-list-data.ts (the demo seed's 20,000 users and 800 projects with the default
 * and 15 project configurations, then the orders: ~75 % of old ones completed, 20 % referred by
 * agents, add-ons mixed), plus `--configs` more project configurations with varied rates and
 * distributions (one in five inactive: those projects fall back to the default), and one order in
 * twenty referred by a customer who is not an agent (a student referrer); then VACUUM ANALYZE.
 * Through createApp + app.request with a signed access token, table versions kept from NOTIFY as
 * `npm start` does. Cold rows: before each timed round an UPDATE of one commission configuration
 * or one order (alternating; untimed; the process is told, as after its own writes), then one
 * request (1 client) or 8 at once (the concurrent misses share one build: decision 004).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import v8 from 'node:v8'
import vm from 'node:vm'
import { sql } from 'drizzle-orm'
import { createApp } from '../server/app'
import { ensureAdmin } from '../server/bootstrap'
import { commissionStats } from '../server/db/queries/commission.queries'
import { rawRows } from '../server/db/sql'
import type { AppConfig } from '../server/deps'
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
    configs: { type: 'string', default: '200' },
    only: { type: 'string' },
    pool: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
})
v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

const STATS = '/api/commission/stats'
/** More project configurations (rates summing to 10,000 bps, every distribution, 1 in 5 inactive) and student referrers. */
async function addCommissionData(
  kind: DatabaseKind,
  database: Awaited<ReturnType<typeof createBenchDatabase>>['database'],
  configs: number,
) {
  const db = database.db
  await db.execute(sql`
    INSERT INTO commission_configs (id, project_id, project_owner_rate_bps, platform_owner_rate_bps, customizer_rate_bps,
      installation_support_rate_bps, referral_commission_rate_bps, agent_discount_bps, student_commission_bps,
      no_referral_distribution, notes, is_active)
    SELECT gen_random_uuid(), p.id, 4000 + 100 * (n % 30), 6000 - 100 * (n % 30) - 250 * (n % 7) - 50 * (n % 11) - 10 * (n % 13),
      250 * (n % 7), 50 * (n % 11), 10 * (n % 13), 100 * (n % 50), 10 * (n % 200),
      (ARRAY['equal_split', 'project_owner', 'platform_owner'])[1 + n % 3]::no_referral_distribution,
      'Bench configuration ' || n, n % 5 <> 0
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM projects
      WHERE id NOT IN (SELECT project_id FROM commission_configs WHERE project_id IS NOT NULL)) AS p
    WHERE n <= ${configs}`)
  await db.execute(
    sql`UPDATE orders SET referrer_id = user_id WHERE referrer_id IS NULL AND abs(hashtext(order_id)) % 20 = 0`,
  )
  await db.execute(sql`VACUUM ANALYZE`)
  const [row] = await rawRows<{ configs: number; completed: number; students: number; agents: number }>(
    db,
    sql`SELECT
    (SELECT count(*)::int FROM commission_configs) AS configs,
    (SELECT count(*)::int FROM orders WHERE status = 'completed') AS completed,
    (SELECT count(*)::int FROM orders o JOIN users u ON u.id = o.referrer_id WHERE o.status = 'completed' AND NOT u.is_agent) AS students,
    (SELECT count(*)::int FROM orders o JOIN users u ON u.id = o.referrer_id WHERE o.status = 'completed' AND u.is_agent) AS agents`,
  )
  console.log(
    `${kind}: ${row.configs} configurations; ${row.completed} completed orders (${row.agents} referred by agents, ${row.students} by students)`,
  )
}

async function bench(kind: DatabaseKind) {
  const { database, drop } = await createBenchDatabase(kind, {
    prefix: 'bench_commission',
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
    await addCommissionData(kind, database, Number(args.configs))
    console.log(`${kind}: seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
    const [admin] = await rawRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE lower(email) = ${BENCH_ADMIN_EMAIL}`,
    )
    const versions = new TableVersions(database.db)
    await versions.listen(database)
    const deps: AppConfig = {
      db: database.db,
      env: loadEnv({ SEED: 'none', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-commission-')) }),
      jwtSecret: new Uint8Array(32),
      mailer: { send: async () => {} },
      now: () => new Date(),
      versions,
    }
    const app = createApp(deps)
    const authorization = `Bearer ${await signAccessToken(deps.jwtSecret, admin.id, new Date())}`

    // The build alone (grouping statement + engine), and the size of its result.
    const buildStarted = performance.now()
    const stats = await commissionStats(database.db)
    const buildMs = performance.now() - buildStarted
    const [{ groups }] = await rawRows<{ groups: number }>(
      database.db,
      sql`SELECT count(*)::int AS groups FROM (SELECT DISTINCT project_id,
      referrer_id, total_amount_paise, with_customization, with_installation FROM orders WHERE status = 'completed') AS g`,
    )
    console.log(
      `${kind}: one build ${buildMs.toFixed(0)} ms, ${stats.revenue.totalOrders} completed orders in ${groups} (project, referrer, amount, add-ons) groups`,
    )
    if (args.explain && kind === 'postgres') {
      const plan = await rawRows<{ 'QUERY PLAN': string }>(
        database.db,
        sql`EXPLAIN (ANALYZE, BUFFERS) SELECT project_id, referrer_id,
        total_amount_paise, with_customization, with_installation, count(*) FROM orders WHERE status = 'completed' GROUP BY 1, 2, 3, 4, 5`,
      )
      console.log(plan.map((r) => r['QUERY PLAN']).join('\n'))
    }

    const ids = await rawRows<{ c: string; o: string }>(
      database.db,
      sql`SELECT
      (SELECT id FROM commission_configs WHERE NOT is_default ORDER BY id LIMIT 1 OFFSET n) AS c,
      (SELECT id FROM orders WHERE status = 'completed' ORDER BY id LIMIT 1 OFFSET n * 997) AS o FROM generate_series(0, 49) AS n`,
    )
    const write = async (i: number) => {
      const { c, o } = ids[i % ids.length]
      if (i % 2 === 0)
        await database.db.execute(sql`UPDATE commission_configs SET notes = ${`Bench note ${i}`} WHERE id = ${c}`)
      else await database.db.execute(sql`UPDATE orders SET updated_at = now() WHERE id = ${o}`)
      versions.invalidate() // as the app's own writes do: the next request reads the new versions
    }
    await repeated(app, authorization, 8, 200, [STATS]) // warm-up
    collectGarbage()
    const rows: string[] = []
    const row = (clients: number, what: string, r: CachedResult) =>
      rows.push(
        `| ${kind} | ${clients} | ${what} | ${r.n} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.caches} |`,
      )
    for (const clients of [1, 8])
      row(clients, 'repeated (cached)', await repeated(app, authorization, clients, Number(args.requests), [STATS]))
    for (const clients of [1, 8])
      row(clients, 'cold: after a write', await cold(app, authorization, clients, Number(args.cold), STATS, write))
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
console.log(`\nCommand: npx tsx bench/commission-stats.bench.ts ${process.argv.slice(2).join(' ')}`.trimEnd())
console.log(
  `Date: ${new Date().toISOString()}; ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
console.log(
  `\nGET ${STATS}, ${args.orders} orders, ${args.requests} repeated requests per row, ${args.cold} cold rounds per row`,
)
console.log(table.join('\n'))
